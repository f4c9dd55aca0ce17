import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{$ as O,D as p,E as d,G as l,H as g,I as S,J as b,K as o,L as C,N as k,O as x,P as h,Q as R,R as L,S as $,T as j,U as y,V as M,X as q,Y as D,aa as T,da as U,ea as I,m as s}from"./chunk-WZL4Q363.js";import{h as f}from"./chunk-G2FCGLUZ.js";import{g as a}from"./chunk-NGQCJX5W.js";var v=65536,e={findingDetail:1500,reason:800,outputLines:40,outputChars:4e3,summary:2e3};function _(r,n){return`<!-- okstra:report plan=${r} stage=${n} -->`}function z(r,n,t){return r.startsWith(_(n,t))}function J(r,n={}){let t=f(r),i=x(t.findings),E=_(t.plan.id,t.stage.number),F=[s("marker",`${E}
`,{required:!0}),d(t,"###"),l(t),U(t),O(t),S(t,e),g(t),b(t,e),s("counts",`${I(t)}

`,{required:!0}),k(t,1),M(t,3),C(t,1,e),o("findings-blocking","blocking findings",3,i.blocking,e,!1),o("findings-major","major findings",4,i.major,e,!1),h(t,2,!0),R(t,5,e,!0),L(t,2,!0),o("findings-minor","minor and info findings",6,i.minor,e,!0),o("findings-refuted","refuted findings",8,i.refuted,e,!0),$(t,7,e),j(t,2),y(t,7),q(t,8),D(t,9)],c=p(t,n.fullReportUrl),N=`<sub>okstra \xB7 run ${a(t.run.id)} \xB7 full report: ${c}</sub>
`,m=n.maxChars??v,u=T(F,m,`GitHub's ${m.toLocaleString("en-US")}-character comment limit`,c,N);return{body:u.text,cuts:u.cuts}}export{v as a,z as b,J as c};
