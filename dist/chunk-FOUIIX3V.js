import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-5T7OMGQB.js";import"./chunk-PJD55UHS.js";export{a as postComment,b as removeLabel};
