import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a,b}from"./chunk-H52BNBQY.js";import"./chunk-ZUZJQPEZ.js";import"./chunk-VX54ZO3E.js";export{a as postComment,b as removeLabel};
