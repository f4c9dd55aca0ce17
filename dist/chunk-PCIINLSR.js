import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{D,E as O,d as s,g as l,h as d,i as n,j as g,l as S,m as C,n as b,o as x,p as k,q as R,r as h,s as L,t as $,v as y,w as M,z as q}from"./chunk-SIHDJAN6.js";import{b as a}from"./chunk-EOU4LKT3.js";import{F as f}from"./chunk-F6YOH7GP.js";import{g as p}from"./chunk-NGQCJX5W.js";var _=65536,e={findingDetail:1500,reason:800,outputLines:40,outputChars:4e3,summary:2e3};function T(o,r){return`<!-- okstra:report plan=${o} stage=${r} -->`}function W(o,r,t){return o.startsWith(T(r,t))}function w(o,r={}){let t=a(o),i=C(t.findings),U=T(t.plan.id,t.stage.number),j=[s("marker",`${U}
`,{required:!0}),...D(t,"###",e),l(t),d(t,e),s("counts",`${O(t)}

`,{required:!0}),S(t,1),$(t,3),g(t,1,e),n("blocking",i,3,e,!1),n("major",i,4,e,!1),b(t,2,!0),x(t,5,e,!0),k(t,2,!0),n("minor",i,6,e,!0),n("refuted",i,8,e,!0),R(t,7,e),h(t,2),L(t,7),y(t,8),M(t,9)],c=f(t,r.fullReportUrl),I=`<sub>okstra \xB7 run ${p(t.run.id)} \xB7 full report: ${c}</sub>
`,m=r.maxChars??_,u=q(j,m,`GitHub's ${m.toLocaleString("en-US")}-character comment limit`,c,I);return{body:u.text,cuts:u.cuts}}export{_ as a,T as b,W as c,w as d};
