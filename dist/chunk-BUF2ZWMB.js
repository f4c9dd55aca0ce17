import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
function s(o,t,r=Math.random){let e=Math.min(t.maxMs,t.baseMs*2**Math.min(o,30));return t.jitter==="full"?Math.floor(r()*e):Math.round(e/2+e/2*r())}import{setTimeout as m}from"node:timers/promises";async function f(o,t){for(let r=1;;r++){let e;try{e={value:await o(r)}}catch(n){e={error:n}}if(t.attempts!==void 0&&r>=t.attempts||!await t.retryable(e,r)){if("error"in e)throw e.error;return e.value}let a=t.delayMs?.(r,e)??0;a>0&&await(t.sleep??m)(a)}}export{s as a,f as b};
