import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{performance as e}from"node:perf_hooks";var o=process.env.OKSTRA_TIMINGS==="1";function l(){return o}function i(n,t){let r=e.now().toFixed(1),s=process.cpuUsage(),u=((s.user+s.system)/1e3).toFixed(1);process.stderr.write(`okstra-timing ${r} ${n} ${t===null?"-":t.toFixed(1)} cpu ${u}
`)}function m(n){o&&i(n,null)}async function a(n,t){if(!o)return t();let r=e.now();try{return await t()}finally{i(n,e.now()-r)}}export{l as a,m as b,a as c};
