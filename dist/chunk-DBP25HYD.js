import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{c as S,d,e as m}from"./chunk-U532AUQV.js";import{a as f,b as $}from"./chunk-QWXFQYUC.js";import{F as c,k as l}from"./chunk-Q53MZYY4.js";import{y as u}from"./chunk-F6YOH7GP.js";import{c as g}from"./chunk-NGQCJX5W.js";function w(n){return(e,s)=>Promise.all(s.map(t=>n.readFile(e,t)))}async function b(n,e,s){let t=await n.read(e,s!==void 0?{tip:s}:{}),o=await d(w(n),t.commit,t.rows),i=o.reports.length+o.finals.length;return i>0?`
**Plan \`${e}\` spent so far** (${i} run${i===1?"":"s"}): ${u(m(o))}
`:""}async function D(n,e,s){let t=await n.read(e.id),o=l(t.rows),i=await d(w(n),t.commit,t.rows),p=$(e,o,s,S(i.reports)),y=p.map(r=>`${e.id} stage ${r.number} ${r.state}${r.detail?` \u2014 ${r.detail}`:""}`),a=(t.distrusted??[]).map(r=>c(r,e.id)),L=`${f({planId:e.id,planTitle:e.title,stages:p,spend:m(i)})}${a.length>0?`

**Ledger rows ignored** (${a.length}):

${a.map(r=>`- ${g(r)}`).join(`
`)}
`:""}`;return{lines:y,ignored:a,markdown:L}}export{b as a,D as b};
