import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{c as s}from"./chunk-OXCY7P2P.js";function u(r,n){return`okstra: ${r} \xB7 stage ${n}`}var o=/^okstra: (\S+) · stage ([1-9][0-9]{0,3})$/;function l(r){let n=o.exec(r);if(!n)return null;let t=n[1],e=Number(n[2]);return s(t)!==null||u(t,e)!==r?null:{planId:t,stage:e}}export{u as a,l as b};
