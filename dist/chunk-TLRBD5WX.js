import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{d as a}from"./chunk-5H2SUWAP.js";import"./chunk-S7OZ6MN5.js";export default a();
