import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as c,b as d,c as e}from"./chunk-32Z5O2UQ.js";import"./chunk-TNFF4R53.js";import{a,b}from"./chunk-ZUZJQPEZ.js";import"./chunk-VX54ZO3E.js";export{c as createGitHubClient,b as describeApiError,a as httpStatus,d as runnerFetch,e as scrubRequests};
