import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-BDB32RSV.js";import"./chunk-PL7HNCRO.js";import"./chunk-3JWYWNF5.js";import"./chunk-ATJYGB23.js";import"./chunk-UJ4W4VO5.js";import"./chunk-Q5I7AZ7Q.js";import"./chunk-DBZQRESD.js";import"./chunk-67X255CE.js";import"./chunk-JY4WAFCK.js";import"./chunk-NGQCJX5W.js";import"./chunk-7GJZVP45.js";import"./chunk-VXCAMRKD.js";import"./chunk-T7AITYRJ.js";import"./chunk-S7OZ6MN5.js";export{a as planSpendLine,b as planStatusSummary};
