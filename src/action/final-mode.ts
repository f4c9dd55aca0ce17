import { currentFinal, finalReadiness } from '../core/final/index.js';
import { stageByNumber, topologicalOrder } from '../core/graph/index.js';
import { planBranchName, planFinalBranchName, stageBranchName } from '../core/ids.js';
import { currentDoneRow, deriveLedgerState, type LedgerState } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { CHECK_OUTPUT_LIMIT } from '../core/report/check-run.js';
import {
  finalCheckName,
  finalCheckOutput,
  handoffPullRequestBody,
  handoffPullRequestTitle,
  stackedPullRequestBody,
  stackedPullRequestTitle,
  type HandoffStage,
  type StackedBodyInput,
} from '../core/report/final-pr.js';
import { spendByStage } from '../core/report/index.js';
import type { FinalVerificationReport } from '../core/report/schema/final-verification-report.js';
import { inlineCode } from '../core/text/escape.js';
import { finalReportPath, runFinal, type FinalOutcome } from '../engine/final.js';
import { checkHandoff, placeFinalBranch, recordHandoff, type HandoffCheck } from '../engine/handoff.js';
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
import { fetchPlanRefs, loadPlan, requestBase, runIdFor, type LoadedPlan, type RunResults } from './plan-run.js';
import type { Session } from './session.js';

