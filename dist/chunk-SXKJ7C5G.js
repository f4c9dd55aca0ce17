import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
var r="okstra: ";function e(s){let t=s;for(;t.startsWith(r);)t=t.slice(r.length);return`${r}${t}`}export{e as a};
