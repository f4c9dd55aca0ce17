import { finalReadiness } from '../core/final/index.js';
import { planBranchName, planFinalBranchName } from '../core/ids.js';
import { currentDoneRow, deriveLedgerState, type LedgerState } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { CHECK_OUTPUT_LIMIT } from '../core/report/check-run.js';
import {
  finalCheckName,
  finalCheckOutput,
  handoffPullRequestBody,
  handoffPullRequestTitle,
  type HandoffStage,
} from '../core/report/final-pr.js';
import { spendByStage } from '../core/report/index.js';
import type { FinalVerificationReport } from '../core/report/schema/final-verification-report.js';
import { inlineCode } from '../core/text/escape.js';
import { finalReportPath, runFinal, type FinalOutcome } from '../engine/final.js';
import { checkHandoff, placeFinalBranch, recordHandoff } from '../engine/handoff.js';
import { readPlanReports } from '../engine/plan-reports.js';
import type { GitHubClient } from '../github/client.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import {
  createCompletedCheck,
  createPull,
  findOpenPullByHead,
  updatePull,
  type PlanPullRequest,
} from '../github/plan-pr.js';
import { runUrl, triggerFor } from './context.js';
import { fetchPlanRefs, loadPlan, requestBase, type LoadedPlan, type RunResults } from './modes.js';
import type { Session } from './session.js';

/**
 * Mode `final`, and the same flow after the last stage of a stage or chain
 * run when `handoff.auto` is on: final verification of the whole change
 * (the engine's `runFinal`), its check and job summary, then, when it was
 * accepted, the hand-off: the final branch in place, one pull request from
 * it into the plan's base (found by its head, created or updated, never
 * duplicated), the `handed-off` row and a comment on the pull requests that
 * asked. A refusal writes nothing and fails the step.
 */
export async function finalMode(s: Session, r: RunResults): Promise<void> {
  const loaded = await loadPlan(s, s.inputs.plan as string, r);
  if (!loaded) return;
  await fetchPlanRefs(s, loaded.plan);
  if (s.inputs.dryRun) {
    s.io.info(`dry run: final verification of plan ${loaded.plan.id} would run now; nothing was run or written`);
    return;
  }
  await finalAndHandoff(s, loaded, r);
}

/**
 * The `handoff.auto` hook of modes stage and chain: once every stage of the
 * plan is done, the final flow runs in the same job. Nothing happens while a
 * stage is not done, nor when the last final verification already judged
 * exactly these done heads (a re-delivered run must not verify twice).
 */
export async function autoFinalAfterRun(s: Session, loaded: LoadedPlan, r: RunResults): Promise<void> {
  if (!s.config.handoff.auto || s.inputs.dryRun || r.failures.length > 0) return;
  const state = deriveLedgerState((await s.deps.ledger.read(loaded.plan.id)).rows);
  if (finalReadiness(loaded.plan, state).kind !== 'ready') return;
  if (judgedAlready(loaded.plan, state)) return;
  // Without the API there is no hand-off to make: the run's own outcome stands, and mode final does the rest.
  if (!s.client) {
    s.io.info(
      `plan ${loaded.plan.id}: every stage is done; handoff.auto needs the github-token input to open the hand-off pull request, so final verification is left to mode final (or \`/okstra final\`)`,
    );
    return;
  }
  s.io.info(
    `plan ${loaded.plan.id}: every stage is done and handoff.auto is on, so final verification and the hand-off run now, in this job`,
  );
  await finalAndHandoff(s, loaded, r);
}

function judgedAlready(plan: Plan, state: LedgerState): boolean {
  const last = state.finals.at(-1);
  if (!last) return false;
  return plan.stages.every(
    (st) => currentDoneRow(state, st.number)?.head_commit === last.done_heads[String(st.number)],
  );
}

