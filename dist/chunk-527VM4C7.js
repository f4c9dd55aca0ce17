import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b,c,d}from"./chunk-PCIINLSR.js";import"./chunk-SIHDJAN6.js";import"./chunk-KPAE4AEH.js";import"./chunk-EOU4LKT3.js";import"./chunk-F6YOH7GP.js";import"./chunk-FI4MA526.js";import"./chunk-NGQCJX5W.js";import"./chunk-KMAU2FOJ.js";import"./chunk-S7OZ6MN5.js";export{a as GITHUB_COMMENT_LIMIT,c as isReportComment,d as renderComment,b as reportCommentMarker};
