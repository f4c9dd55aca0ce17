import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-RUINC76V.js";import"./chunk-A4KXU56J.js";import"./chunk-FYK5LK2R.js";import"./chunk-DWMBLFIB.js";import"./chunk-WEU4ORGE.js";import"./chunk-S42C2UK7.js";import"./chunk-CVPMQ2RB.js";import"./chunk-WZL4Q363.js";import"./chunk-G2FCGLUZ.js";import"./chunk-NGQCJX5W.js";import"./chunk-SURBZZJR.js";import"./chunk-KMIA6CLU.js";import"./chunk-T7AITYRJ.js";import"./chunk-S7OZ6MN5.js";export{a as planSpendLine,b as planStatusSummary};