/** Final verification, then (accepted) the hand-off; the one flow mode final and handoff.auto share. */
export async function finalAndHandoff(s: Session, loaded: LoadedPlan, r: RunResults): Promise<void> {
  const { plan } = loaded;
  // The remote's final branch, so a stale one from an earlier final head is replaced under a lease.
  await s.refs.fetchBranch(planFinalBranchName(plan.id));
  const runId = finalRunId(s);
  const outcome = await runFinal(
    {
      ...requestBase(s, loaded),
      planText: loaded.text,
      runId,
      how: 'github',
    },
    s.deps,
  );
  if (outcome.kind === 'refused') return refuseFinal(s, plan, outcome, r);

  const { report } = outcome;
  const accepted = report.verdict.value === 'accepted';
  s.io.info(
    `plan ${plan.id}: final verification ${report.verdict.value} at ${report.git.finalHead.slice(0, 12)}; report ${outcome.reportPath} on ${s.config.ledgerBranch} at ${outcome.ledgerCommit.slice(0, 12)}`,
  );
  const client = s.client;
  if (client) await finalCheck(s, client, report, outcome.ledgerCommit);
  await s.io.summary(`${s.scrub.scrubAll(outcome.markdown)}\n`);

  if (!accepted) {
    const fix = report.verdict.fixStages;
    const what = `okstra: final verification of plan ${inlineCode(plan.id)} rejected the change at ${inlineCode(report.git.finalHead.slice(0, 12))}, so nothing was handed off. Fix ${fix.length === 1 ? 'stage' : 'stages'} ${fix.join(', ')}: ${fix.map((n) => `\`/okstra retry ${n}\``).join(', ')} (a fix run${report.verdict.rebuildStages.length > 0 ? `; stages ${report.verdict.rebuildStages.join(', ')} are rebuilt on it` : ''}), then final verification runs again when every stage is done (or \`/okstra final\`).`;
    s.io.error(`okstra: plan ${plan.id}: final verification rejected the change; fix stage ${fix.join(', ')}`);
    r.failures.push(
      `plan ${plan.id}: final verification rejected the change — fix ${fix.map((n) => `stage ${n} (/okstra retry ${n})`).join(', ')}`,
    );
    if (client) await commentOnAsking(s, client, plan, [what, '', detailsLine(s, outcome)].join('\n'));
    return;
  }
  if (!client) {
    r.failures.push(
      `plan ${plan.id}: verified, but the hand-off pull request needs the github-token input; the final branch ${planFinalBranchName(plan.id)} holds the verified head`,
    );
    return;
  }
  await handOff(s, client, loaded, report, runId, r);
}

function finalRunId(s: Session): string {
  if (s.ctx.runId) return `gh-${s.ctx.runId}-${s.ctx.runAttempt}-final`;
  // Off a runner (a local trial of the bundle) there is no workflow run to name.
  const stamp = s.io.now().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  return `local-${stamp}-final`;
}

async function refuseFinal(
  s: Session,
  plan: Plan,
  outcome: Extract<FinalOutcome, { kind: 'refused' }>,
  r: RunResults,
): Promise<void> {
  const reason = outcome.code === 'stale-head' ? `${outcome.reason}. ${STALE_ON_GITHUB}` : outcome.reason;
  s.io.error(`okstra: final verification of plan ${plan.id} not run (${outcome.code}): ${reason}`);
  await s.io.summary(
    `### okstra final — plan \`${plan.id}\`: not run\n\n${reason}\n\nNothing was verified or written.\n`,
  );
  r.failures.push(`plan ${plan.id}: final verification not run: ${reason}`);
}

const STALE_ON_GITHUB =
  'On GitHub: comment `/okstra reconcile N` on the pull request for each stage named above (`--reset` puts its branch back), or run the okstra workflow with `mode: reconcile` and `stage: N`; then `/okstra final`';

async function finalCheck(
  s: Session,
  client: GitHubClient,
  report: FinalVerificationReport,
  ledgerCommit: string,
): Promise<void> {
  const output = finalCheckOutput(report, {
    how: 'github',
    planPath: report.plan.path,
    reportUrl: finalReportUrl(s, report, ledgerCommit),
  });
  try {
    await createCompletedCheck(client, s.ctx.repo, {
      name: finalCheckName(report.plan.id),
      headSha: report.git.finalHead,
      conclusion: output.conclusion,
      title: output.title,
      summary: output.summary,
      ...(output.text ? { text: output.text.slice(0, CHECK_OUTPUT_LIMIT) } : {}),
      detailsUrl: runUrl(s.ctx),
      at: s.io.now(),
    });
  } catch (error) {
    // The verdict is on the ledger and in the summary: a check GitHub refused is said, not fatal to the hand-off.
    s.io.warning(`okstra: could not create the check ${finalCheckName(report.plan.id)} (${describeApiError(error)})`);
  }
}

