import type { OkstraConfig } from '../core/config/index.js';
import {
  GITHUB_TOKEN_LOGIN,
  githubTokenNote,
  handoffLineOf,
  planIntro,
  stackedPullPlaces,
  type StackedPullPlace,
} from '../core/final/handoff.js';
import { planBranchName } from '../core/ids.js';
import { currentDoneRow, deriveLedgerState } from '../core/ledger/index.js';
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
import { finalReportPath, type FinalOutcome } from '../engine/final.js';
import { checkHandoff, placeFinalBranch, recordHandoff, type HandoffCheck } from '../engine/handoff.js';
import { readPlanReports } from '../engine/plan-reports.js';
import type { EngineDeps } from '../engine/types.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import {
  createCompletedCheck,
  createPull,
  findOpenPullByHead,
  updatePull,
  type PlanPullRequest,
} from '../github/plan-pr.js';

/**
 * What follows an accepted final verification on GitHub, whichever shell
 * runs it: the final check, the hand-off (the final branch in place, one
 * pull request from it into the plan's base, found by its head, created or
 * updated, never duplicated — or with `handoff.mode: stacked` one per stage
 * onto its dependency's branch — and the `handed-off` row(s)) and a comment
 * on the pull requests that asked. Plain deps: the Action's mode final fills
 * them from its session.
 */

/** Where the flow says what it did: the log, and the run's Markdown summary. */
export interface HandoffOutput {
  info(line: string): void;
  warning(message: string): void;
  error(message: string): void;
  summary(markdown: string): Promise<void>;
}

export interface HandoffDeps {
  client: GitHubClient;
  repo: RepoRef;
  /** `https://github.com` or the GHES host: links to the reports on the ledger branch. */
  serverUrl: string;
  /** The run doing this, linked from the check and the comments; null off a runner. */
  runUrl: string | null;
  config: OkstraConfig;
  engine: Pick<EngineDeps, 'ledger' | 'workspace' | 'now'>;
  remote: string;
  /** The repository's default branch: a plan without `base` is handed off into it. */
  defaultBranch: string;
  /** Who the `handed-off` rows name (none for a scheduled run). */
  actor: string | null;
  /** The pull request that asked for the run (it gets the answer), if any. */
  askingPr: number | null;
  now(): Date;
  out: HandoffOutput;
}

/** The plan as read at the plan commit; `text` is the whole file. */
export interface HandoffPlan {
  plan: Plan;
  path: string;
  text: string;
}

/** The final verification's check on the final head; a check GitHub refused is a warning. */
export async function finalCheck(d: HandoffDeps, report: FinalVerificationReport, ledgerCommit: string): Promise<void> {
  const output = finalCheckOutput(report, {
    how: 'github',
    planPath: report.plan.path,
    reportUrl: finalReportUrl(d, report, ledgerCommit),
  });
  try {
    await createCompletedCheck(d.client, d.repo, {
      name: finalCheckName(report.plan.id),
      headSha: report.git.finalHead,
      conclusion: output.conclusion,
      title: output.title,
      summary: output.summary,
      ...(output.text ? { text: output.text.slice(0, CHECK_OUTPUT_LIMIT) } : {}),
      detailsUrl: d.runUrl,
      at: d.now(),
    });
  } catch (error) {
    // The verdict is on the ledger and in the summary: a check GitHub refused is said, not fatal to the hand-off.
    d.out.warning(`okstra: could not create the check ${finalCheckName(report.plan.id)} (${describeApiError(error)})`);
  }
}

function finalReportUrl(d: HandoffDeps, report: FinalVerificationReport, ledgerCommit: string): string {
  return blobUrl(d, ledgerCommit, finalReportPath(report.plan.id, report.run.id, 'md'));
}

function blobUrl(d: HandoffDeps, commit: string, path: string): string {
  return `${d.serverUrl}/${d.repo.owner}/${d.repo.repo}/blob/${commit}/${path}`;
}

/** The links under an answer: the final verification report, and this run. */
export function detailsLine(d: HandoffDeps, outcome: Extract<FinalOutcome, { kind: 'completed' }>): string {
  const link = d.runUrl;
  return `[The final verification report](${finalReportUrl(d, outcome.report, outcome.ledgerCommit)})${link ? ` · [this run](${link})` : ''}`;
}

/** What both hand-off shapes build on: the check passed, the final branch placed, each stage's line known. */
interface HandoffContext {
  loaded: HandoffPlan;
  report: FinalVerificationReport;
  ready: Extract<HandoffCheck, { kind: 'ready' }>;
  runId: string;
  /** The plan's base branch: front matter `base`, else the repository's default branch. */
  base: string;
  stages: HandoffStage[];
  links: { finalReportUrl: string | null };
}

