import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-EWGLSGEJ.js";import"./chunk-E73KR6NO.js";import"./chunk-FRKOLCUF.js";import"./chunk-ATJYGB23.js";import"./chunk-R5X5IIKA.js";import"./chunk-KPKUNXGZ.js";import"./chunk-DBZQRESD.js";import"./chunk-JR75YC6C.js";import"./chunk-AYQFNSFC.js";import"./chunk-NGQCJX5W.js";import"./chunk-7GJZVP45.js";import"./chunk-VXCAMRKD.js";import"./chunk-T7AITYRJ.js";import"./chunk-S7OZ6MN5.js";export{a as planSpendLine,b as planStatusSummary};
