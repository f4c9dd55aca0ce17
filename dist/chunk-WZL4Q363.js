import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{e as m,f as F,g as Fe,h as O}from"./chunk-G2FCGLUZ.js";import{b as ve,c as u,d as N,e as y,f as Re,g as f,i as U,j as A}from"./chunk-NGQCJX5W.js";import{l as we}from"./chunk-KMIA6CLU.js";function p(e){return e.toLocaleString("en-US")}function Pt(e,t){return`${p(e)} ${t}${e===1?"":"s"}`}function H(e,t="  "){return e.split(`
`).map(n=>n===""?"":`${t}${n}`).join(`
`)}function et(e){return e.split(`
`).map(t=>t===""?">":`> ${t}`).join(`
`)}function Bt(e){return e===""?"> (empty)":et(e)}function w(e){return`|${e.map(n=>n===""?" ":` ${n} `).join("|")}|
|${e.map(()=>" --- ").join("|")}|
`}function Vt(e){return`| ${e.join(" | ")} |
`}function J(e){return`<details><summary>${e}</summary>

`}function Ce(e,t){return`${J(e)}${t}

</details>
`}function Qt(e,t){let n=t===null?null:A(t);return n===null?null:`[${e}](${n})`}function G(e){return e.inputTokens+e.outputTokens}function K(e){return e.costUsd===null?G(e)===0:e.costComplete!==!1}function Te(e){let{total:t,workers:n,requests:r,metered:o}=e.usage,i=n.every(K),a=G(t)===0&&(o==="gateway"||n.length>0),s=t.costUsd===null?a&&i:t.costComplete!==!1&&i;return{usd:t.costUsd??(s?0:null),complete:s,unknownFor:s?[]:tt(n,r)}}function tt(e,t){let n=(t??[]).filter(r=>r.costUsd===null&&r.refused===void 0&&G(r)>0).map(r=>r.model??`${r.provider} (no model named)`);return n.length>0?[...new Set(n)]:e.filter(r=>!K(r)).map(r=>r.worker)}function Ie(e){return{usd:e.costUsd,complete:K(e)}}var nt=["blocking","major","minor","info"],Le={blocking:0,major:1,minor:2,info:3};function z(e){return e.disposition!=="refuted"}var rt=new Intl.Collator("en",{numeric:!0});function D(e,t){return Le[e.severity]-Le[t.severity]||+(t.disposition==="confirmed")-+(e.disposition==="confirmed")||rt.compare(e.id,t.id)}function M(e){let t={blocking:0,major:0,minor:0,info:0};for(let n of e)z(n)&&(t[n.severity]+=1);return t}function Ee(e){return nt.map(t=>`${e[t]} ${t}`).join(", ")}function _e(e){let{value:t,runStatus:n}=e.verdict;return n==="contract-violated"?"\u26A0\uFE0F FAIL (contract violated)":n==="error"?"\u{1F4A5} FAIL (run error)":n==="unavailable"?"\u23F8\uFE0F NO VERDICT (provider unavailable)":t==="FAIL"&&X(e)?"\u274C FAIL (budget exceeded)":t==="PASS"?"\u2705 PASS":"\u274C FAIL"}function v(e){return e.slice(0,7)}function b(e){if(e<1e3)return`${e} ms`;let t=Math.round(e/1e3),n=Math.floor(t/3600),r=Math.floor(t%3600/60),o=t%60;return n>0?`${n}h ${String(r).padStart(2,"0")}m`:r>0?`${r}m ${String(o).padStart(2,"0")}s`:`${o}s`}function X(e){return e.usage.budgetExceeded!==void 0||[e.executor.status,...e.verifiers.map(t=>t.status),e.critic?.status].includes("budget-exceeded")}function Ae(e){return e>0&&e<.01?`$${e.toFixed(4)}`:`$${e.toFixed(2)}`}function E(e,t){return e===null?"cost unknown":t?Ae(e):`\u2265 ${Ae(e)}`}function C(e){if(!e)return"not reported";let t=`${p(e.inputTokens)} in / ${p(e.outputTokens)} out`;if(e.billing==="subscription")return`${t} \xB7 subscription`;let n=Ie(e);return`${t} \xB7 ${E(n.usd,n.complete)}`}function q(e){let t=e.usage.total,n=Te(e),r=`${p(t.inputTokens)} in / ${p(t.outputTokens)} out`,o=n.usd!==null&&n.unknownFor.length>0?` (cost unknown for ${n.unknownFor.map(a=>u(m(a,80,"\u2026"))).join(", ")})`:"",i=e.usage.metered==="gateway"?", metered by okstra":e.usage.metered==="self-reported"?", as the agent CLIs reported":"";return`${r} \xB7 ${E(n.usd,n.complete)}${o}${i}`}function Xt(e){return`${p(e.tokens)} tokens \xB7 ${E(e.usd,e.usdComplete)} \xB7 ${p(e.runs)} run${e.runs===1?"":"s"}`}function T(e,t,n){if(!t)return e;let r=t.status===null?"connection failed":String(t.status);return`${e} (upstream ${r}: ${u(m(t.message.replace(/\s+/g," "),n,"\u2026"))})`}function je(e,t={}){if(!e.file)return"\u2014";let n=e.line===null?"":e.endLine!==null&&e.endLine!==e.line?`:${e.line}-${e.endLine}`:`:${e.line}`;return f(`${e.file}${n}`,t)}function Ne(e){let t=[`raised by ${u(e.raisedBy)}`];return e.confirmedBy.length>0&&t.push(`confirmed by ${e.confirmedBy.map(u).join(", ")}`),e.refutedBy.length>0&&t.push(`refuted by ${e.refutedBy.map(u).join(", ")}`),t.join("; ")}function Z(e){return{passed:e.qa.filter(t=>t.passed).length,total:e.qa.length}}function W(e){let{passed:t,total:n}=Z(e);return n===0?ot:`${t}/${n} passed`}var ot="no QA command ran";function Ue(e){let t=e.stage.title.trim()===""?"":`: ${u(m(e.stage.title,200,"\u2026"))}`;return`${f(e.plan.id)} \xB7 stage ${e.stage.number}${t}`}function P(e,t){let n=t?A(t):null;if(n)return`[the full report](${n})`;let r=e.run.url?A(e.run.url):null;if(r)return`[the run page](${r})`;let o=e.ledgerRow?.report_path;return o?`${f(o)} on the ledger branch`:"the stored report of this run"}function te(e){return{count:e.length,item:t=>e[t]??""}}function ee(e){return`
_\u2026 ${e.toLocaleString("en-US")} more not shown here (limit reached; see the full report)._
`}function it(e){return Array.from({length:e.count},(t,n)=>e.item(n))}function st(e,t){let n=[],r=e.head.length+e.tail.length;for(let o=0;o<e.count;o+=1){let i=e.item(o);if(r+i.length>t)break;n.push(i),r+=i.length}if(n.length===e.count&&r<=t)return{items:n,used:r,whole:!0};for(;n.length>0&&r+ee(e.count-n.length).length>t;)r-=(n.pop()??"").length;return n.length===0?null:{items:n,used:r+ee(e.count-n.length).length,whole:!1}}function B(e,t,n=0){let r=new Map,o=t-n;for(let c of e){if(!c.required)continue;let d=it(c);r.set(c,d),o-=c.head.length+c.tail.length+d.reduce((S,k)=>S+k.length,0)}let i=e.filter(c=>!c.required).sort((c,d)=>c.priority-d.priority);for(let c of i){let d=st(c,o),S=c.count===0&&c.head.length+c.tail.length===0;if(d===null){if(!S)break;continue}if(r.set(c,d.items),o-=d.used,!d.whole)break}let a=[],s=[];for(let c of e){let d=r.get(c),S={id:c.id,label:c.label,counted:c.counted??!1,total:c.count};if(d===void 0){(c.count>0||c.head.length+c.tail.length>0)&&s.push({...S,shown:0});continue}let k=c.count-d.length;k>0&&s.push({...S,shown:d.length}),a.push(c.head),we(a,d),a.push(k>0?ee(k):"",c.tail)}return{text:a.join(""),cuts:s}}function tn(e,t,n,r,o=[],i="",a=!1){return{id:e,label:t,priority:n,head:r,tail:i,required:a,counted:o.length>0,...te(o)}}var at={findingDetail:Number.POSITIVE_INFINITY,reason:Number.POSITIVE_INFINITY,outputLines:Number.POSITIVE_INFINITY,outputChars:Number.POSITIVE_INFINITY,summary:Number.POSITIVE_INFINITY},x=" \u2026 (cut)",I=200;function l(e,t,n,r,o,i="",a=!1){let s="count"in o?o:te(o);return{id:e,label:t,priority:n,head:r,tail:i,required:a,count:s.count,item:s.item}}function g(e,t,n={}){return l(e,e,n.priority??0,t,[],"",n.required??!1)}function h(e){return{...e,counted:!0}}function $(e,t){return{head:`${J(e)}${t}`,tail:`
</details>

`}}var ut=40,ct=4e3,lt={error:"the worker ended with an error and gave no reason",timeout:"the worker did not finish within its timeout","budget-exceeded":"the model gateway refused its next request for a budget","contract-violated":"the worker broke its output contract"};function cn(e,t,n){if(e==="done")return{};let r=[n,t.errorMessage].map(i=>i?.trim()??"").find(i=>i!=="")??lt[e],o=t.stderrTail.trim()===""?"":F(t.stderrTail,ut,ct);return{failure:{reason:r,stderrTail:o}}}function ne(e){let t=[],n=(o,i,a,s,c,d)=>{s&&t.push({worker:o,role:i,status:a,failure:s,...c?{upstreamError:c}:{},...d!==void 0?{findingId:d}:{}})},r=e.executor;n(r.worker,"executor",r.status,r.failure,r.upstreamError);for(let o of e.verifiers)n(o.worker,"verifier",o.status,o.failure,o.upstreamError);for(let o of e.convergence.failures??[])n(o.worker,"reverify",o.status,o.failure,o.upstreamError,o.findingId);return e.critic&&n(e.critic.worker,"critic",e.critic.status,e.critic.failure,e.critic.upstreamError),t}var dt=[/^Node\.js v\d/,/^\s*at\s/,/^\s*\^+\s*$/,/^\s*[{}[\]]+,?\s*$/,/^node:[\w/.-]+:\d+/,/^\s*throw\s/,/^\s+[\w$]+: .*,?$/,/^Traceback \(most recent call last\):/,/^\s+File "/],mt=/^(?:Uncaught\s+)?(?:(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)(?:\s*\[[^\]]*\])?:\s*\S|(?:error|fatal|ERROR|FATAL)(?:\[\w+\])?:\s*\S)/;function ln(e){let t=e.split(`
`).map(o=>o.replace(/\s+$/,"")).filter(o=>o.trim()!=="");return(t.filter(o=>mt.test(o)).at(-1)??t.filter(o=>!dt.some(i=>i.test(o))).at(-1)??t.at(-1)??"").trim()}var ft=300;function dn(e){let t=ne(e).map(r=>{let o=r.role==="reverify"?`re-verify of ${r.findingId??"?"}`:r.role,i=r.upstreamError?` (upstream ${r.upstreamError.status??"connection failed"}: ${r.upstreamError.message})`:"";return`${r.worker} (${o}) ${r.status}${i}: ${r.failure.reason}`}),n=Fe([...t,...e.verdict.reasons].join("; ")).replace(/\s+/g," ").trim();return n===""?void 0:m(n,ft)}function _(e,t){let n=e.run,r=n.trigger.actor?`${n.trigger.kind} by ${u(m(n.trigger.actor,100,"\u2026"))}`:n.trigger.kind,o=[`attempt ${n.attempt}`,r,b(n.durationMs),`${f(m(e.git.branch,200,"\u2026"))} ${v(e.git.baseCommit)}..${v(e.git.headCommit)}${e.git.reusedBranch?" (fix run on the preserved branch)":""}`],i=`${t} ${_e(e)} \u2014 ${Ue(e)}

${o.join(" \xB7 ")}

`;return l("headline","headline",0,i,[],"",!0)}var Oe="\u26A0\uFE0F **Agents ran with okstra's own privileges (isolation: none): they could read the run's secrets.**";function re(e){let t=e.isolation;return t?t.mode==="none"?l("isolation","isolation statement",0,`${Oe}

`,[],"",!0):l("isolation","isolation statement",1,`\u{1F512} **Isolation:** ${u(m(t.detail,300,"\u2026"))}

`,[]):l("isolation","isolation statement",1,"",[])}function oe(e){let t=e.usage.budgetExceeded;if(!t)return l("budget","budget refusal",0,"",[]);let n=`the ${t.scope} budget (${f(`budgets.${t.scope}`)}) of ${u(m(t.limit,100,"\u2026"))}`,r=u(m(t.spent,100,"\u2026")),i=`\u{1F4B8} **Budget exceeded:** ${t.reservation?`${n} had ${u(m(t.headroom??"unknown",100,"\u2026"))} left with ${r} spent; the model gateway refused a request of ${u(t.worker)} that could have cost ${u(m(t.reservation,100,"\u2026"))}`:`${n} was reached with ${r} spent; the model gateway refused the next request of ${u(t.worker)}`}.

`;return l("budget","budget refusal",0,i,[],"",!0)}function ie(e,t){let n=e.verdict.reasons.map(r=>`- ${u(m(r,t.reason,x))}
`);return h(l("reasons","verdict reasons",0,n.length>0?`**Why:**

`:"",n,n.length>0?`
`:""))}function se(e,t){let n=e.stageSidecarEvidence,r="withheld"in n?`**Carry withheld** \u2014 \`carry/stage-${n.stageNumber}.json\` was not written: ${u(m(n.withheld,t.reason,x))}

`:`**Carry written** to ${f(n.carryPath)}.

`;return l("carry","carry outcome",0,r,[],"",!0)}function De(e,t){let n=e.disposition==="standing"?"":` (${e.disposition})`,r=`- **${e.severity}**${n} \xB7 ${f(e.id)} \xB7 **${u(m(e.title,t.reason,x))}** \u2014 ${je(e)} \xB7 ${Ne(e)}
`,o=e.detail.trim()===""?"":`
${H(N(m(e.detail,t.findingDetail,x)),"  ")}

`;return`${r}${o}`}function R(e,t,n,r,o,i){if(r.length===0)return l(e,t,n,"",[]);let a=[...r].sort(D),s={count:a.length,item:d=>De(a[d],o)},c=`${t[0]?.toUpperCase()??""}${t.slice(1)} (${p(a.length)})`;if(i){let d=$(c,"");return h(l(e,t,n,d.head,s,d.tail))}return h(l(e,t,n,`**${c}**

`,s,`
`))}function ae(e,t,n){let r=e.errors.map(o=>`- ${o.at} \xB7 ${u(o.phase)}: ${u(m(o.message,n.reason,x))}
`);return h(l("errors","run errors",t,r.length>0?`**Run errors (${r.length})**

`:"",r,r.length>0?`
`:""))}function pt(e,t){let n=e.role==="reverify"?`re-verify of ${f(e.findingId??"?")}`:e.role,r=`- **${u(e.worker)}** (${n}) \u2014 ${T(e.status,e.upstreamError,I)}: ${u(m(e.failure.reason,t.reason,x))}
`;if(e.failure.stderrTail.trim()==="")return`${r}  _No stderr output._

`;let o=F(e.failure.stderrTail,t.outputLines,t.outputChars);return`${r}
  <details><summary>last lines of stderr</summary>

${H(y(o),"  ")}

  </details>

`}function V(e,t,n){let r=ne(e);if(r.length===0)return l("failures","workers without a result",t,"",[]);let o=r.map(i=>pt(i,n));return h(l("failures","workers without a result",t,`**Workers without a result (${r.length})**

`,o,`
`))}function ue(e,t){let n=e.remainingQueue,r=n.length===0?"":`**Remaining queue:** ${n.map(o=>`stage ${o}`).join(", ")}.

`;return l("queue","remaining queue",t,r,[])}function j(e){let t={blocking:[],major:[],minor:[],refuted:[]};for(let n of e)n.disposition==="refuted"?t.refuted.push(n):n.severity==="blocking"?t.blocking.push(n):n.severity==="major"?t.major.push(n):t.minor.push(n);return t}function gt(e){let t=e.exitCode===null?"killed":String(e.exitCode);return`| ${e.passed?"\u2705":"\u274C"} | ${e.source} | ${u(e.label)||"\u2014"} | ${f(e.cmd,{inTable:!0})} | ${t} | ${b(e.durationMs)} |
`}function ce(e,t,n){let r=e.qa.length,o=`QA commands (${W(e)})`,i=w(["","source","label","command","exit","time"]),a=e.qa.map(gt);if(r===0)return l("qa","QA results",t,`**${o}**

`,[]);if(n){let s=$(o,i);return l("qa","QA results",t,s.head,a,s.tail)}return l("qa","QA results",t,`**${o}**

${i}`,a,`
`)}function le(e,t,n,r){let i=e.qa.filter(s=>(!r||!s.passed)&&s.outputTail.trim()!=="").map(s=>{let c=s.exitCode===null?"killed":`exit ${s.exitCode}`,d=F(s.outputTail,n.outputLines,n.outputChars);return Ce(`${u(m(s.label||s.cmd,200,"\u2026"))} \u2014 ${c}`,y(d))}),a=r?"output of failed QA commands":"QA output";return l("qa-output",a,t,i.length>0?`**${a[0]?.toUpperCase()}${a.slice(1)}**

`:"",i,i.length>0?`
`:"")}function Me(e){let t=`${e.evidenceRead.length} file${e.evidenceRead.length===1?"":"s"}`,n=e.evidence==="events"?" (tool events)":e.evidence==="self-reported"?" (self-reported)":"",r=e.unreadCitations??[],o=r.slice(0,3).map(a=>f(a,{inTable:!0})).join(", "),i=r.length>3?` and ${r.length-3} more`:"";return`${t}${n}${r.length>0?`; cited unopened: ${o}${i}`:""}`}function de(e,t,n){let r=w(["worker","status","verdict","findings","evidence read","time","usage"]),o=e.verifiers.map(s=>`| ${u(s.worker)} | ${T(s.status,s.upstreamError,I)} | ${s.verdict??"\u2014"} | ${s.findings.length} | ${Me(s)} | ${b(s.durationMs)} | ${C(s.usage)} |
`),i=e.verifiers.map(s=>s.verdict??s.status).join(", "),a=`Verifiers (${e.verifiers.length}${i?`: ${i}`:""})`;if(o.length===0)return l("verifiers","verifiers",t,`**Verifiers:** none ran.

`,[]);if(n){let s=$(a,r);return l("verifiers","verifiers",t,s.head,o,s.tail)}return l("verifiers","verifiers",t,`**${a}**

${r}`,o,`
`)}function me(e,t,n){let r=e.executor,o=r.commits.map(s=>`- ${f(v(s.sha))} ${u(s.subject)}
`),i=r.summary.trim()===""?"_No summary._":N(m(r.summary,n.summary,x)),a=$(`Executor: ${u(r.worker)} \u2014 ${T(r.status,r.upstreamError,I)}, ${b(r.durationMs)}, ${r.commits.length} commit${r.commits.length===1?"":"s"}`,`${i}

Usage: ${C(r.usage)}

`);return l("executor","executor summary and commits",t,a.head,o,a.tail)}function fe(e,t){let n=e.convergence,r=`**Convergence:** ${n.rounds} round${n.rounds===1?"":"s"}, ${n.disputed} disputed, ${n.resolved} resolved.`;if(e.critic){let o=e.critic;r+=` **Critic:** ${u(o.worker)} \u2014 ${T(o.status,o.upstreamError,I)}, ${o.gaps} gap${o.gaps===1?"":"s"}${o.evidence?`, evidence ${Me(o)}`:""}.`}return l("convergence","convergence",t,`${r}

`,[])}function pe(e,t){let n=e.git,r=`${n.diffStat.filesChanged} files changed, +${p(n.diffStat.insertions)} \u2212${p(n.diffStat.deletions)}`,o=n.outOfPlanFiles.map(a=>`- ${f(a)}
`),i=`**Diff:** ${r} (${f(`${v(n.baseCommit)}..${v(n.headCommit)}`)})${o.length>0?`; ${o.length} outside the plan's files:`:"."}

`;return l("git","diff stat and files outside the plan",t,i,o,o.length>0?`
`:"")}function ge(e,t){let n=e.usage.workers;if(n.length===0)return l("usage","usage per worker",t,"",[]);let r=n.map(o=>`- ${u(o.worker)}: ${C(o)}
`);return h(l("usage","usage per worker",t,`**Usage by worker**

`,r,`
`))}function $t(e){let t=e.refused?`refused (${e.refused})`:e.status===null?"no response":String(e.status),n=e.cachedInputTokens+e.cacheWriteTokens>0?` (${p(e.cachedInputTokens)} cached, ${p(e.cacheWriteTokens)} cache write)`:"",r=e.firstByteMs===null?"\u2014":b(Math.round(e.firstByteMs));return`| ${u(e.worker)} | ${u(e.role)} | ${e.model?f(m(e.model,80,"\u2026"),{inTable:!0}):"\u2014"} | ${f(m(e.path,120,"\u2026"),{inTable:!0})} | ${t} | ${p(e.inputTokens)} in${n} / ${p(e.outputTokens)} out | ${e.billing==="subscription"?"subscription":E(e.costUsd,!0)} | ${b(Math.round(e.durationMs))} | ${r} | ${e.retries} |
`}function ht(e,t){let n=e.usage.requests??[];if(n.length===0)return l("requests","model requests",t,"",[]);let r=w(["worker","role","model","path","status","tokens","cost","time","first byte","retries"]),o=$(`Model requests (${p(n.length)}, metered by okstra's gateway)`,r);return h(l("requests","model requests",t,o.head,{count:n.length,item:i=>$t(n[i])},o.tail))}function $e(e,t){let n=w(["roster name","function","provider","model","usage"]),r=new Map(e.usage.workers.map(a=>[a.worker,a])),o=e.roster.map(a=>`| ${u(a.name)} | ${a.function} | ${a.provider} | ${a.model?f(a.model,{inTable:!0}):"\u2014"} | ${C(r.get(a.name)??null)} |
`),i=$(`Roster and usage (total ${q(e)})`,n);return l("roster","roster and usage",t,i.head,o,i.tail)}function he(e,t){let n=e.progress.map(s=>`${s.at}  ${ve(s.line)}
`),r=e.activity,o=r?`Worker activity: ${r.events} event${r.events===1?"":"s"}${r.droppedEvents>0?` (${r.droppedEvents} more left out at the size bound)`:""} in ${f(r.path)} on the ledger branch.

`:"";if(n.length===0)return l("progress","progress checkpoints",t,o,[]);let i=Re(n.join("")),a=$(`Progress checkpoints (${n.length})`,`${i}text
`);return h(l("progress","progress checkpoints",t,`${o}${a.head}`,n,`${i}
${a.tail}`))}function St(e,t){let n=e.stageSidecarEvidence.carryJson;if(n===null)return l("carry-json","carry JSON",t,"",[]);let r=$("Stage Carry Evidence JSON",`${y(n,"json")}
`);return l("carry-json","carry JSON",t,r.head,[],r.tail)}function bt(e,t){let n=e.ledgerRow,r=n===null?`_No terminal ledger row was appended._
`:`${y(JSON.stringify(n),"json")}
`,o=$(`Ledger row (${n?.status??"none"})`,r);return l("ledger-row","ledger row",t,o.head,[],o.tail)}var xt=300;function kt(e){let t=e.replacedBy===null?"no fallback was left":`${e.replacedBy} took over`;return`${e.worker} (${e.function}) could not work: ${m(e.reason.replace(/\s+/g," "),xt,"\u2026")}; ${t}`}function yt(e){return(e.fallbacks??[]).map(kt)}function qe(e){let t=yt(e);if(t.length===0)return g("fallbacks","",{priority:1});let n=t.map(r=>`- ${u(r)}
`).join("");return g("fallbacks",`\u{1F501} **Providers unavailable:**

${n}
`,{required:!0})}function We(e,t,n){if(e.length===0)return"";let r=e.map(o=>!o.counted||o.total===0?o.label:o.shown===0?`${o.label} (all ${p(o.total)})`:`${o.label} (${p(o.total-o.shown)} of ${p(o.total)})`).join("; ");return`> [!NOTE]
> Shortened to fit ${t}. Left out: ${r}. Everything is in ${n}.

`}function Q(e,t,n,r,o){let i=e.filter(d=>!d.required).map(d=>({id:d.id,label:d.label,counted:d.counted??!1,shown:d.count,total:d.count})),a=We(i,n,r).length+o.length,s=B(e,t,a),c=`${s.text}${We(s.cuts,n,r)}${o}`;return{text:m(c,t,`

\u2026 (cut at the limit)
`),cuts:s.cuts}}var Se=10;function Pe(e,t){let n=e.evidence,r=e.git.outOfPlanFiles;if(!n)return g("evidence","",{priority:t});let o=[...e.qa.map(i=>`- tests of ${u(i.label||i.cmd)}: ${vt(i.tests??null)}`),`- red, then green: ${Rt(n)}`,...n.problems.map(i=>`- \u26D4 ${u(i.label)}: ${u(i.detail)}`),...r.length>0?[`- changed outside its plan: ${Be(r).slice(2)}`]:[]];return g("evidence",`**What okstra checked itself**

${o.join(`
`)}

`,{priority:t})}function vt(e){return e===null?"tests not counted":`${e.run} ran: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped (${e.format})`}function Rt(e){switch(e.outcome){case"red-green":return e.redAtBase.length>0?`failed at the base${Be(e.redAtBase)}; pass at the head`:"a QA command failed at the base; all pass at the head";case"no-red":return"\u26D4 nothing failed at the base with the stage\u2019s tests laid over it";case"kept":return"not asked (`tdd: none`); no test was lost";case"not-checked":return"not checked (QA failed at the head)"}}function Be(e){return e.length===0?"":`: ${e.slice(0,Se).map(n=>f(n)).join(", ")}${e.length>Se?` and ${e.length-Se} more`:""}`}function Ve(e,t){let n=e.errorAnalysis??[];if(n.length===0)return g("error-analysis","",{priority:t});let r=n.map(o=>`- **${u(o.rule)}**: ${u(o.observed)} \u2192 ${u(o.next)}`);return g("error-analysis",`**What the fix run starts from**

${r.join(`
`)}

`,{priority:t})}var Qe="single-vendor verification",Je={claude:"Anthropic",codex:"OpenAI",gemini:"Google"};function be(e){let t=(e??"").toLowerCase().replace(/^[a-z0-9-]+\//,"");return/^claude\b/.test(t)?"claude":/^(gpt|codex|o\d)/.test(t)?"codex":/^gemini\b/.test(t)?"gemini":null}function Ye(e){return e.provider==="command"?`command:${e.name}`:e.provider==="copilot"?be(e.model)??`copilot:${e.model??e.name}`:e.provider}function Ft(e){if(e.provider==="command")return e.name;if(e.provider!=="copilot")return e.provider;let t=be(e.model);return t?`${Je[t]} models`:`Copilot CLI's ${e.model??"default"} model`}function Ge(e){let t=e.find(o=>o.function==="executor"),n=e.filter(o=>o.function==="verifier");if(!t||n.length===0)return null;let r=Ye(t);return n.every(o=>Ye(o)===r)?Ft(t):null}function wt(e,t){return`the executor and every verifier are ${e} (the verifiers in fresh read-only sessions), so no other vendor's model checked this work; add another vendor's API key and list it under ${t} in .okstra/config.yml for cross-vendor verification`}function He(e){let t=e.provider==="copilot"?be(e.model):null;return t?`${e.name} (${Je[t]}'s ${e.model??""})`:e.name}function Ct(e){let t=e.find(r=>r.function==="executor"),n=e.filter(r=>r.function==="verifier");return!t||Ge(e)!==null||n.length===0||![t,...n].some(r=>r.provider==="copilot")?null:`cross-vendor verification: ${He(t)} executed; ${n.map(He).join(", ")} verified`}function Ke(e){let t=Ge(e.roster);if(t===null){let o=Ct(e.roster),i=o===null?"":`${u(o.charAt(0).toUpperCase()+o.slice(1))}.

`;return g("single-vendor",i,{priority:1})}let r=`\u26A0\uFE0F **${Qe.charAt(0).toUpperCase()+Qe.slice(1)}:** ${wt(u(t),f("verifiers:"))}.

`;return g("single-vendor",r,{required:!0})}var Y={findingDetail:600,reason:500,outputLines:20,outputChars:2e3,summary:1e3};function Tt(e){let t=e.verifiers.map(n=>n.verdict??n.status);return[`**Findings:** ${Ee(M(e.findings))}`,`**QA:** ${W(e)}`,`**Verifiers:** ${t.length>0?t.join(", "):"none"}`,`**Usage:** ${q(e)}`].join(" \xB7 ")}function or(e,t={}){return xe(O(e),t)}function xe(e,t={}){let n=j(e.findings),r=[_(e,"###"),re(e),Ke(e),qe(e),ie(e,Y),Pe(e,1),Ve(e,1),oe(e),se(e,Y),g("counts",`${Tt(e)}

`,{required:!0}),ue(e,1),ge(e,3),R("findings-blocking","blocking findings",1,n.blocking,Y,!1),R("findings-major","major findings",2,n.major,Y,!1)],o=P(e,t.fullReportUrl),i=Q(r,t.maxChars??65535,"the summary limit",o,"");return{markdown:i.text,cuts:i.cuts}}var ze=65535,It=50,ke=255,Lt=2e4,At={blocking:"failure",major:"warning",minor:"notice",info:"notice"},L={findingDetail:1e3,reason:800,outputLines:60,outputChars:6e3,summary:4e3},Et={findingDetail:0,reason:600,outputLines:8,outputChars:1200,summary:0},_t=12e3;function jt(e,t){return`okstra: ${e} \xB7 stage ${t}`}function Nt(e){let t=e.replace(/\\/g,"/").replace(/^(?:\.\/)+/,"");return t===""||t.startsWith("/")||t.split("/").includes("..")?null:t}function Ut(e){let t=[];for(let n of[...e].sort(D)){if(!z(n)||n.file===null||n.line===null)continue;let r=Nt(n.file);if(r===null)continue;let o=U(n.detail).trim();t.push({path:r,start_line:n.line,end_line:n.endLine!==null&&n.endLine>=n.line?n.endLine:n.line,annotation_level:At[n.severity],title:m(U(`[${n.severity}] ${n.id}: ${n.title}`).replace(/\s+/g," "),ke),message:m(`${o===""?U(n.title):o}

Raised by ${n.raisedBy}${n.confirmedBy.length>0?`; confirmed by ${n.confirmedBy.join(", ")}`:""}.`,Lt)})}return t}function Ot(e,t=It){let n=[];for(let r=0;r<e.length;r+=t)n.push(e.slice(r,r+t));return n}function pr(e){return e.conclusion==="failure"||e.conclusion==="timed_out"?!0:e.conclusion==="neutral"&&(e.title??"").startsWith(Xe)}function Dt(e){return e.verdict.runStatus==="unavailable"?"neutral":e.verdict.value==="PASS"&&e.verdict.runStatus==="passed"?"success":"failure"}var Xe="Provider unavailable";function Mt(e){if(e.verdict.runStatus==="unavailable")return m(`${Xe} \u2014 ${e.verdict.reasons.join("; ")}`,ke);let t=M(e.findings),n=Z(e),{value:r,runStatus:o}=e.verdict,i=o==="contract-violated"||o==="error"?` (${o})`:r==="FAIL"&&X(e)?" (budget exceeded)":"";return m(`${e.verdict.value}${i} \u2014 ${t.blocking} blocking, ${t.major} major, ${t.minor} minor, ${t.info} info \xB7 QA ${n.passed}/${n.total}`,ke)}function gr(e,t={}){let n=O(e),r=P(n,t.fullReportUrl),o=qt(n,t.fullReportUrl),i=j(n.findings),a=[ae(n,1,L),V(n,1,L),ce(n,2,!1),le(n,3,L,!0),de(n,2,!1),R("findings-minor","minor and info findings",4,i.minor,L,!1),R("findings-refuted","refuted findings",6,i.refuted,L,!0),me(n,5,L),fe(n,2),pe(n,5),$e(n,7),he(n,8)],s=Q(a,ze,"the check-run text limit",r,""),c=Mt(n),d=Ut(n.findings),S=Ot(d),k=(S.length>0?S:[[]]).map((ye,Ze)=>({output:Ze===0?{title:c,summary:o.markdown,text:s.text,annotations:ye}:{title:c,summary:o.markdown,annotations:ye}}));return{name:jt(n.plan.id,n.stage.number),conclusion:Dt(n),title:c,summary:o.markdown,text:s.text,annotations:d,requests:k,cuts:{summary:o.cuts,text:s.cuts}}}function qt(e,t){let n=B([V(e,0,Et)],_t),r=n.text===""?"":`${n.text}${n.cuts.length>0?`_More in the details below._

`:""}`,o=xe(e,{maxChars:ze-r.length,...t?{fullReportUrl:t}:{}});if(r==="")return o;let i=_(e,"###").head;return{markdown:o.markdown.startsWith(i)?`${i}${r}${o.markdown.slice(i.length)}`:`${r}${o.markdown}`,cuts:[...n.cuts,...o.cuts]}}export{tn as a,p as b,Pt as c,H as d,et as e,Bt as f,w as g,Vt as h,J as i,Ce as j,Qt as k,at as l,g as m,cn as n,ln as o,dn as p,Te as q,z as r,D as s,v as t,b as u,Ae as v,E as w,C as x,q as y,Xt as z,T as A,je as B,Ne as C,P as D,_ as E,Oe as F,re as G,oe as H,ie as I,se as J,R as K,ae as L,V as M,ue as N,j as O,ce as P,le as Q,de as R,me as S,fe as T,pe as U,ge as V,ht as W,$e as X,he as Y,St as Z,bt as _,qe as $,Q as aa,Pe as ba,Ve as ca,Ke as da,Tt as ea,or as fa,ze as ga,jt as ha,pr as ia,gr as ja};
