import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g,h}from"./chunk-FNGT4FHZ.js";import"./chunk-S7OZ6MN5.js";export{c as checkCarry,g as checkConfigDocument,b as checkFinalReport,d as checkVerifierResult,h as formatSchemaProblem,a as schemaCompileCount,f as validateFinalVerificationReport,e as validatePlanReviewReport};