/** The hand-off of an accepted final verification; returns the line that fails the run when it is refused, else null. */
export async function handOff(
  d: HandoffDeps,
  loaded: HandoffPlan,
  report: FinalVerificationReport,
  runId: string,
): Promise<string | null> {
  const { plan } = loaded;
  const request = { plan, planPath: loaded.path, remote: d.remote };
  const ready = await checkHandoff(request, d.engine);
  if (ready.kind === 'refused') {
    const reason = `${ready.reason} (on GitHub: \`/okstra final\`, or the okstra workflow with \`mode: final\`)`;
    d.out.error(`okstra: ${reason}`);
    await d.out.summary(`### okstra hand-off — plan \`${plan.id}\`: refused\n\n${reason}\n`);
    return reason;
  }
  // Stacked too: the final branch stays the verified head's home, though no pull request is opened from it.
  await placeFinalBranch(request, d.engine, ready);

  const snapshot = await d.engine.ledger.read(plan.id);
  const h: HandoffContext = {
    loaded,
    report,
    ready,
    runId,
    base: plan.base ?? d.defaultBranch,
    stages: await handoffStages(d, snapshot.commit, snapshot.rows, report),
    links: { finalReportUrl: snapshot.commit ? finalReportUrl(d, report, snapshot.commit) : null },
  };
  if (d.config.handoff.mode === 'stacked') await handOffStacked(d, h);
  else await handOffSingle(d, h);
  return null;
}