function finalReportUrl(s: Session, report: FinalVerificationReport, ledgerCommit: string): string {
  return blobUrl(s, ledgerCommit, finalReportPath(report.plan.id, report.run.id, 'md'));
}

function blobUrl(s: Session, commit: string, path: string): string {
  return `${s.ctx.serverUrl}/${s.ctx.repo.owner}/${s.ctx.repo.repo}/blob/${commit}/${path}`;
}

function detailsLine(s: Session, outcome: Extract<FinalOutcome, { kind: 'completed' }>): string {
  const link = runUrl(s.ctx);
  return `[The final verification report](${finalReportUrl(s, outcome.report, outcome.ledgerCommit)})${link ? ` · [this run](${link})` : ''}`;
}

/** The login GitHub gives a pull request opened with a job's GITHUB_TOKEN. */
export const GITHUB_TOKEN_LOGIN = 'github-actions[bot]';

/** What the hand-off pull request says when GITHUB_TOKEN opened it: no workflow starts for it, and the ways that work. */
export function githubTokenNote(planId: string): string {
  const branch = planFinalBranchName(planId);
  return [
    `This pull request was opened with the workflow's GITHUB_TOKEN, and GitHub starts no workflow for events caused by that token (only workflow_dispatch and repository_dispatch), so this repository's own CI has not run on it.`,
    `To get CI on it: configure the okstra GitHub App for the okstra workflow (variable OKSTRA_APP_ID and secret OKSTRA_APP_PRIVATE_KEY, see docs/action.md), so the next hand-off is made with the App's token;`,
    `or start CI by hand on the branch: gh workflow run <your CI workflow> --ref ${branch} (the workflow needs a workflow_dispatch trigger);`,
    `or close and reopen this pull request yourself.`,
  ].join('\n');
}

async function handOff(
  s: Session,
  client: GitHubClient,
  loaded: LoadedPlan,
  report: FinalVerificationReport,
  runId: string,
  r: RunResults,
): Promise<void> {
  const { plan } = loaded;
  if (s.config.handoff.mode === 'stacked') {
    const why = `plan ${plan.id}: verified, but \`handoff.mode: stacked\` (one pull request per stage) is not supported by the Action yet; set \`handoff.mode: single\` in .okstra/config.yml (one pull request from ${planFinalBranchName(plan.id)}), then \`/okstra final\``;
    s.io.error(`okstra: ${why}`);
    r.failures.push(why);
    return;
  }
  const request = { plan, planPath: loaded.path, remote: s.remote };
  const ready = await checkHandoff(request, s.deps);
  if (ready.kind === 'refused') {
    const reason = `${ready.reason} (on GitHub: \`/okstra final\`, or the okstra workflow with \`mode: final\`)`;
    s.io.error(`okstra: ${reason}`);
    await s.io.summary(`### okstra hand-off — plan \`${plan.id}\`: refused\n\n${reason}\n`);
    r.failures.push(reason);
    return;
  }
  await placeFinalBranch(request, s.deps, ready);

  const base = plan.base ?? s.rules.defaultBranch;
  const snapshot = await s.deps.ledger.read(plan.id);
  const stages = await handoffStages(s, plan, snapshot.commit, snapshot.rows, report);
  const links = { finalReportUrl: snapshot.commit ? finalReportUrl(s, report, snapshot.commit) : null };
  const body = (ciNote: string | null): string =>
    handoffPullRequestBody({ plan, planIntro: planIntro(loaded.text), report, stages, links, ciNote });
  const title = handoffPullRequestTitle(plan);
  const note = githubTokenNote(plan.id);

  const existing = await findOpenPullByHead(client, s.ctx.repo, ready.finalBranch);
  let pr: PlanPullRequest;
  if (existing) {
    pr = await updatePull(client, s.ctx.repo, existing.number, {
      title,
      body: body(existing.author === GITHUB_TOKEN_LOGIN ? note : null),
      base,
    });
  } else {
    pr = await createPull(client, s.ctx.repo, {
      head: ready.finalBranch,
      base,
      title,
      body: body(null),
      draft: s.config.handoff.draft,
    });
    // Who opened it is known only now; GITHUB_TOKEN's pull request gets the note at once.
    if (pr.author === GITHUB_TOKEN_LOGIN) pr = await updatePull(client, s.ctx.repo, pr.number, { body: body(note) });
  }
  if (pr.author === GITHUB_TOKEN_LOGIN)
    s.io.warning(
      `okstra: the hand-off pull request #${pr.number} was opened with GITHUB_TOKEN, so GitHub starts no workflow for it and the repository's CI does not run on it; configure the okstra App token (OKSTRA_APP_ID / OKSTRA_APP_PRIVATE_KEY, docs/action.md) or start CI by hand: gh workflow run <ci workflow> --ref ${ready.finalBranch}`,
    );

  await recordHandoff(
    {
      plan,
      runId,
      actor: triggerFor(s.inputs, s.ctx).actor,
      verified: ready.verified,
      finalBranch: ready.finalBranch,
      mode: 'single',
      pr: { number: pr.number, url: pr.htmlUrl },
    },
    s.deps,
  );
  const text = `okstra: plan ${inlineCode(plan.id)} passed final verification at ${inlineCode(ready.verified.final_head.slice(0, 12))} and is handed off in #${pr.number} (${existing ? 'updated' : 'opened'}: ${inlineCode(ready.finalBranch)} into ${inlineCode(base)}).`;
  s.io.info(
    `plan ${plan.id}: handed off in pull request #${pr.number} ${pr.htmlUrl} (${existing ? 'updated' : 'opened'})`,
  );
  await s.io.summary(`\n${text}\n`);
  await commentOnAsking(s, client, plan, `${text}\n\n${pr.htmlUrl}`, pr.number);
}

