import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
var e=class extends Error{constructor(r,n){super(r);this.phase=n;this.name="EngineError"}phase};export{e as a};
