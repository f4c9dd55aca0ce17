import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g,h,i}from"./chunk-GMV7KKUW.js";import"./chunk-S7OZ6MN5.js";export{d as checkCarry,h as checkConfigDocument,c as checkFinalReport,e as checkVerifierResult,i as formatSchemaProblem,a as schemaCompileCount,g as validateFinalVerificationReport,f as validatePlanReviewReport,b as warmStageChecks};