/** Each stage's line in the hand-off pull request: from the report's done heads and the stages' own reports. */
async function handoffStages(
  s: Session,
  plan: Plan,
  commit: string | null,
  rows: Parameters<typeof readPlanReports>[2],
  report: FinalVerificationReport,
): Promise<HandoffStage[]> {
  const { reports } = await readPlanReports(
    (c, paths) => Promise.all(paths.map((p) => s.deps.ledger.readFile(c, p))),
    commit,
    rows,
  );
  const spend = spendByStage(reports);
  const state = deriveLedgerState(rows);
  return report.git.doneHeads.map((d) => {
    const done = currentDoneRow(state, d.stage);
    const own = reports.find((x) => x.stage.number === d.stage && x.run.id === done?.run_id);
    const cost = spend.get(d.stage);
    return {
      number: d.stage,
      title: d.title,
      verdict: own ? own.verdict.value : null,
      attempts: d.attempts,
      head: d.head,
      reportUrl: commit && d.reportPath ? blobUrl(s, commit, d.reportPath.replace(/\.json$/, '.md')) : null,
      checkUrl: null,
      tokens: cost?.tokens ?? 0,
      costUsd: cost?.usd ?? null,
    };
  });
}

/** The plan's text before its Stage Map, without the front matter and the title heading: what states its goal. */
export function planIntro(text: string): string {
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  const map = /^##\s+Stage Map\s*$/im.exec(body);
  const before = map ? body.slice(0, map.index) : body;
  return before.replace(/^#\s+.*$/m, '').trim();
}

/**
 * The plan pull request (open, head `okstra/<plan-id>/plan`) and the pull
 * request that asked (`pr-number`, else the event's), each once, never the
 * hand-off pull request itself.
 */
async function commentOnAsking(
  s: Session,
  client: GitHubClient,
  plan: Plan,
  text: string,
  except: number | null = null,
): Promise<void> {
  const targets = new Set<number>();
  try {
    const planPr = await findOpenPullByHead(client, s.ctx.repo, planBranchName(plan.id));
    if (planPr) targets.add(planPr.number);
  } catch (error) {
    s.io.warning(`okstra: cannot look up the plan pull request of ${plan.id} (${describeApiError(error)})`);
  }
  const asking = s.inputs.prNumber ?? s.ctx.event.pullRequest?.number ?? null;
  if (asking !== null) targets.add(asking);
  if (except !== null) targets.delete(except);
  for (const n of targets) {
    try {
      await postComment(client, s.ctx.repo, n, text);
    } catch (error) {
      s.io.warning(`okstra: could not comment on #${n} (${describeApiError(error)})`);
    }
  }
}
