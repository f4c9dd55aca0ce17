import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
function u(t){return typeof t=="object"&&t!==null&&"status"in t&&typeof t.status=="number"?t.status:null}function e(t){let n=u(t),s=t instanceof Error?t.message:String(t);return n===null?s:`HTTP ${n}: ${s.split(`
`)[0]}`}export{u as a,e as b};