/** One pull request from the final branch into the plan's base. */
async function handOffSingle(d: HandoffDeps, h: HandoffContext): Promise<void> {
  const { loaded, report, ready, base, stages, links } = h;
  const { plan } = loaded;
  const { client, repo } = d;
  const body = (ciNote: string | null): string =>
    handoffPullRequestBody({ plan, planIntro: planIntro(loaded.text), report, stages, links, ciNote });
  const title = handoffPullRequestTitle(plan);
  const note = githubTokenNote(plan.id);

  const existing = await findOpenPullByHead(client, repo, ready.finalBranch);
  let pr: PlanPullRequest;
  if (existing) {
    pr = await updatePull(client, repo, existing.number, {
      title,
      body: body(existing.author === GITHUB_TOKEN_LOGIN ? note : null),
      base,
    });
  } else {
    pr = await createPull(client, repo, {
      head: ready.finalBranch,
      base,
      title,
      body: body(null),
      draft: d.config.handoff.draft,
    });
    // Who opened it is known only now; GITHUB_TOKEN's pull request gets the note at once.
    if (pr.author === GITHUB_TOKEN_LOGIN) pr = await updatePull(client, repo, pr.number, { body: body(note) });
  }
  if (pr.author === GITHUB_TOKEN_LOGIN)
    d.out.warning(
      `okstra: the hand-off pull request #${pr.number} was opened with GITHUB_TOKEN, so GitHub starts no workflow for it and the repository's CI does not run on it; configure the okstra App token (OKSTRA_APP_ID / OKSTRA_APP_PRIVATE_KEY, docs/action.md) or start CI by hand: gh workflow run <ci workflow> --ref ${ready.finalBranch}`,
    );

  await recordHandoff(
    {
      plan,
      runId: h.runId,
      actor: d.actor,
      verified: ready.verified,
      finalBranch: ready.finalBranch,
      mode: 'single',
      pr: { number: pr.number, url: pr.htmlUrl },
    },
    d.engine,
  );
  const text = `okstra: plan ${inlineCode(plan.id)} passed final verification at ${inlineCode(ready.verified.final_head.slice(0, 12))} and is handed off in #${pr.number} (${existing ? 'updated' : 'opened'}: ${inlineCode(ready.finalBranch)} into ${inlineCode(base)}).`;
  d.out.info(
    `plan ${plan.id}: handed off in pull request #${pr.number} ${pr.htmlUrl} (${existing ? 'updated' : 'opened'})`,
  );
  await d.out.summary(`\n${text}\n`);
  await commentOnAsking(d, plan, `${text}\n\n${pr.htmlUrl}`, [pr.number]);
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
async function handOffStacked(d: HandoffDeps, h: HandoffContext): Promise<void> {
  const { loaded, report, ready, stages, links } = h;
  const { plan } = loaded;
  const { client, repo } = d;
  const places = stackedPullPlaces(plan, ready.state, h.base);
  // Each stage's pull request number once it is found or opened; the bodies list the stack with what is known.
  const numbers = new Map<number, number>();
  const stack = (): StackedBodyInput['stack'] =>
    places.map((p) => ({
      number: p.stage,
      title: handoffLineOf(stages, p.stage).title,
      pullRequest: numbers.get(p.stage) ?? null,
    }));
  const body = (p: StackedPullPlace, byToken: boolean): string =>
    stackedPullRequestBody({
      plan,
      stage: handoffLineOf(stages, p.stage),
      report,
      baseBranch: p.base,
      stack: stack(),
      links,
      ciNote: byToken ? githubTokenNote(plan.id, p.head) : null,
    });

  const pulls: StackedPull[] = [];
  for (const p of places) {
    const line = handoffLineOf(stages, p.stage);
    const what = `stage ${p.stage}'s pull request (${p.head} into ${p.base})`;
    const existing = await stackStep(what, () => findOpenPullByHead(client, repo, p.head));
    let pull: StackedPull;
    if (existing) pull = { ...p, line, pr: existing, existed: true, sent: null };
    else {
      const sent = body(p, false);
      const pr = await stackStep(what, () =>
        createPull(client, repo, {
          head: p.head,
          base: p.base,
          title: stackedPullRequestTitle(plan, line),
          body: sent,
          draft: d.config.handoff.draft,
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
        updatePull(client, repo, pull.pr.number, {
          title: stackedPullRequestTitle(plan, pull.line),
          body: full,
          base: pull.base,
        }),
      );
    else if (full !== pull.sent)
      pull.pr = await stackStep(what, () => updatePull(client, repo, pull.pr.number, { body: full }));
  }

  const byToken = pulls.filter((p) => p.pr.author === GITHUB_TOKEN_LOGIN);
  if (byToken.length > 0)
    d.out.warning(
      `okstra: the stacked hand-off pull requests ${byToken.map((p) => `#${p.pr.number}`).join(', ')} were opened with GITHUB_TOKEN, so GitHub starts no workflow for them and the repository's CI does not run on them; configure the okstra App token (OKSTRA_APP_ID / OKSTRA_APP_PRIVATE_KEY, docs/action.md) or start CI by hand on each stage branch: gh workflow run <ci workflow> --ref <branch>, for ${byToken.map((p) => p.head).join(', ')}`,
    );

  for (const pull of pulls)
    await recordHandoff(
      {
        plan,
        runId: h.runId,
        actor: d.actor,
        verified: ready.verified,
        finalBranch: pull.head,
        mode: 'stacked',
        pr: { number: pull.pr.number, url: pull.pr.htmlUrl },
      },
      d.engine,
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
  d.out.info(
    `plan ${plan.id}: handed off as a stack: ${pulls.map((p) => `stage ${p.stage} in #${p.pr.number} ${p.pr.htmlUrl} (${p.existed ? 'updated' : 'opened'})`).join('; ')}`,
  );
  const message = [text, '', ...list].join('\n');
  await d.out.summary(`\n${message}\n`);
  await commentOnAsking(
    d,
    plan,
    message,
    pulls.map((p) => p.pr.number),
  );
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
  d: HandoffDeps,
  commit: string | null,
  rows: Parameters<typeof readPlanReports>[2],
  report: FinalVerificationReport,
): Promise<HandoffStage[]> {
  const { reports } = await readPlanReports(
    (c, paths) => Promise.all(paths.map((p) => d.engine.ledger.readFile(c, p))),
    commit,
    rows,
  );
  const spend = spendByStage(reports);
  const state = deriveLedgerState(rows);
  return report.git.doneHeads.map((dh) => {
    const done = currentDoneRow(state, dh.stage);
    const own = reports.find((x) => x.stage.number === dh.stage && x.run.id === done?.run_id);
    const cost = spend.get(dh.stage);
    return {
      number: dh.stage,
      title: dh.title,
      verdict: own ? own.verdict.value : null,
      attempts: dh.attempts,
      head: dh.head,
      reportUrl: commit && dh.reportPath ? blobUrl(d, commit, dh.reportPath.replace(/\.json$/, '.md')) : null,
      checkUrl: null,
      tokens: cost?.tokens ?? 0,
      costUsd: cost?.usd ?? null,
    };
  });
}

/**
 * The plan pull request (open, head `okstra/<plan-id>/plan`) and the pull
 * request that asked (`askingPr`), each once, never a hand-off pull request
 * itself.
 */
export async function commentOnAsking(
  d: HandoffDeps,
  plan: Plan,
  text: string,
  except: readonly number[] = [],
): Promise<void> {
  const targets = new Set<number>();
  try {
    const planPr = await findOpenPullByHead(d.client, d.repo, planBranchName(plan.id));
    if (planPr) targets.add(planPr.number);
  } catch (error) {
    d.out.warning(`okstra: cannot look up the plan pull request of ${plan.id} (${describeApiError(error)})`);
  }
  if (d.askingPr !== null) targets.add(d.askingPr);
  for (const n of except) targets.delete(n);
  for (const n of targets) {
    try {
      await postComment(d.client, d.repo, n, text);
    } catch (error) {
      d.out.warning(`okstra: could not comment on #${n} (${describeApiError(error)})`);
    }
  }
}
