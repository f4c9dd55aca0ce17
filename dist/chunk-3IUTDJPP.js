import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-H52BNBQY.js";import"./chunk-ZUZJQPEZ.js";import"./chunk-S7OZ6MN5.js";export{a as postComment,b as removeLabel};
