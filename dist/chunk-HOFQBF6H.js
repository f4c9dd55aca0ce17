import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-ZGHQLYRU.js";import"./chunk-LXBLV6DW.js";import"./chunk-FFIZT4YA.js";import"./chunk-SW527NQ4.js";import"./chunk-XKWEA725.js";import"./chunk-LAOJ5LBZ.js";import"./chunk-YJKR6HFW.js";import"./chunk-NIQVTTTW.js";import"./chunk-ZZTUA5EZ.js";import"./chunk-NGQCJX5W.js";import"./chunk-QAGK343F.js";import"./chunk-TL7ZNXWM.js";import"./chunk-T7AITYRJ.js";import"./chunk-S7OZ6MN5.js";export{a as planSpendLine,b as planStatusSummary};