/**
 * Mode `final`, and the same flow after the last stage of a stage or chain
 * run when `handoff.auto` is on: final verification of the whole change
 * (the engine's `runFinal`), its check and job summary, then, when it was
 * accepted, the hand-off: the final branch in place, one pull request from
 * it into the plan's base (found by its head, created or updated, never
 * duplicated) — or with `handoff.mode: stacked` one per stage onto its
 * dependency's branch — the `handed-off` row(s) and a comment on the pull
 * requests that asked. A refusal writes nothing and fails the step.
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
  if (currentFinal(loaded.plan, state)) return;
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

/** Final verification, then (accepted) the hand-off; the one flow mode final and handoff.auto share. */
export async function finalAndHandoff(s: Session, loaded: LoadedPlan, r: RunResults): Promise<void> {
  const { plan } = loaded;
  // The remote's final branch, so a stale one from an earlier final head is replaced under a lease.
  await s.refs.fetchBranch(planFinalBranchName(plan.id));
  const runId = runIdFor(s, 'final');
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

/**
 * What a hand-off pull request says when GITHUB_TOKEN opened it: no workflow starts for it, and the ways that work.
 * `branch` is its head: the final branch, or one stage's branch in a stacked hand-off.
 */
export function githubTokenNote(planId: string, branch: string = planFinalBranchName(planId)): string {
  return [
    `This pull request was opened with the workflow's GITHUB_TOKEN, and GitHub starts no workflow for events caused by that token (only workflow_dispatch and repository_dispatch), so this repository's own CI has not run on it.`,
    `To get CI on it: configure the okstra GitHub App for the okstra workflow (variable OKSTRA_APP_ID and secret OKSTRA_APP_PRIVATE_KEY, see docs/action.md), so the next hand-off is made with the App's token;`,
    `or start CI by hand on the branch: gh workflow run <your CI workflow> --ref ${branch} (the workflow needs a workflow_dispatch trigger);`,
    `or close and reopen this pull request yourself.`,
  ].join('\n');
}

/** What both hand-off shapes build on: the check passed, the final branch placed, each stage's line known. */
interface HandoffContext {
  loaded: LoadedPlan;
  report: FinalVerificationReport;
  ready: Extract<HandoffCheck, { kind: 'ready' }>;
  runId: string;
  /** The plan's base branch: front matter `base`, else the repository's default branch. */
  base: string;
  stages: HandoffStage[];
  links: { finalReportUrl: string | null };
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
  const request = { plan, planPath: loaded.path, remote: s.remote };
  const ready = await checkHandoff(request, s.deps);
  if (ready.kind === 'refused') {
    const reason = `${ready.reason} (on GitHub: \`/okstra final\`, or the okstra workflow with \`mode: final\`)`;
    s.io.error(`okstra: ${reason}`);
    await s.io.summary(`### okstra hand-off — plan \`${plan.id}\`: refused\n\n${reason}\n`);
    r.failures.push(reason);
    return;
  }
  // Stacked too: the final branch stays the verified head's home, though no pull request is opened from it.
  await placeFinalBranch(request, s.deps, ready);

  const snapshot = await s.deps.ledger.read(plan.id);
  const h: HandoffContext = {
    loaded,
    report,
    ready,
    runId,
    base: plan.base ?? s.rules.defaultBranch,
    stages: await handoffStages(s, plan, snapshot.commit, snapshot.rows, report),
    links: { finalReportUrl: snapshot.commit ? finalReportUrl(s, report, snapshot.commit) : null },
  };
  if (s.config.handoff.mode === 'stacked') await handOffStacked(s, client, h);
  else await handOffSingle(s, client, h);
}

/** One pull request from the final branch into the plan's base. */
async function handOffSingle(s: Session, client: GitHubClient, h: HandoffContext): Promise<void> {
  const { loaded, report, ready, base, stages, links } = h;
  const { plan } = loaded;
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
      runId: h.runId,
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
  await commentOnAsking(s, client, plan, `${text}\n\n${pr.htmlUrl}`, [pr.number]);
}

/** One stage's place in a stacked hand-off: its branch and the branch its pull request merges into. */
export interface StackedPullPlace {
  stage: number;
  head: string;
  base: string;
}

/**
 * The stack, in topological order: each stage's branch onto its dependency's
 * branch, a stage with none onto the plan's base, a stage with several onto
 * the first one its Depends-on lists (its pull request then also shows the
 * others' changes; its body names them all).
 */
export function stackedPullPlaces(plan: Plan, state: LedgerState, base: string): StackedPullPlace[] {
  const branchOf = (n: number): string => currentDoneRow(state, n)?.branch ?? stageBranchName(plan.id, n);
  return topologicalOrder(plan).map((n) => {
    const first = stageByNumber(plan, n).dependsOn[0];
    return { stage: n, head: branchOf(n), base: first === undefined ? base : branchOf(first) };
  });
}

interface StackedPull extends StackedPullPlace {
  line: HandoffStage;
  pr: PlanPullRequest;
  /** Found open by its head before this hand-off (updated), else opened by it. */
  existed: boolean;
  /** The body it was opened with; null when it existed. */
  sent: string | null;
}

/**
 * One pull request per stage onto its dependency's branch. All are found or
 * opened first, in stack order, so each number is known; then each body is
 * written with the whole stack (a pull request opened last with nothing to
 * add is left alone).
 */
async function handOffStacked(s: Session, client: GitHubClient, h: HandoffContext): Promise<void> {
  const { loaded, report, ready, stages, links } = h;
  const { plan } = loaded;
  const places = stackedPullPlaces(plan, ready.state, h.base);
  // Each stage's pull request number once it is found or opened; the bodies list the stack with what is known.
  const numbers = new Map<number, number>();
  const stack = (): StackedBodyInput['stack'] =>
    places.map((p) => ({
      number: p.stage,
      title: lineOf(stages, p.stage).title,
      pullRequest: numbers.get(p.stage) ?? null,
    }));
  const body = (p: StackedPullPlace, byToken: boolean): string =>
    stackedPullRequestBody({
      plan,
      stage: lineOf(stages, p.stage),
      report,
      baseBranch: p.base,
      stack: stack(),
      links,
      ciNote: byToken ? githubTokenNote(plan.id, p.head) : null,
    });

  const pulls: StackedPull[] = [];
  for (const p of places) {
    const line = lineOf(stages, p.stage);
    const what = `stage ${p.stage}'s pull request (${p.head} into ${p.base})`;
    const existing = await stackStep(what, () => findOpenPullByHead(client, s.ctx.repo, p.head));
    let pull: StackedPull;
    if (existing) pull = { ...p, line, pr: existing, existed: true, sent: null };
    else {
      const sent = body(p, false);
      const pr = await stackStep(what, () =>
        createPull(client, s.ctx.repo, {
          head: p.head,
          base: p.base,
          title: stackedPullRequestTitle(plan, line),
          body: sent,
          draft: s.config.handoff.draft,
        }),
      );
      pull = { ...p, line, pr, existed: false, sent };
    }
    pulls.push(pull);
    numbers.set(p.stage, pull.pr.number);
  }
  for (const pull of pulls) {
    const full = body(pull, pull.pr.author === GITHUB_TOKEN_LOGIN);
    const what = `stage ${pull.stage}'s pull request #${pull.pr.number}`;
    if (pull.existed)
      pull.pr = await stackStep(what, () =>
        updatePull(client, s.ctx.repo, pull.pr.number, {
          title: stackedPullRequestTitle(plan, pull.line),
          body: full,
          base: pull.base,
        }),
      );
    else if (full !== pull.sent)
      pull.pr = await stackStep(what, () => updatePull(client, s.ctx.repo, pull.pr.number, { body: full }));
  }

  const byToken = pulls.filter((p) => p.pr.author === GITHUB_TOKEN_LOGIN);
  if (byToken.length > 0)
    s.io.warning(
      `okstra: the stacked hand-off pull requests ${byToken.map((p) => `#${p.pr.number}`).join(', ')} were opened with GITHUB_TOKEN, so GitHub starts no workflow for them and the repository's CI does not run on them; configure the okstra App token (OKSTRA_APP_ID / OKSTRA_APP_PRIVATE_KEY, docs/action.md) or start CI by hand on each stage branch: gh workflow run <ci workflow> --ref <branch>, for ${byToken.map((p) => p.head).join(', ')}`,
    );

  const actor = triggerFor(s.inputs, s.ctx).actor;
  for (const pull of pulls)
    await recordHandoff(
      {
        plan,
        runId: h.runId,
        actor,
        verified: ready.verified,
        finalBranch: pull.head,
        mode: 'stacked',
        pr: { number: pull.pr.number, url: pull.pr.htmlUrl },
      },
      s.deps,
    );

  const opened = pulls.filter((p) => !p.existed).length;
  const counts = [
    ...(opened > 0 ? [`${opened} opened`] : []),
    ...(opened < pulls.length ? [`${pulls.length - opened} updated`] : []),
  ].join(', ');
  const text = `okstra: plan ${inlineCode(plan.id)} passed final verification at ${inlineCode(ready.verified.final_head.slice(0, 12))} and is handed off as a stack of ${pulls.length} pull ${pulls.length === 1 ? 'request' : 'requests'}, one per stage (${counts}), for review stage by stage:`;
  const list = pulls.map(
    (p) =>
      `- #${p.pr.number} stage ${p.stage}: ${inlineCode(p.head)} into ${inlineCode(p.base)}${p.existed ? ' (updated)' : ''}`,
  );
  s.io.info(
    `plan ${plan.id}: handed off as a stack: ${pulls.map((p) => `stage ${p.stage} in #${p.pr.number} ${p.pr.htmlUrl} (${p.existed ? 'updated' : 'opened'})`).join('; ')}`,
  );
  const message = [text, '', ...list].join('\n');
  await s.io.summary(`\n${message}\n`);
  await commentOnAsking(
    s,
    client,
    plan,
    message,
    pulls.map((p) => p.pr.number),
  );
}

function lineOf(stages: readonly HandoffStage[], n: number): HandoffStage {
  const line = stages.find((x) => x.number === n);
  // The verified report names every stage's done head; a stage it lacks cannot be handed off.
  if (!line)
    throw new Error(
      `stacked hand-off: the final verification report has no done head for stage ${n}; run \`/okstra final\` again`,
    );
  return line;
}

/** An API call of the stacked hand-off, its failure named by stage; what was opened before stays and is found again. */
async function stackStep<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(
      `stacked hand-off: could not create or update ${what} (${describeApiError(error)}); the pull requests opened before it stay open, and \`/okstra final\` finds and updates them`,
      { cause: error },
    );
  }
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
 * request that asked (`pr-number`, else the event's), each once, never a
 * hand-off pull request itself.
 */
async function commentOnAsking(
  s: Session,
  client: GitHubClient,
  plan: Plan,
  text: string,
  except: readonly number[] = [],
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
  for (const n of except) targets.delete(n);
  for (const n of targets) {
    try {
      await postComment(client, s.ctx.repo, n, text);
    } catch (error) {
      s.io.warning(`okstra: could not comment on #${n} (${describeApiError(error)})`);
    }
  }
}
