import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as t}from"./chunk-C2PZQ2ZT.js";import{b as o,f as c}from"./chunk-PETBE7J6.js";import{a as e}from"./chunk-SXKJ7C5G.js";import"./chunk-DI52Z53M.js";import"./chunk-T7AITYRJ.js";import"./chunk-S7OZ6MN5.js";function n(){try{t(c(),process.env)}catch(r){o(e(r instanceof Error?r.message:String(r)))}}export{n as cliCacheKeyStep};
