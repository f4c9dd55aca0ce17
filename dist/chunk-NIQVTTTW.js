import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{e as d,f as F,g as Fe,h as O}from"./chunk-ZZTUA5EZ.js";import{b as ve,c as u,d as N,e as y,f as Re,g as f,i as U,j as A}from"./chunk-NGQCJX5W.js";import{m as we}from"./chunk-TL7ZNXWM.js";function p(e){return e.toLocaleString("en-US")}function Qt(e,t){return`${p(e)} ${t}${e===1?"":"s"}`}function Y(e,t="  "){return e.split(`
`).map(n=>n===""?"":`${t}${n}`).join(`
`)}function tt(e){return e.split(`
`).map(t=>t===""?">":`> ${t}`).join(`
`)}function Gt(e){return e===""?"> (empty)":tt(e)}function w(e){return`|${e.map(n=>n===""?" ":` ${n} `).join("|")}|
|${e.map(()=>" --- ").join("|")}|
`}function Yt(e){return`| ${e.join(" | ")} |
`}function H(e){return`<details><summary>${e}</summary>

`}function Ce(e,t){return`${H(e)}${t}

</details>
`}function Ht(e,t){let n=t===null?null:A(t);return n===null?null:`[${e}](${n})`}function J(e){return e.inputTokens+e.outputTokens}function K(e){return e.costUsd===null?J(e)===0:e.costComplete!==!1}function Te(e){let{total:t,workers:n,requests:r,metered:o}=e.usage,i=n.every(K),a=J(t)===0&&(o==="gateway"||n.length>0),s=t.costUsd===null?a&&i:t.costComplete!==!1&&i;return{usd:t.costUsd??(s?0:null),complete:s,unknownFor:s?[]:nt(n,r)}}function nt(e,t){let n=(t??[]).filter(r=>r.costUsd===null&&r.refused===void 0&&J(r)>0).map(r=>r.model??`${r.provider} (no model named)`);return n.length>0?[...new Set(n)]:e.filter(r=>!K(r)).map(r=>r.worker)}function Ie(e){return{usd:e.costUsd,complete:K(e)}}var rt=["blocking","major","minor","info"],Le={blocking:0,major:1,minor:2,info:3};function z(e){return e.disposition!=="refuted"}var ot=new Intl.Collator("en",{numeric:!0});function D(e,t){return Le[e.severity]-Le[t.severity]||+(t.disposition==="confirmed")-+(e.disposition==="confirmed")||ot.compare(e.id,t.id)}function M(e){let t={blocking:0,major:0,minor:0,info:0};for(let n of e)z(n)&&(t[n.severity]+=1);return t}function Ee(e){return rt.map(t=>`${e[t]} ${t}`).join(", ")}function _e(e){let{value:t,runStatus:n}=e.verdict;return n==="contract-violated"?"\u26A0\uFE0F FAIL (contract violated)":n==="error"?"\u{1F4A5} FAIL (run error)":n==="unavailable"?"\u23F8\uFE0F NO VERDICT (provider unavailable)":t==="FAIL"&&X(e)?"\u274C FAIL (budget exceeded)":t==="PASS"?"\u2705 PASS":"\u274C FAIL"}function je(e){return e.actor?`${e.kind} by ${u(d(e.actor,100,"\u2026"))}`:e.kind}function v(e){return e.slice(0,7)}function b(e){if(e<1e3)return`${e} ms`;let t=Math.round(e/1e3),n=Math.floor(t/3600),r=Math.floor(t%3600/60),o=t%60;return n>0?`${n}h ${String(r).padStart(2,"0")}m`:r>0?`${r}m ${String(o).padStart(2,"0")}s`:`${o}s`}function X(e){return e.usage.budgetExceeded!==void 0||[e.executor.status,...e.verifiers.map(t=>t.status),e.critic?.status].includes("budget-exceeded")}function Ae(e){return e>0&&e<.01?`$${e.toFixed(4)}`:`$${e.toFixed(2)}`}function E(e,t){return e===null?"cost unknown":t?Ae(e):`\u2265 ${Ae(e)}`}function C(e){if(!e)return"not reported";let t=`${p(e.inputTokens)} in / ${p(e.outputTokens)} out`;if(e.billing==="subscription")return`${t} \xB7 subscription`;let n=Ie(e);return`${t} \xB7 ${E(n.usd,n.complete)}`}function q(e){let t=e.usage.total,n=Te(e),r=`${p(t.inputTokens)} in / ${p(t.outputTokens)} out`,o=n.usd!==null&&n.unknownFor.length>0?` (cost unknown for ${n.unknownFor.map(a=>u(d(a,80,"\u2026"))).join(", ")})`:"",i=e.usage.metered==="gateway"?", metered by okstra":e.usage.metered==="self-reported"?", as the agent CLIs reported":"";return`${r} \xB7 ${E(n.usd,n.complete)}${o}${i}`}function tn(e){return`${p(e.tokens)} tokens \xB7 ${E(e.usd,e.usdComplete)} \xB7 ${p(e.runs)} run${e.runs===1?"":"s"}`}function T(e,t,n){if(!t)return e;let r=t.status===null?"connection failed":String(t.status);return`${e} (upstream ${r}: ${u(d(t.message.replace(/\s+/g," "),n,"\u2026"))})`}function Ne(e,t={}){if(!e.file)return"\u2014";let n=e.line===null?"":e.endLine!==null&&e.endLine!==e.line?`:${e.line}-${e.endLine}`:`:${e.line}`;return f(`${e.file}${n}`,t)}function Ue(e){let t=[`raised by ${u(e.raisedBy)}`];return e.confirmedBy.length>0&&t.push(`confirmed by ${e.confirmedBy.map(u).join(", ")}`),e.refutedBy.length>0&&t.push(`refuted by ${e.refutedBy.map(u).join(", ")}`),t.join("; ")}function Z(e){return{passed:e.qa.filter(t=>t.passed).length,total:e.qa.length}}function W(e){let{passed:t,total:n}=Z(e);return n===0?it:`${t}/${n} passed`}var it="no QA command ran";function Oe(e){let t=e.stage.title.trim()===""?"":`: ${u(d(e.stage.title,200,"\u2026"))}`;return`${f(e.plan.id)} \xB7 stage ${e.stage.number}${t}`}function P(e,t){let n=t?A(t):null;if(n)return`[the full report](${n})`;let r=e.run.url?A(e.run.url):null;if(r)return`[the run page](${r})`;let o=e.ledgerRow?.report_path;return o?`${f(o)} on the ledger branch`:"the stored report of this run"}function te(e){return{count:e.length,item:t=>e[t]??""}}function ee(e){return`
_\u2026 ${e.toLocaleString("en-US")} more not shown here (limit reached; see the full report)._
`}function st(e){return Array.from({length:e.count},(t,n)=>e.item(n))}function at(e,t){let n=[],r=e.head.length+e.tail.length;for(let o=0;o<e.count;o+=1){let i=e.item(o);if(r+i.length>t)break;n.push(i),r+=i.length}if(n.length===e.count&&r<=t)return{items:n,used:r,whole:!0};for(;n.length>0&&r+ee(e.count-n.length).length>t;)r-=(n.pop()??"").length;return n.length===0?null:{items:n,used:r+ee(e.count-n.length).length,whole:!1}}function B(e,t,n=0){let r=new Map,o=t-n;for(let c of e){if(!c.required)continue;let m=st(c);r.set(c,m),o-=c.head.length+c.tail.length+m.reduce(($,h)=>$+h.length,0)}let i=e.filter(c=>!c.required).sort((c,m)=>c.priority-m.priority);for(let c of i){let m=at(c,o),$=c.count===0&&c.head.length+c.tail.length===0;if(m===null){if(!$)break;continue}if(r.set(c,m.items),o-=m.used,!m.whole)break}let a=[],s=[];for(let c of e){let m=r.get(c),$={id:c.id,label:c.label,counted:c.counted??!1,total:c.count};if(m===void 0){(c.count>0||c.head.length+c.tail.length>0)&&s.push({...$,shown:0});continue}let h=c.count-m.length;h>0&&s.push({...$,shown:m.length}),a.push(c.head),we(a,m),a.push(h>0?ee(h):"",c.tail)}return{text:a.join(""),cuts:s}}function on(e,t,n,r,o=[],i="",a=!1){return{id:e,label:t,priority:n,head:r,tail:i,required:a,counted:o.length>0,...te(o)}}var ut={findingDetail:Number.POSITIVE_INFINITY,reason:Number.POSITIVE_INFINITY,outputLines:Number.POSITIVE_INFINITY,outputChars:Number.POSITIVE_INFINITY,summary:Number.POSITIVE_INFINITY},k=" \u2026 (cut)",I=200;function l(e,t,n,r,o,i="",a=!1){let s="count"in o?o:te(o);return{id:e,label:t,priority:n,head:r,tail:i,required:a,count:s.count,item:s.item}}function g(e,t,n={}){return l(e,e,n.priority??0,t,[],"",n.required??!1)}function x(e){return{...e,counted:!0}}function S(e,t){return{head:`${H(e)}${t}`,tail:`
</details>

`}}var ct=40,lt=4e3,dt={error:"the worker ended with an error and gave no reason",timeout:"the worker did not finish within its timeout","budget-exceeded":"the model gateway refused its next request for a budget","contract-violated":"the worker broke its output contract"};function mn(e,t,n){if(e==="done")return{};let r=[n,t.errorMessage].map(i=>i?.trim()??"").find(i=>i!=="")??dt[e],o=t.stderrTail.trim()===""?"":F(t.stderrTail,ct,lt);return{failure:{reason:r,stderrTail:o}}}function ne(e){let t=[],n=(o,i,a,s,c,m)=>{s&&t.push({worker:o,role:i,status:a,failure:s,...c?{upstreamError:c}:{},...m!==void 0?{findingId:m}:{}})},r=e.executor;n(r.worker,"executor",r.status,r.failure,r.upstreamError);for(let o of e.verifiers)n(o.worker,"verifier",o.status,o.failure,o.upstreamError);for(let o of e.convergence.failures??[])n(o.worker,"reverify",o.status,o.failure,o.upstreamError,o.findingId);return e.critic&&n(e.critic.worker,"critic",e.critic.status,e.critic.failure,e.critic.upstreamError),t}var mt=[/^Node\.js v\d/,/^\s*at\s/,/^\s*\^+\s*$/,/^\s*[{}[\]]+,?\s*$/,/^node:[\w/.-]+:\d+/,/^\s*throw\s/,/^\s+[\w$]+: .*,?$/,/^Traceback \(most recent call last\):/,/^\s+File "/],ft=/^(?:Uncaught\s+)?(?:(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception)(?:\s*\[[^\]]*\])?:\s*\S|(?:error|fatal|ERROR|FATAL)(?:\[\w+\])?:\s*\S)/;function fn(e){let t=e.split(`
`).map(o=>o.replace(/\s+$/,"")).filter(o=>o.trim()!=="");return(t.filter(o=>ft.test(o)).at(-1)??t.filter(o=>!mt.some(i=>i.test(o))).at(-1)??t.at(-1)??"").trim()}var pt=300;function pn(e){let t=ne(e).map(r=>{let o=r.role==="reverify"?`re-verify of ${r.findingId??"?"}`:r.role,i=r.upstreamError?` (upstream ${r.upstreamError.status??"connection failed"}: ${r.upstreamError.message})`:"";return`${r.worker} (${o}) ${r.status}${i}: ${r.failure.reason}`}),n=Fe([...t,...e.verdict.reasons].join("; ")).replace(/\s+/g," ").trim();return n===""?void 0:d(n,pt)}function _(e,t){let n=e.run,r=[`attempt ${n.attempt}`,je(n.trigger),b(n.durationMs),`${f(d(e.git.branch,200,"\u2026"))} ${v(e.git.baseCommit)}..${v(e.git.headCommit)}${e.git.reusedBranch?" (fix run on the preserved branch)":""}`],o=`${t} ${_e(e)} \u2014 ${Oe(e)}

${r.join(" \xB7 ")}

`;return l("headline","headline",0,o,[],"",!0)}var De="\u26A0\uFE0F **Agents ran with okstra's own privileges (isolation: none): they could read the run's secrets.**";function re(e){let t=e.isolation;return t?t.mode==="none"?l("isolation","isolation statement",0,`${De}

`,[],"",!0):l("isolation","isolation statement",1,`\u{1F512} **Isolation:** ${u(d(t.detail,300,"\u2026"))}

`,[]):l("isolation","isolation statement",1,"",[])}function oe(e){let t=e.usage.budgetExceeded;if(!t)return l("budget","budget refusal",0,"",[]);let n=`the ${t.scope} budget (${f(`budgets.${t.scope}`)}) of ${u(d(t.limit,100,"\u2026"))}`,r=u(d(t.spent,100,"\u2026")),i=`\u{1F4B8} **Budget exceeded:** ${t.reservation?`${n} had ${u(d(t.headroom??"unknown",100,"\u2026"))} left with ${r} spent; the model gateway refused a request of ${u(t.worker)} that could have cost ${u(d(t.reservation,100,"\u2026"))}`:`${n} was reached with ${r} spent; the model gateway refused the next request of ${u(t.worker)}`}.

`;return l("budget","budget refusal",0,i,[],"",!0)}function ie(e,t){let n=e.verdict.reasons.map(r=>`- ${u(d(r,t.reason,k))}
`);return x(l("reasons","verdict reasons",0,n.length>0?`**Why:**

`:"",n,n.length>0?`
`:""))}function se(e,t){let n=e.stageSidecarEvidence,r="withheld"in n?`**Carry withheld** \u2014 \`carry/stage-${n.stageNumber}.json\` was not written: ${u(d(n.withheld,t.reason,k))}

`:`**Carry written** to ${f(n.carryPath)}.

`;return l("carry","carry outcome",0,r,[],"",!0)}function Me(e,t){let n=e.disposition==="standing"?"":` (${e.disposition})`,r=`- **${e.severity}**${n} \xB7 ${f(e.id)} \xB7 **${u(d(e.title,t.reason,k))}** \u2014 ${Ne(e)} \xB7 ${Ue(e)}
`,o=e.detail.trim()===""?"":`
${Y(N(d(e.detail,t.findingDetail,k)),"  ")}

`;return`${r}${o}`}var gt={blocking:"blocking findings",major:"major findings",minor:"minor and info findings",refuted:"refuted findings"};function R(e,t,n,r,o){let i=`findings-${e}`,a=gt[e],s=t[e];if(s.length===0)return l(i,a,n,"",[]);let c=[...s].sort(D),m={count:c.length,item:h=>Me(c[h],r)},$=`${a[0]?.toUpperCase()??""}${a.slice(1)} (${p(c.length)})`;if(o){let h=S($,"");return x(l(i,a,n,h.head,m,h.tail))}return x(l(i,a,n,`**${$}**

`,m,`
`))}function ae(e,t,n){let r=e.errors.map(o=>`- ${o.at} \xB7 ${u(o.phase)}: ${u(d(o.message,n.reason,k))}
`);return x(l("errors","run errors",t,r.length>0?`**Run errors (${r.length})**

`:"",r,r.length>0?`
`:""))}function $t(e,t){let n=e.role==="reverify"?`re-verify of ${f(e.findingId??"?")}`:e.role,r=`- **${u(e.worker)}** (${n}) \u2014 ${T(e.status,e.upstreamError,I)}: ${u(d(e.failure.reason,t.reason,k))}
`;if(e.failure.stderrTail.trim()==="")return`${r}  _No stderr output._

`;let o=F(e.failure.stderrTail,t.outputLines,t.outputChars);return`${r}
  <details><summary>last lines of stderr</summary>

${Y(y(o),"  ")}

  </details>

`}function V(e,t,n){let r=ne(e);if(r.length===0)return l("failures","workers without a result",t,"",[]);let o=r.map(i=>$t(i,n));return x(l("failures","workers without a result",t,`**Workers without a result (${r.length})**

`,o,`
`))}function ue(e,t){let n=e.remainingQueue,r=n.length===0?"":`**Remaining queue:** ${n.map(o=>`stage ${o}`).join(", ")}.

`;return l("queue","remaining queue",t,r,[])}function j(e){let t={blocking:[],major:[],minor:[],refuted:[]};for(let n of e)n.disposition==="refuted"?t.refuted.push(n):n.severity==="blocking"?t.blocking.push(n):n.severity==="major"?t.major.push(n):t.minor.push(n);return t}function ht(e){let t=e.exitCode===null?"killed":String(e.exitCode);return`| ${e.passed?"\u2705":"\u274C"} | ${e.source} | ${u(e.label)||"\u2014"} | ${f(e.cmd,{inTable:!0})} | ${t} | ${b(e.durationMs)} |
`}function ce(e,t,n){let r=e.qa.length,o=`QA commands (${W(e)})`,i=w(["","source","label","command","exit","time"]),a=e.qa.map(ht);if(r===0)return l("qa","QA results",t,`**${o}**

`,[]);if(n){let s=S(o,i);return l("qa","QA results",t,s.head,a,s.tail)}return l("qa","QA results",t,`**${o}**

${i}`,a,`
`)}function le(e,t,n,r){let i=e.qa.filter(s=>(!r||!s.passed)&&s.outputTail.trim()!=="").map(s=>{let c=s.exitCode===null?"killed":`exit ${s.exitCode}`,m=F(s.outputTail,n.outputLines,n.outputChars);return Ce(`${u(d(s.label||s.cmd,200,"\u2026"))} \u2014 ${c}`,y(m))}),a=r?"output of failed QA commands":"QA output";return l("qa-output",a,t,i.length>0?`**${a[0]?.toUpperCase()}${a.slice(1)}**

`:"",i,i.length>0?`
`:"")}function qe(e){let t=`${e.evidenceRead.length} file${e.evidenceRead.length===1?"":"s"}`,n=e.evidence==="events"?" (tool events)":e.evidence==="self-reported"?" (self-reported)":"",r=e.unreadCitations??[],o=r.slice(0,3).map(a=>f(a,{inTable:!0})).join(", "),i=r.length>3?` and ${r.length-3} more`:"";return`${t}${n}${r.length>0?`; cited unopened: ${o}${i}`:""}`}function de(e,t,n){let r=w(["worker","status","verdict","findings","evidence read","time","usage"]),o=e.verifiers.map(s=>`| ${u(s.worker)} | ${T(s.status,s.upstreamError,I)} | ${s.verdict??"\u2014"} | ${s.findings.length} | ${qe(s)} | ${b(s.durationMs)} | ${C(s.usage)} |
`),i=e.verifiers.map(s=>s.verdict??s.status).join(", "),a=`Verifiers (${e.verifiers.length}${i?`: ${i}`:""})`;if(o.length===0)return l("verifiers","verifiers",t,`**Verifiers:** none ran.

`,[]);if(n){let s=S(a,r);return l("verifiers","verifiers",t,s.head,o,s.tail)}return l("verifiers","verifiers",t,`**${a}**

${r}`,o,`
`)}function me(e,t,n){let r=e.executor,o=r.commits.map(s=>`- ${f(v(s.sha))} ${u(s.subject)}
`),i=r.summary.trim()===""?"_No summary._":N(d(r.summary,n.summary,k)),a=S(`Executor: ${u(r.worker)} \u2014 ${T(r.status,r.upstreamError,I)}, ${b(r.durationMs)}, ${r.commits.length} commit${r.commits.length===1?"":"s"}`,`${i}

Usage: ${C(r.usage)}

`);return l("executor","executor summary and commits",t,a.head,o,a.tail)}function fe(e,t){let n=e.convergence,r=`**Convergence:** ${n.rounds} round${n.rounds===1?"":"s"}, ${n.disputed} disputed, ${n.resolved} resolved.`;if(e.critic){let o=e.critic;r+=` **Critic:** ${u(o.worker)} \u2014 ${T(o.status,o.upstreamError,I)}, ${o.gaps} gap${o.gaps===1?"":"s"}${o.evidence?`, evidence ${qe(o)}`:""}.`}return l("convergence","convergence",t,`${r}

`,[])}function pe(e,t){let n=e.git,r=`${n.diffStat.filesChanged} files changed, +${p(n.diffStat.insertions)} \u2212${p(n.diffStat.deletions)}`,o=n.outOfPlanFiles.map(a=>`- ${f(a)}
`),i=`**Diff:** ${r} (${f(`${v(n.baseCommit)}..${v(n.headCommit)}`)})${o.length>0?`; ${o.length} outside the plan's files:`:"."}

`;return l("git","diff stat and files outside the plan",t,i,o,o.length>0?`
`:"")}function ge(e,t){let n=e.usage.workers;if(n.length===0)return l("usage","usage per worker",t,"",[]);let r=n.map(o=>`- ${u(o.worker)}: ${C(o)}
`);return x(l("usage","usage per worker",t,`**Usage by worker**

`,r,`
`))}function St(e){let t=e.refused?`refused (${e.refused})`:e.status===null?"no response":String(e.status),n=e.cachedInputTokens+e.cacheWriteTokens>0?` (${p(e.cachedInputTokens)} cached, ${p(e.cacheWriteTokens)} cache write)`:"",r=e.firstByteMs===null?"\u2014":b(Math.round(e.firstByteMs));return`| ${u(e.worker)} | ${u(e.role)} | ${e.model?f(d(e.model,80,"\u2026"),{inTable:!0}):"\u2014"} | ${f(d(e.path,120,"\u2026"),{inTable:!0})} | ${t} | ${p(e.inputTokens)} in${n} / ${p(e.outputTokens)} out | ${e.billing==="subscription"?"subscription":E(e.costUsd,!0)} | ${b(Math.round(e.durationMs))} | ${r} | ${e.retries} |
`}function xt(e,t){let n=e.usage.requests??[];if(n.length===0)return l("requests","model requests",t,"",[]);let r=w(["worker","role","model","path","status","tokens","cost","time","first byte","retries"]),o=S(`Model requests (${p(n.length)}, metered by okstra's gateway)`,r);return x(l("requests","model requests",t,o.head,{count:n.length,item:i=>St(n[i])},o.tail))}function $e(e,t){let n=w(["roster name","function","provider","model","usage"]),r=new Map(e.usage.workers.map(a=>[a.worker,a])),o=e.roster.map(a=>`| ${u(a.name)} | ${a.function} | ${a.provider} | ${a.model?f(a.model,{inTable:!0}):"\u2014"} | ${C(r.get(a.name)??null)} |
`),i=S(`Roster and usage (total ${q(e)})`,n);return l("roster","roster and usage",t,i.head,o,i.tail)}function he(e,t){let n=e.progress.map(s=>`${s.at}  ${ve(s.line)}
`),r=e.activity,o=r?`Worker activity: ${r.events} event${r.events===1?"":"s"}${r.droppedEvents>0?` (${r.droppedEvents} more left out at the size bound)`:""} in ${f(r.path)} on the ledger branch.

`:"";if(n.length===0)return l("progress","progress checkpoints",t,o,[]);let i=Re(n.join("")),a=S(`Progress checkpoints (${n.length})`,`${i}text
`);return x(l("progress","progress checkpoints",t,`${o}${a.head}`,n,`${i}
${a.tail}`))}function bt(e,t){let n=e.stageSidecarEvidence.carryJson;if(n===null)return l("carry-json","carry JSON",t,"",[]);let r=S("Stage Carry Evidence JSON",`${y(n,"json")}
`);return l("carry-json","carry JSON",t,r.head,[],r.tail)}function kt(e,t){let n=e.ledgerRow,r=n===null?`_No terminal ledger row was appended._
`:`${y(JSON.stringify(n),"json")}
`,o=S(`Ledger row (${n?.status??"none"})`,r);return l("ledger-row","ledger row",t,o.head,[],o.tail)}var yt=300;function vt(e){let t=e.replacedBy===null?"no fallback was left":`${e.replacedBy} took over`;return`${e.worker} (${e.function}) could not work: ${d(e.reason.replace(/\s+/g," "),yt,"\u2026")}; ${t}`}function Rt(e){return(e.fallbacks??[]).map(vt)}function We(e){let t=Rt(e);if(t.length===0)return g("fallbacks","",{priority:1});let n=t.map(r=>`- ${u(r)}
`).join("");return g("fallbacks",`\u{1F501} **Providers unavailable:**

${n}
`,{required:!0})}function Pe(e,t,n){if(e.length===0)return"";let r=e.map(o=>!o.counted||o.total===0?o.label:o.shown===0?`${o.label} (all ${p(o.total)})`:`${o.label} (${p(o.total-o.shown)} of ${p(o.total)})`).join("; ");return`> [!NOTE]
> Shortened to fit ${t}. Left out: ${r}. Everything is in ${n}.

`}function Q(e,t,n,r,o){let i=e.filter(m=>!m.required).map(m=>({id:m.id,label:m.label,counted:m.counted??!1,shown:m.count,total:m.count})),a=Pe(i,n,r).length+o.length,s=B(e,t,a),c=`${s.text}${Pe(s.cuts,n,r)}${o}`;return{text:d(c,t,`

\u2026 (cut at the limit)
`),cuts:s.cuts}}var Se=10;function Be(e,t){let n=e.evidence,r=e.git.outOfPlanFiles;if(!n)return g("evidence","",{priority:t});let o=[...e.qa.map(i=>`- tests of ${u(i.label||i.cmd)}: ${Ft(i.tests??null)}`),`- red, then green: ${wt(n)}`,...n.problems.map(i=>`- \u26D4 ${u(i.label)}: ${u(i.detail)}`),...r.length>0?[`- changed outside its plan: ${Ve(r).slice(2)}`]:[]];return g("evidence",`**What okstra checked itself**

${o.join(`
`)}

`,{priority:t})}function Ft(e){return e===null?"tests not counted":`${e.run} ran: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped (${e.format})`}function wt(e){switch(e.outcome){case"red-green":return e.redAtBase.length>0?`failed at the base${Ve(e.redAtBase)}; pass at the head`:"a QA command failed at the base; all pass at the head";case"no-red":return"\u26D4 nothing failed at the base with the stage\u2019s tests laid over it";case"kept":return"not asked (`tdd: none`); no test was lost";case"not-checked":return"not checked (QA failed at the head)"}}function Ve(e){return e.length===0?"":`: ${e.slice(0,Se).map(n=>f(n)).join(", ")}${e.length>Se?` and ${e.length-Se} more`:""}`}function Qe(e,t){let n=e.errorAnalysis??[];if(n.length===0)return g("error-analysis","",{priority:t});let r=n.map(o=>`- **${u(o.rule)}**: ${u(o.observed)} \u2192 ${u(o.next)}`);return g("error-analysis",`**What the fix run starts from**

${r.join(`
`)}

`,{priority:t})}var Ge="single-vendor verification",Je={claude:"Anthropic",codex:"OpenAI",gemini:"Google"};function xe(e){let t=(e??"").toLowerCase().replace(/^[a-z0-9-]+\//,"");return/^claude\b/.test(t)?"claude":/^(gpt|codex|o\d)/.test(t)?"codex":/^gemini\b/.test(t)?"gemini":null}function Ye(e){return e.provider==="command"?`command:${e.name}`:e.provider==="copilot"?xe(e.model)??`copilot:${e.model??e.name}`:e.provider}function Ct(e){if(e.provider==="command")return e.name;if(e.provider!=="copilot")return e.provider;let t=xe(e.model);return t?`${Je[t]} models`:`Copilot CLI's ${e.model??"default"} model`}function Ke(e){let t=e.find(o=>o.function==="executor"),n=e.filter(o=>o.function==="verifier");if(!t||n.length===0)return null;let r=Ye(t);return n.every(o=>Ye(o)===r)?Ct(t):null}function Tt(e,t){return`the executor and every verifier are ${e} (the verifiers in fresh read-only sessions), so no other vendor's model checked this work; add another vendor's API key and list it under ${t} in .okstra/config.yml for cross-vendor verification`}function He(e){let t=e.provider==="copilot"?xe(e.model):null;return t?`${e.name} (${Je[t]}'s ${e.model??""})`:e.name}function It(e){let t=e.find(r=>r.function==="executor"),n=e.filter(r=>r.function==="verifier");return!t||Ke(e)!==null||n.length===0||![t,...n].some(r=>r.provider==="copilot")?null:`cross-vendor verification: ${He(t)} executed; ${n.map(He).join(", ")} verified`}function ze(e){let t=Ke(e.roster);if(t===null){let o=It(e.roster),i=o===null?"":`${u(o.charAt(0).toUpperCase()+o.slice(1))}.

`;return g("single-vendor",i,{priority:1})}let r=`\u26A0\uFE0F **${Ge.charAt(0).toUpperCase()+Ge.slice(1)}:** ${Tt(u(t),f("verifiers:"))}.

`;return g("single-vendor",r,{required:!0})}var G={findingDetail:600,reason:500,outputLines:20,outputChars:2e3,summary:1e3};function Lt(e,t,n){return[_(e,t),re(e),ze(e),We(e),ie(e,n)]}function At(e){let t=e.verifiers.map(n=>n.verdict??n.status);return[`**Findings:** ${Ee(M(e.findings))}`,`**QA:** ${W(e)}`,`**Verifiers:** ${t.length>0?t.join(", "):"none"}`,`**Usage:** ${q(e)}`].join(" \xB7 ")}function ar(e,t={}){return be(O(e),t)}function be(e,t={}){let n=j(e.findings),r=[...Lt(e,"###",G),Be(e,1),Qe(e,1),oe(e),se(e,G),g("counts",`${At(e)}

`,{required:!0}),ue(e,1),ge(e,3),R("blocking",n,1,G,!1),R("major",n,2,G,!1)],o=P(e,t.fullReportUrl),i=Q(r,t.maxChars??65535,"the summary limit",o,"");return{markdown:i.text,cuts:i.cuts}}var Xe=65535,Et=50,ke=255,_t=2e4,jt={blocking:"failure",major:"warning",minor:"notice",info:"notice"},L={findingDetail:1e3,reason:800,outputLines:60,outputChars:6e3,summary:4e3},Nt={findingDetail:0,reason:600,outputLines:8,outputChars:1200,summary:0},Ut=12e3;function Ot(e,t){return`okstra: ${e} \xB7 stage ${t}`}function Dt(e){let t=e.replace(/\\/g,"/").replace(/^(?:\.\/)+/,"");return t===""||t.startsWith("/")||t.split("/").includes("..")?null:t}function Mt(e){let t=[];for(let n of[...e].sort(D)){if(!z(n)||n.file===null||n.line===null)continue;let r=Dt(n.file);if(r===null)continue;let o=U(n.detail).trim();t.push({path:r,start_line:n.line,end_line:n.endLine!==null&&n.endLine>=n.line?n.endLine:n.line,annotation_level:jt[n.severity],title:d(U(`[${n.severity}] ${n.id}: ${n.title}`).replace(/\s+/g," "),ke),message:d(`${o===""?U(n.title):o}

Raised by ${n.raisedBy}${n.confirmedBy.length>0?`; confirmed by ${n.confirmedBy.join(", ")}`:""}.`,_t)})}return t}function qt(e,t=Et){let n=[];for(let r=0;r<e.length;r+=t)n.push(e.slice(r,r+t));return n}function hr(e){return e.conclusion==="failure"||e.conclusion==="timed_out"?!0:e.conclusion==="neutral"&&(e.title??"").startsWith(Ze)}function Wt(e){return e.verdict.runStatus==="unavailable"?"neutral":e.verdict.value==="PASS"&&e.verdict.runStatus==="passed"?"success":"failure"}var Ze="Provider unavailable";function Pt(e){if(e.verdict.runStatus==="unavailable")return d(`${Ze} \u2014 ${e.verdict.reasons.join("; ")}`,ke);let t=M(e.findings),n=Z(e),{value:r,runStatus:o}=e.verdict,i=o==="contract-violated"||o==="error"?` (${o})`:r==="FAIL"&&X(e)?" (budget exceeded)":"";return d(`${e.verdict.value}${i} \u2014 ${t.blocking} blocking, ${t.major} major, ${t.minor} minor, ${t.info} info \xB7 QA ${n.passed}/${n.total}`,ke)}function Sr(e,t={}){let n=O(e),r=P(n,t.fullReportUrl),o=Bt(n,t.fullReportUrl),i=j(n.findings),a=[ae(n,1,L),V(n,1,L),ce(n,2,!1),le(n,3,L,!0),de(n,2,!1),R("minor",i,4,L,!1),R("refuted",i,6,L,!0),me(n,5,L),fe(n,2),pe(n,5),$e(n,7),he(n,8)],s=Q(a,Xe,"the check-run text limit",r,""),c=Pt(n),m=Mt(n.findings),$=qt(m),h=($.length>0?$:[[]]).map((ye,et)=>({output:et===0?{title:c,summary:o.markdown,text:s.text,annotations:ye}:{title:c,summary:o.markdown,annotations:ye}}));return{name:Ot(n.plan.id,n.stage.number),conclusion:Wt(n),title:c,summary:o.markdown,text:s.text,annotations:m,requests:h,cuts:{summary:o.cuts,text:s.cuts}}}function Bt(e,t){let n=B([V(e,0,Nt)],Ut),r=n.text===""?"":`${n.text}${n.cuts.length>0?`_More in the details below._

`:""}`,o=be(e,{maxChars:Xe-r.length,...t?{fullReportUrl:t}:{}});if(r==="")return o;let i=_(e,"###").head;return{markdown:o.markdown.startsWith(i)?`${i}${r}${o.markdown.slice(i.length)}`:`${r}${o.markdown}`,cuts:[...n.cuts,...o.cuts]}}export{on as a,p as b,Qt as c,Y as d,tt as e,Gt as f,w as g,Yt as h,H as i,Ce as j,Ht as k,ut as l,g as m,mn as n,fn as o,pn as p,Te as q,z as r,D as s,je as t,v as u,b as v,Ae as w,E as x,C as y,q as z,tn as A,T as B,Ne as C,Ue as D,P as E,De as F,oe as G,se as H,R as I,ae as J,V as K,ue as L,j as M,ce as N,le as O,de as P,me as Q,fe as R,pe as S,ge as T,xt as U,$e as V,he as W,bt as X,kt as Y,Q as Z,Be as _,Qe as $,Lt as aa,At as ba,ar as ca,Xe as da,Ot as ea,hr as fa,Sr as ga};
