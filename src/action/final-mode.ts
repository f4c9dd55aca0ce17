import { currentFinal, finalReadiness } from '../core/final/index.js';
import { planFinalBranchName } from '../core/ids.js';
import type { Plan } from '../core/plan/types.js';
import { inlineCode } from '../core/text/escape.js';
import { runFinal, type FinalOutcome } from '../engine/final.js';
import type { GitHubClient } from '../github/client.js';
import { commentOnAsking, detailsLine, finalCheck, handOff, type HandoffDeps } from '../triggers/handoff.js';
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
  const state = (await s.deps.ledger.readState(loaded.plan.id)).state;
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
  const d = s.client ? handoffDeps(s, s.client) : null;
  if (d) await finalCheck(d, report, outcome.ledgerCommit);
  await s.io.summary(`${s.scrub.scrubAll(outcome.markdown)}\n`);

  if (!accepted) {
    const fix = report.verdict.fixStages;
    const what = `okstra: final verification of plan ${inlineCode(plan.id)} rejected the change at ${inlineCode(report.git.finalHead.slice(0, 12))}, so nothing was handed off. Fix ${fix.length === 1 ? 'stage' : 'stages'} ${fix.join(', ')}: ${fix.map((n) => `\`/okstra retry ${n}\``).join(', ')} (a fix run${report.verdict.rebuildStages.length > 0 ? `; stages ${report.verdict.rebuildStages.join(', ')} are rebuilt on it` : ''}), then final verification runs again when every stage is done (or \`/okstra final\`).`;
    s.io.error(`okstra: plan ${plan.id}: final verification rejected the change; fix stage ${fix.join(', ')}`);
    r.failures.push(
      `plan ${plan.id}: final verification rejected the change — fix ${fix.map((n) => `stage ${n} (/okstra retry ${n})`).join(', ')}`,
    );
    if (d) await commentOnAsking(d, plan, [what, '', detailsLine(d, outcome)].join('\n'));
    return;
  }
  if (!d) {
    r.failures.push(
      `plan ${plan.id}: verified, but the hand-off pull request needs the github-token input; the final branch ${planFinalBranchName(plan.id)} holds the verified head`,
    );
    return;
  }
  const refused = await handOff(d, loaded, report, runId);
  if (refused !== null) r.failures.push(refused);
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

/** The hand-off flow's deps (src/triggers/handoff.ts) from the session. */
function handoffDeps(s: Session, client: GitHubClient): HandoffDeps {
  return {
    client,
    repo: s.ctx.repo,
    serverUrl: s.ctx.serverUrl,
    runUrl: runUrl(s.ctx),
    config: s.config,
    engine: s.deps,
    remote: s.remote,
    defaultBranch: s.rules.defaultBranch,
    actor: triggerFor(s.inputs, s.ctx).actor,
    askingPr: s.inputs.prNumber ?? s.ctx.event.pullRequest?.number ?? null,
    now: s.io.now,
    out: s.io,
  };
}
