import { GITHUB_TOKEN_LOGIN, githubTokenNote, planIntro } from '../core/final/handoff.js';
import { currentDoneRow, deriveLedgerState } from '../core/ledger/index.js';
import { CHECK_OUTPUT_LIMIT } from '../core/report/check-run.js';
import {
  finalCheckName,
  finalCheckOutput,
  handoffPullRequestBody,
  handoffPullRequestTitle,
  type HandoffStage,
} from '../core/report/final-pr.js';
import { spendByStage } from '../core/report/plan-spend.js';
import type { FinalVerificationReport } from '../core/report/schema/final-verification-report.js';
import { inlineCode } from '../core/text/escape.js';
import { finalReportPath, type FinalOutcome } from '../engine/final.js';
import { checkHandoff, placeFinalBranch, recordHandoff } from '../engine/handoff.js';
import { readPlanReports } from '../engine/plan-reports.js';
import { describeApiError } from '../github/errors.js';
import {
  createCompletedCheck,
  createPull,
  findOpenPullByHead,
  updatePull,
  type PlanPullRequest,
} from '../github/plan-pr.js';
import { commentOnAsking, type HandoffContext, type HandoffDeps, type HandoffPlan } from './handoff-common.js';
import { handOffStacked } from './handoff-stacked.js';

// The deps and the answer on the asking pull requests live in handoff-common.ts; callers keep importing them here.
export { commentOnAsking, type HandoffDeps, type HandoffOutput, type HandoffPlan } from './handoff-common.js';

/**
 * What follows an accepted final verification on GitHub, whichever shell
 * runs it: the final check, the hand-off (the final branch in place, one
 * pull request from it into the plan's base, found by its head, created or
 * updated, never duplicated — or with `handoff.mode: stacked` one per stage
 * onto its dependency's branch — and the `handed-off` row(s)) and a comment
 * on the pull requests that asked. Plain deps: the Action's mode final fills
 * them from its session.
 */

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
