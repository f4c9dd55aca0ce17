import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as c,b as d,c as e}from"./chunk-ZIZTMHM3.js";import"./chunk-OQENPPXW.js";import"./chunk-VHJGMA3J.js";import{a,b}from"./chunk-ZUZJQPEZ.js";import"./chunk-S7OZ6MN5.js";export{c as createGitHubClient,b as describeApiError,a as httpStatus,d as runnerFetch,e as scrubRequests};
