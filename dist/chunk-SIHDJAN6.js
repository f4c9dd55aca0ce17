import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{b as K}from"./chunk-KPAE4AEH.js";import{b as H}from"./chunk-EOU4LKT3.js";import{A as se,B as ae,D as T,E as ce,F as ue,a as p,c as E,f as R,h as X,i as Z,m as ee,n as te,o as ne,p as oe,q as re,r as k,s as x,v as ie,w,x as N,z as F}from"./chunk-F6YOH7GP.js";import{a as m,b as C}from"./chunk-FI4MA526.js";import{b as J,c,d as L,e as v,f as Y,g as f}from"./chunk-NGQCJX5W.js";import{a as z}from"./chunk-KMAU2FOJ.js";function _(e){return{count:e.length,item:t=>e[t]??""}}function O(e){return`
_\u2026 ${e.toLocaleString("en-US")} more not shown here (limit reached; see the full report)._
`}function Fe(e){return Array.from({length:e.count},(t,n)=>e.item(n))}function Ie(e,t){let n=[],o=e.head.length+e.tail.length;for(let r=0;r<e.count;r+=1){let i=e.item(r);if(o+i.length>t)break;n.push(i),o+=i.length}if(n.length===e.count&&o<=t)return{items:n,used:o,whole:!0};for(;n.length>0&&o+O(e.count-n.length).length>t;)o-=(n.pop()??"").length;return n.length===0?null:{items:n,used:o+O(e.count-n.length).length,whole:!1}}function le(e,t,n=0){let o=new Map,r=t-n;for(let l of e){if(!l.required)continue;let d=Fe(l);o.set(l,d),r-=l.head.length+l.tail.length+d.reduce((b,$)=>b+$.length,0)}let i=e.filter(l=>!l.required).sort((l,d)=>l.priority-d.priority);for(let l of i){let d=Ie(l,r),b=l.count===0&&l.head.length+l.tail.length===0;if(d===null){if(!b)break;continue}if(o.set(l,d.items),r-=d.used,!d.whole)break}let s=[],a=[];for(let l of e){let d=o.get(l),b={id:l.id,label:l.label,counted:l.counted??!1,total:l.count};if(d===void 0){(l.count>0||l.head.length+l.tail.length>0)&&a.push({...b,shown:0});continue}let $=l.count-d.length;$>0&&a.push({...b,shown:d.length}),s.push(l.head),z(s,d),s.push($>0?O($):"",l.tail)}return{text:s.join(""),cuts:a}}function rt(e,t,n,o,r=[],i="",s=!1){return{id:e,label:t,priority:n,head:o,tail:i,required:s,counted:r.length>0,..._(r)}}var Ce={findingDetail:Number.POSITIVE_INFINITY,reason:Number.POSITIVE_INFINITY,outputLines:Number.POSITIVE_INFINITY,outputChars:Number.POSITIVE_INFINITY,summary:Number.POSITIVE_INFINITY},y=" \u2026 (cut)",I=200;function u(e,t,n,o,r,i="",s=!1){let a="count"in r?r:_(r);return{id:e,label:t,priority:n,head:o,tail:i,required:s,count:a.count,item:a.item}}function g(e,t,n={}){return u(e,e,n.priority??0,t,[],"",n.required??!1)}function S(e){return{...e,counted:!0}}function h(e,t){return{head:`${X(e)}${t}`,tail:`
</details>

`}}function D(e,t){let n=e.run,o=[`attempt ${n.attempt}`,re(n.trigger),x(n.durationMs),`${f(m(e.git.branch,200,"\u2026"))} ${k(e.git.baseCommit)}..${k(e.git.headCommit)}${e.git.reusedBranch?" (fix run on the preserved branch)":""}`],r=`${t} ${oe(e)} \u2014 ${ce(e)}

${o.join(" \xB7 ")}

`;return u("headline","headline",0,r,[],"",!0)}var de="\u26A0\uFE0F **Agents ran with okstra's own privileges (isolation: none): they could read the run's secrets.**";function M(e){let t=e.isolation;return t?t.mode==="none"?u("isolation","isolation statement",0,`${de}

`,[],"",!0):u("isolation","isolation statement",1,`\u{1F512} **Isolation:** ${c(m(t.detail,300,"\u2026"))}

`,[]):u("isolation","isolation statement",1,"",[])}function q(e){let t=e.usage.budgetExceeded;if(!t)return u("budget","budget refusal",0,"",[]);let n=`the ${t.scope} budget (${f(`budgets.${t.scope}`)}) of ${c(m(t.limit,100,"\u2026"))}`,o=c(m(t.spent,100,"\u2026")),i=`\u{1F4B8} **Budget exceeded:** ${t.reservation?`${n} had ${c(m(t.headroom??"unknown",100,"\u2026"))} left with ${o} spent; the model gateway refused a request of ${c(t.worker)} that could have cost ${c(m(t.reservation,100,"\u2026"))}`:`${n} was reached with ${o} spent; the model gateway refused the next request of ${c(t.worker)}`}.

`;return u("budget","budget refusal",0,i,[],"",!0)}function U(e,t){let n=e.verdict.reasons.map(o=>`- ${c(m(o,t.reason,y))}
`);return S(u("reasons","verdict reasons",0,n.length>0?`**Why:**

`:"",n,n.length>0?`
`:""))}function P(e,t){let n=e.stageSidecarEvidence,o="withheld"in n?`**Carry withheld** \u2014 \`carry/stage-${n.stageNumber}.json\` was not written: ${c(m(n.withheld,t.reason,y))}

`:`**Carry written** to ${f(n.carryPath)}.

`;return u("carry","carry outcome",0,o,[],"",!0)}function me(e,t){let n=e.disposition==="standing"?"":` (${e.disposition})`,o=`- **${e.severity}**${n} \xB7 ${f(e.id)} \xB7 **${c(m(e.title,t.reason,y))}** \u2014 ${se(e)} \xB7 ${ae(e)}
`,r=e.detail.trim()===""?"":`
${E(L(m(e.detail,t.findingDetail,y)),"  ")}

`;return`${o}${r}`}var Le={blocking:"blocking findings",major:"major findings",minor:"minor and info findings",refuted:"refuted findings"};function j(e,t,n,o,r){let i=`findings-${e}`,s=Le[e],a=t[e];if(a.length===0)return u(i,s,n,"",[]);let l=[...a].sort(ee),d={count:l.length,item:$=>me(l[$],o)},b=`${s[0]?.toUpperCase()??""}${s.slice(1)} (${p(l.length)})`;if(r){let $=h(b,"");return S(u(i,s,n,$.head,d,$.tail))}return S(u(i,s,n,`**${b}**

`,d,`
`))}function Ne(e,t,n){let o=e.errors.map(r=>`- ${r.at} \xB7 ${c(r.phase)}: ${c(m(r.message,n.reason,y))}
`);return S(u("errors","run errors",t,o.length>0?`**Run errors (${o.length})**

`:"",o,o.length>0?`
`:""))}function Te(e,t){let n=e.role==="reverify"?`re-verify of ${f(e.findingId??"?")}`:e.role,o=`- **${c(e.worker)}** (${n}) \u2014 ${F(e.status,e.upstreamError,I)}: ${c(m(e.failure.reason,t.reason,y))}
`;if(e.failure.stderrTail.trim()==="")return`${o}  _No stderr output._

`;let r=C(e.failure.stderrTail,t.outputLines,t.outputChars);return`${o}
  <details><summary>last lines of stderr</summary>

${E(v(r),"  ")}

  </details>

`}function je(e,t,n){let o=K(e);if(o.length===0)return u("failures","workers without a result",t,"",[]);let r=o.map(i=>Te(i,n));return S(u("failures","workers without a result",t,`**Workers without a result (${o.length})**

`,r,`
`))}function B(e,t){let n=e.remainingQueue,o=n.length===0?"":`**Remaining queue:** ${n.map(r=>`stage ${r}`).join(", ")}.

`;return u("queue","remaining queue",t,o,[])}function W(e){let t={blocking:[],major:[],minor:[],refuted:[]};for(let n of e)n.disposition==="refuted"?t.refuted.push(n):n.severity==="blocking"?t.blocking.push(n):n.severity==="major"?t.major.push(n):t.minor.push(n);return t}function Ae(e){let t=e.exitCode===null?"killed":String(e.exitCode);return`| ${e.passed?"\u2705":"\u274C"} | ${e.source} | ${c(e.label)||"\u2014"} | ${f(e.cmd,{inTable:!0})} | ${t} | ${x(e.durationMs)} |
`}function Ee(e,t,n){let o=e.qa.length,r=`QA commands (${T(e)})`,i=R(["","source","label","command","exit","time"]),s=e.qa.map(Ae);if(o===0)return u("qa","QA results",t,`**${r}**

`,[]);if(n){let a=h(r,i);return u("qa","QA results",t,a.head,s,a.tail)}return u("qa","QA results",t,`**${r}**

${i}`,s,`
`)}function Oe(e,t,n,o){let i=e.qa.filter(a=>(!o||!a.passed)&&a.outputTail.trim()!=="").map(a=>{let l=a.exitCode===null?"killed":`exit ${a.exitCode}`,d=C(a.outputTail,n.outputLines,n.outputChars);return Z(`${c(m(a.label||a.cmd,200,"\u2026"))} \u2014 ${l}`,v(d))}),s=o?"output of failed QA commands":"QA output";return u("qa-output",s,t,i.length>0?`**${s[0]?.toUpperCase()}${s.slice(1)}**

`:"",i,i.length>0?`
`:"")}function fe(e){let t=`${e.evidenceRead.length} file${e.evidenceRead.length===1?"":"s"}`,n=e.evidence==="events"?" (tool events)":e.evidence==="self-reported"?" (self-reported)":"",o=e.unreadCitations??[],r=o.slice(0,3).map(s=>f(s,{inTable:!0})).join(", "),i=o.length>3?` and ${o.length-3} more`:"";return`${t}${n}${o.length>0?`; cited unopened: ${r}${i}`:""}`}function _e(e,t,n){let o=R(["worker","status","verdict","findings","evidence read","time","usage"]),r=e.verifiers.map(a=>`| ${c(a.worker)} | ${F(a.status,a.upstreamError,I)} | ${a.verdict??"\u2014"} | ${a.findings.length} | ${fe(a)} | ${x(a.durationMs)} | ${w(a.usage)} |
`),i=e.verifiers.map(a=>a.verdict??a.status).join(", "),s=`Verifiers (${e.verifiers.length}${i?`: ${i}`:""})`;if(r.length===0)return u("verifiers","verifiers",t,`**Verifiers:** none ran.

`,[]);if(n){let a=h(s,o);return u("verifiers","verifiers",t,a.head,r,a.tail)}return u("verifiers","verifiers",t,`**${s}**

${o}`,r,`
`)}function De(e,t,n){let o=e.executor,r=o.commits.map(a=>`- ${f(k(a.sha))} ${c(a.subject)}
`),i=o.summary.trim()===""?"_No summary._":L(m(o.summary,n.summary,y)),s=h(`Executor: ${c(o.worker)} \u2014 ${F(o.status,o.upstreamError,I)}, ${x(o.durationMs)}, ${o.commits.length} commit${o.commits.length===1?"":"s"}`,`${i}

Usage: ${w(o.usage)}

`);return u("executor","executor summary and commits",t,s.head,r,s.tail)}function Me(e,t){let n=e.convergence,o=`**Convergence:** ${n.rounds} round${n.rounds===1?"":"s"}, ${n.disputed} disputed, ${n.resolved} resolved.`;if(e.critic){let r=e.critic;o+=` **Critic:** ${c(r.worker)} \u2014 ${F(r.status,r.upstreamError,I)}, ${r.gaps} gap${r.gaps===1?"":"s"}${r.evidence?`, evidence ${fe(r)}`:""}.`}return u("convergence","convergence",t,`${o}

`,[])}function qe(e,t){let n=e.git,o=`${n.diffStat.filesChanged} files changed, +${p(n.diffStat.insertions)} \u2212${p(n.diffStat.deletions)}`,r=n.outOfPlanFiles.map(s=>`- ${f(s)}
`),i=`**Diff:** ${o} (${f(`${k(n.baseCommit)}..${k(n.headCommit)}`)})${r.length>0?`; ${r.length} outside the plan's files:`:"."}

`;return u("git","diff stat and files outside the plan",t,i,r,r.length>0?`
`:"")}function V(e,t){let n=e.usage.workers;if(n.length===0)return u("usage","usage per worker",t,"",[]);let o=n.map(r=>`- ${c(r.worker)}: ${w(r)}
`);return S(u("usage","usage per worker",t,`**Usage by worker**

`,o,`
`))}function Ue(e){let t=e.refused?`refused (${e.refused})`:e.status===null?"no response":String(e.status),n=e.cachedInputTokens+e.cacheWriteTokens>0?` (${p(e.cachedInputTokens)} cached, ${p(e.cacheWriteTokens)} cache write)`:"",o=e.firstByteMs===null?"\u2014":x(Math.round(e.firstByteMs));return`| ${c(e.worker)} | ${c(e.role)} | ${e.model?f(m(e.model,80,"\u2026"),{inTable:!0}):"\u2014"} | ${f(m(e.path,120,"\u2026"),{inTable:!0})} | ${t} | ${p(e.inputTokens)} in${n} / ${p(e.outputTokens)} out | ${e.billing==="subscription"?"subscription":ie(e.costUsd,!0)} | ${x(Math.round(e.durationMs))} | ${o} | ${e.retries} |
`}function Pe(e,t){let n=e.usage.requests??[];if(n.length===0)return u("requests","model requests",t,"",[]);let o=R(["worker","role","model","path","status","tokens","cost","time","first byte","retries"]),r=h(`Model requests (${p(n.length)}, metered by okstra's gateway)`,o);return S(u("requests","model requests",t,r.head,{count:n.length,item:i=>Ue(n[i])},r.tail))}function Be(e,t){let n=R(["roster name","function","provider","model","usage"]),o=new Map(e.usage.workers.map(s=>[s.worker,s])),r=e.roster.map(s=>`| ${c(s.name)} | ${s.function} | ${s.provider} | ${s.model?f(s.model,{inTable:!0}):"\u2014"} | ${w(o.get(s.name)??null)} |
`),i=h(`Roster and usage (total ${N(e)})`,n);return u("roster","roster and usage",t,i.head,r,i.tail)}function We(e,t){let n=e.progress.map(a=>`${a.at}  ${J(a.line)}
`),o=e.activity,r=o?`Worker activity: ${o.events} event${o.events===1?"":"s"}${o.droppedEvents>0?` (${o.droppedEvents} more left out at the size bound)`:""} in ${f(o.path)} on the ledger branch.

`:"";if(n.length===0)return u("progress","progress checkpoints",t,r,[]);let i=Y(n.join("")),s=h(`Progress checkpoints (${n.length})`,`${i}text
`);return S(u("progress","progress checkpoints",t,`${r}${s.head}`,n,`${i}
${s.tail}`))}function Ve(e,t){let n=e.stageSidecarEvidence.carryJson;if(n===null)return u("carry-json","carry JSON",t,"",[]);let o=h("Stage Carry Evidence JSON",`${v(n,"json")}
`);return u("carry-json","carry JSON",t,o.head,[],o.tail)}function Qe(e,t){let n=e.ledgerRow,o=n===null?`_No terminal ledger row was appended._
`:`${v(JSON.stringify(n),"json")}
`,r=h(`Ledger row (${n?.status??"none"})`,o);return u("ledger-row","ledger row",t,r.head,[],r.tail)}var Ge=300;function Je(e){let t=e.replacedBy===null?"no fallback was left":`${e.replacedBy} took over`;return`${e.worker} (${e.function}) could not work: ${m(e.reason.replace(/\s+/g," "),Ge,"\u2026")}; ${t}`}function Ye(e){return(e.fallbacks??[]).map(Je)}function pe(e){let t=Ye(e);if(t.length===0)return g("fallbacks","",{priority:1});let n=t.map(o=>`- ${c(o)}
`).join("");return g("fallbacks",`\u{1F501} **Providers unavailable:**

${n}
`,{required:!0})}function ge(e,t,n){if(e.length===0)return"";let o=e.map(r=>!r.counted||r.total===0?r.label:r.shown===0?`${r.label} (all ${p(r.total)})`:`${r.label} (${p(r.total-r.shown)} of ${p(r.total)})`).join("; ");return`> [!NOTE]
> Shortened to fit ${t}. Left out: ${o}. Everything is in ${n}.

`}function he(e,t,n,o,r){let i=e.filter(d=>!d.required).map(d=>({id:d.id,label:d.label,counted:d.counted??!1,shown:d.count,total:d.count})),s=ge(i,n,o).length+r.length,a=le(e,t,s),l=`${a.text}${ge(a.cuts,n,o)}${r}`;return{text:m(l,t,`

\u2026 (cut at the limit)
`),cuts:a.cuts}}var Q=10;function $e(e,t){let n=e.evidence,o=e.git.outOfPlanFiles;if(!n)return g("evidence","",{priority:t});let r=[...e.qa.map(i=>`- tests of ${c(i.label||i.cmd)}: ${He(i.tests??null)}`),`- red, then green: ${ze(n)}`,...n.problems.map(i=>`- \u26D4 ${c(i.label)}: ${c(i.detail)}`),...o.length>0?[`- changed outside its plan: ${Se(o).slice(2)}`]:[]];return g("evidence",`**What okstra checked itself**

${r.join(`
`)}

`,{priority:t})}function He(e){return e===null?"tests not counted":`${e.run} ran: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped (${e.format})`}function ze(e){switch(e.outcome){case"red-green":return e.redAtBase.length>0?`failed at the base${Se(e.redAtBase)}; pass at the head`:"a QA command failed at the base; all pass at the head";case"no-red":return"\u26D4 nothing failed at the base with the stage\u2019s tests laid over it";case"kept":return"not asked (`tdd: none`); no test was lost";case"not-checked":return"not checked (QA failed at the head)"}}function Se(e){return e.length===0?"":`: ${e.slice(0,Q).map(n=>f(n)).join(", ")}${e.length>Q?` and ${e.length-Q} more`:""}`}function be(e,t){let n=e.errorAnalysis??[];if(n.length===0)return g("error-analysis","",{priority:t});let o=n.map(r=>`- **${c(r.rule)}**: ${c(r.observed)} \u2192 ${c(r.next)}`);return g("error-analysis",`**What the fix run starts from**

${o.join(`
`)}

`,{priority:t})}var xe="single-vendor verification",ke={claude:"Anthropic",codex:"OpenAI",gemini:"Google"};function G(e){let t=(e??"").toLowerCase().replace(/^[a-z0-9-]+\//,"");return/^claude\b/.test(t)?"claude":/^(gpt|codex|o\d)/.test(t)?"codex":/^gemini\b/.test(t)?"gemini":null}function ye(e){return e.provider==="command"?`command:${e.name}`:e.provider==="copilot"?G(e.model)??`copilot:${e.model??e.name}`:e.provider}function Ke(e){if(e.provider==="command")return e.name;if(e.provider!=="copilot")return e.provider;let t=G(e.model);return t?`${ke[t]} models`:`Copilot CLI's ${e.model??"default"} model`}function Re(e){let t=e.find(r=>r.function==="executor"),n=e.filter(r=>r.function==="verifier");if(!t||n.length===0)return null;let o=ye(t);return n.every(r=>ye(r)===o)?Ke(t):null}function Xe(e,t){return`the executor and every verifier are ${e} (the verifiers in fresh read-only sessions), so no other vendor's model checked this work; add another vendor's API key and list it under ${t} in .okstra/config.yml for cross-vendor verification`}function ve(e){let t=e.provider==="copilot"?G(e.model):null;return t?`${e.name} (${ke[t]}'s ${e.model??""})`:e.name}function Ze(e){let t=e.find(o=>o.function==="executor"),n=e.filter(o=>o.function==="verifier");return!t||Re(e)!==null||n.length===0||![t,...n].some(o=>o.provider==="copilot")?null:`cross-vendor verification: ${ve(t)} executed; ${n.map(ve).join(", ")} verified`}function we(e){let t=Re(e.roster);if(t===null){let r=Ze(e.roster),i=r===null?"":`${c(r.charAt(0).toUpperCase()+r.slice(1))}.

`;return g("single-vendor",i,{priority:1})}let o=`\u26A0\uFE0F **${xe.charAt(0).toUpperCase()+xe.slice(1)}:** ${Xe(c(t),f("verifiers:"))}.

`;return g("single-vendor",o,{required:!0})}var A={findingDetail:600,reason:500,outputLines:20,outputChars:2e3,summary:1e3};function et(e,t,n){return[D(e,t),M(e),we(e),pe(e),U(e,n)]}function tt(e){let t=e.verifiers.map(n=>n.verdict??n.status);return[`**Findings:** ${ne(te(e.findings))}`,`**QA:** ${T(e)}`,`**Verifiers:** ${t.length>0?t.join(", "):"none"}`,`**Usage:** ${N(e)}`].join(" \xB7 ")}function en(e,t={}){return nt(H(e),t)}function nt(e,t={}){let n=W(e.findings),o=[...et(e,"###",A),$e(e,1),be(e,1),q(e),P(e,A),g("counts",`${tt(e)}

`,{required:!0}),B(e,1),V(e,3),j("blocking",n,1,A,!1),j("major",n,2,A,!1)],r=ue(e,t.fullReportUrl),i=he(o,t.maxChars??65535,"the summary limit",r,"");return{markdown:i.text,cuts:i.cuts}}export{le as a,rt as b,Ce as c,g as d,D as e,de as f,q as g,P as h,j as i,Ne as j,je as k,B as l,W as m,Ee as n,Oe as o,_e as p,De as q,Me as r,qe as s,V as t,Pe as u,Be as v,We as w,Ve as x,Qe as y,he as z,$e as A,be as B,A as C,et as D,tt as E,en as F,nt as G};
