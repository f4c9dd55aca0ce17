import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
function g(n){return n>=55296&&n<=56319}function f(n){return n>=56320&&n<=57343}function s(n,t){return t>=n.length?n:t<=0?"":g(n.charCodeAt(t-1))?n.slice(0,t-1):n.slice(0,t)}function h(n,t,r="\u2026"){return n.length<=t?n:t<=r.length?s(r,t):`${s(n,t-r.length)}${r}`}function b(n,t,r){let u=n.replace(/\n+$/,"").split(`
`),e=u.length,o=0;for(;e>0&&u.length-e<t;){let l=(u[e-1]??"").length+1;if(o+l>r&&e<u.length)break;o+=l,e-=1}let i=u.slice(e).join(`
`);if(i.length>r){let l=i.length-r;f(i.charCodeAt(l))&&(l+=1),i=`\u2026${i.slice(l)}`}return e>0?`\u2026 (${e} earlier line${e===1?"":"s"} not shown)
${i}`:i}export{h as a,b};
