import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as i,b as d}from"./chunk-24FRBAAH.js";import{d as S}from"./chunk-KO3SXU7V.js";import{c as f,d as $}from"./chunk-G5HACPLK.js";import{F as c,k as l}from"./chunk-Q53MZYY4.js";import{y as u}from"./chunk-F6YOH7GP.js";import{c as g}from"./chunk-NGQCJX5W.js";function w(n){return(e,s)=>Promise.all(s.map(t=>n.readFile(e,t)))}async function b(n,e){let s=await n.read(e),t=await i(w(n),s.commit,s.rows),o=t.reports.length+t.finals.length;return o>0?`
**Plan \`${e}\` spent so far** (${o} run${o===1?"":"s"}): ${u(d(t))}
`:""}async function D(n,e,s){let t=await n.read(e.id),o=l(t.rows),m=await i(w(n),t.commit,t.rows),p=$(e,o,s,S(m.reports)),y=p.map(r=>`${e.id} stage ${r.number} ${r.state}${r.detail?` \u2014 ${r.detail}`:""}`),a=(t.distrusted??[]).map(r=>c(r,e.id)),L=`${f({planId:e.id,planTitle:e.title,stages:p,spend:d(m)})}${a.length>0?`

**Ledger rows ignored** (${a.length}):

${a.map(r=>`- ${g(r)}`).join(`
`)}
`:""}`;return{lines:y,ignored:a,markdown:L}}export{b as a,D as b};
