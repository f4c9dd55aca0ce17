import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
function r(o,e){for(let n of e)o.push(n);return o}export{r as a};
