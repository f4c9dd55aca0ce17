import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{b as a}from"./chunk-3QA2B64B.js";import"./chunk-S7OZ6MN5.js";if(a(process.env)){let{post:i}=await import("./chunk-P5AVFGBX.js");await i()}
