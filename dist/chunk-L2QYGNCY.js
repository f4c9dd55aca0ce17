import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as c,b as d}from"./chunk-4JBMU6E4.js";import{e as a,f as b}from"./chunk-PJD55UHS.js";export{c as createGitHubClient,b as describeApiError,a as httpStatus,d as scrubRequests};
