import { attribute, finalReadiness, judgeFinal, parseNameLog, type StageChanges } from '../core/final/index.js';
import { finalReportPath, finalVerdictRow, reportDoneHeads, reportHeader } from '../core/final/record.js';
import { stageByNumber, topologicalOrder } from '../core/graph/index.js';
import { planFinalBranchName } from '../core/ids.js';
import {
  approvalStatus,
  deriveLedgerState,
  notApprovedMessage,
  type DoneRow,
  type LedgerState,
} from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { composeFinalVerifierPrompt } from '../core/prompts/final.js';
import { renderFinalReport } from '../core/report/final-pr.js';
import {
  type AttributedFinding,
  type FinalVerificationReport,
} from '../core/report/schema/final-verification-report.js';
import { mergeDuplicateFindings } from '../core/verdict/convergence.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import { MergeConflictError } from '../workspace/stage-workspace.js';
import { moveFinalBranch, pushFinalBranch } from './handoff.js';
import { type Dispatched } from './dispatch.js';
import { ProgressLog } from './progress.js';
import { finalQa, regressionReplay } from './final-qa.js';
import { replaySets } from '../core/final/replay.js';
import { findStaleHeads, staleGateMessage } from './stale-heads.js';
import type { EngineDeps, PlanRunRequest, RosterMember } from './types.js';
import { usageTotals } from './usage-totals.js';
import { review } from './final-review.js';

/**
 * Final verification: once every stage of an approved plan is done, every
 * verifier of the roster judges the whole change (`git diff <plan
 * base>..<final head>`) against the plan and every stage's exit contract, and
 * every stage's validation commands and the config's `qaCommands` run at the
 * final head. The final head is the single sink stage's done head, or a merge
 * of the sinks' done heads; either way it lives on `okstra/<plan-id>/final`.
 * The verdict is okstra's: QA exit codes, the verifiers' parsed results and
 * where their findings' files were changed. `accepted` appends `verified`,
 * `rejected` appends `verification-failed`, which reopens the stages to fix
 * and those built on them.
 */

export interface FinalRequest extends PlanRunRequest {
  /** The plan file's text at that commit: the verifiers read it whole. */
  planText: string;
  /** How the person who started this run asks for a fix run of a stage (the CLI's command when absent). */
  how?: 'cli' | 'github';
}

export type FinalRefusalCode =
  'not-approved' | 'not-done' | 'stale-head' | 'merge-conflict' | 'no-verifier' | 'incomplete' | 'in-progress';

export type FinalOutcome =
  | { kind: 'refused'; code: FinalRefusalCode; reason: string }
  | { kind: 'completed'; report: FinalVerificationReport; markdown: string; reportPath: string; ledgerCommit: string };

const refuse = (code: FinalRefusalCode, reason: string): FinalOutcome => ({ kind: 'refused', code, reason });

export { finalReportPath };

type Refused = Extract<FinalOutcome, { kind: 'refused' }>;

/** What a final run judges: the plan's done stages, its sinks, and the heads and base of the whole change. */
interface FinalContext {
  req: FinalRequest;
  /** The engine's edges; `run` is the same with the run's gateway, for what dispatches agents. */
  deps: EngineDeps;
  run: EngineDeps;
  state: LedgerState;
  done: ReadonlyMap<number, DoneRow>;
  sinks: number[];
  stages: number[];
  finalHead: string;
  finalBranch: string;
  baseCommit: string;
  startedAt: Date;
  progress: ProgressLog;
  metered: boolean;
}

export async function runFinal(req: FinalRequest, deps: EngineDeps): Promise<FinalOutcome> {
  const startedAt = deps.now();
  const gated = await gateFinal(req, deps);
  if ('kind' in gated) return gated;
  const { state, done, sinks, stages } = gated;
  const finalHead = await finalHeadOrRefusal(deps, req.plan, done, sinks);
  if (typeof finalHead !== 'string') return finalHead;
  const baseCommit = await planBaseOf(deps, req.plan, done);
  const progress = new ProgressLog(deps.now, deps.log);
  progress.emit('phase-1-intake', 'final', { final: finalHead.slice(0, 12), base: baseCommit.slice(0, 12) });

  const gateway = deps.startGateway
    ? await deps.startGateway({ pricing: req.config.pricing, budgets: req.config.budgets, log: deps.log })
    : null;
  const run: EngineDeps = gateway ? { ...deps, gateway } : deps;
  const finalBranch = planFinalBranchName(req.plan.id);
  const ctx: FinalContext = {
    ...{ req, deps, run, state, done, sinks, stages, finalHead, finalBranch, baseCommit, startedAt, progress },
    metered: gateway !== null,
  };
  const tree = await deps.workspace.addDetachedWorktree(finalHead);
  try {
    return await judgeFinalHead(ctx, tree);
  } finally {
    await deps.workspace.releaseWorktree(tree);
    await gateway?.close();
  }
}

/** Every gate before anything is built: a verifier, an approved plan, every stage done, no stale done head. */
async function gateFinal(
  req: FinalRequest,
  deps: EngineDeps,
): Promise<{ state: LedgerState; done: ReadonlyMap<number, DoneRow>; sinks: number[]; stages: number[] } | Refused> {
  const { plan } = req;
  if (req.roster.verifiers.length === 0)
    return refuse(
      'no-verifier',
      'final verification needs at least one verifier; set `verifiers:` in .okstra/config.yml',
    ) as Refused;
  const snapshot = await deps.ledger.read(plan.id);
  const state = deriveLedgerState(snapshot.rows);
  const approval = approvalStatus(state, req.planBlob, req.config);
  if (approval.kind === 'not-approved')
    return refuse(
      'not-approved',
      notApprovedMessage(plan.id, approval, req.approveHint ?? `\`okstra plan approve --plan ${req.planPath}\``),
    ) as Refused;
  const readiness = finalReadiness(plan, state);
  if (readiness.kind === 'not-done')
    return refuse(
      'not-done',
      `final verification of plan ${plan.id} needs every stage done; not done: ${readiness.missing.map((m) => `stage ${m.stage} (${m.position})`).join(', ')}`,
    ) as Refused;
  const stages = topologicalOrder(plan);
  const stale = await findStaleHeads(plan.id, state, stages, deps.workspace);
  if (stale.length > 0)
    return refuse('stale-head', staleGateMessage('final verification', req.planPath, stale)) as Refused;
  return { state, done: readiness.done, sinks: readiness.sinks, stages };
}

async function finalHeadOrRefusal(
  deps: EngineDeps,
  plan: Plan,
  done: ReadonlyMap<number, DoneRow>,
  sinks: number[],
): Promise<string | Refused> {
  try {
    return await finalHeadOf(deps, plan, done, sinks);
  } catch (error) {
    if (error instanceof MergeConflictError)
      return refuse(
        'merge-conflict',
        `final verification of plan ${plan.id} cannot merge its sink stages ${sinks.join(', ')}: ${error.message}`,
      ) as Refused;
    throw error;
  }
}

/** QA, the regression replay and every verifier at the final head in `tree`, then okstra's verdict, recorded. */
async function judgeFinalHead(ctx: FinalContext, tree: string): Promise<FinalOutcome> {
  const { req, deps, run, plan, finalHead, baseCommit, progress } = { ...ctx, plan: ctx.req.plan };
  await deps.workspace.sealForReview(tree, finalHead);
  // The final branch holds the head being judged, so people can look at it while it is judged.
  await moveFinalBranch(
    deps.workspace,
    ctx.finalBranch,
    finalHead,
    `okstra: final head of ${plan.id} (run ${req.runId})`,
  );
  const qa = await finalQa(req, run, tree, finalHead, progress);
  const [changedFiles, stat, changes] = await Promise.all([
    deps.workspace.changedFiles(baseCommit, finalHead),
    deps.workspace.diffStat(baseCommit, finalHead),
    stageChanges(deps, ctx.done),
  ]);
  const doneHeadOf = new Map([...ctx.done].map(([n, row]) => [n, row.head_commit]));
  const replay = await regressionReplay(req, run, finalHead, doneHeadOf, replaySets(plan, changes), progress);
  // QA ran on the final head; verifiers read it with the agent instruction files as the plan's base has them.
  const reviewAt = await deps.workspace.reviewTree(baseCommit, finalHead);
  if (reviewAt.commit !== finalHead) await deps.workspace.sealForReview(tree, reviewAt.commit);
  const diffStat = { filesChanged: stat.files, insertions: stat.insertions, deletions: stat.deletions };
  const prompt = verifierPrompt(ctx, { diffStat, changedFiles, restored: reviewAt.restored, qa });
  const view = { dir: tree, at: reviewAt.commit };
  const reviewed = await review(req, run, view, finalHead, prompt, progress, changedFiles);
  const findings: AttributedFinding[] = mergeDuplicateFindings(reviewed.findings).findings.map((f) => ({
    ...f,
    ...attribute(f.file, changes, ctx.sinks),
  }));
  const judged = judgeFinal({ plan, sinks: ctx.sinks, qa, verifiers: reviewed.verifiers, findings, replay });
  if (judged.kind === 'incomplete')
    return refuse(
      'incomplete',
      `final verification of plan ${plan.id} reached no verdict, so nothing was recorded: ${judged.reasons.join('; ')}; run it again`,
    );
  if (req.remote) await pushFinalBranch(deps.workspace, req.remote, ctx.finalBranch, finalHead);
  const git = { diffStat, changedFiles };
  const parts = { qa, replay, verifiers: reviewed.verifiers, findings, dispatched: reviewed.dispatched };
  return recordFinal(ctx, judged.verdict, git, parts);
}

/** The final verifier's prompt for one roster member: the plan, every stage's head and exit contract, the change, QA. */
function verifierPrompt(
  ctx: FinalContext,
  change: {
    diffStat: FinalVerificationReport['git']['diffStat'];
    changedFiles: string[];
    restored: string[];
    qa: FinalVerificationReport['qa'];
  },
): (member: RosterMember) => string {
  const { req, done, stages } = ctx;
  const plan = req.plan;
  return (member) =>
    composeFinalVerifierPrompt(ctx.deps.gates, {
      planId: plan.id,
      planPath: req.planPath,
      planTitle: plan.title,
      planText: req.planText,
      baseCommit: ctx.baseCommit,
      finalHead: ctx.finalHead,
      worker: member.name,
      stages: stages.map((n) => ({
        number: n,
        title: stageByNumber(plan, n).title,
        head: (done.get(n) as DoneRow).head_commit,
        exitContract: stageByNumber(plan, n).exitContract,
      })),
      diffStat: change.diffStat,
      changedFiles: change.changedFiles,
      instructionFilesRestored: change.restored,
      qa: change.qa.map((q) => ({
        label: q.label,
        cmd: q.cmd,
        passed: q.passed,
        exitCode: q.exitCode,
        outputTail: q.outputTail,
      })),
    });
}

/** The verdict row with the report (JSON and Markdown) in one ledger commit. */
async function recordFinal(
  ctx: FinalContext,
  verdict: FinalVerificationReport['verdict'],
  git: Pick<FinalVerificationReport['git'], 'diffStat' | 'changedFiles'>,
  parts: Pick<FinalVerificationReport, 'qa' | 'verifiers' | 'findings'> & {
    replay: NonNullable<FinalVerificationReport['regressionReplay']>;
    dispatched: Dispatched[];
  },
): Promise<FinalOutcome> {
  const { req, deps } = ctx;
  const plan = req.plan;
  const input = {
    ...{ plan, planPath: req.planPath, planBlob: req.planBlob, runId: req.runId, runUrl: req.runUrl },
    ...{ trigger: req.trigger, startedAt: ctx.startedAt, finishedAt: deps.now() },
    ...{ baseCommit: ctx.baseCommit, finalHead: ctx.finalHead, finalBranch: ctx.finalBranch },
    ...{ stages: ctx.stages, done: ctx.done, sinks: ctx.sinks, verdict },
  };
  const row = finalVerdictRow(input);
  const jsonPath = row.report_path;
  const report: FinalVerificationReport = {
    ...reportHeader(input),
    git: {
      ...{ baseCommit: ctx.baseCommit, finalHead: ctx.finalHead, finalBranch: ctx.finalBranch },
      merged: ctx.sinks.length > 1,
      doneHeads: reportDoneHeads(input, ctx.state),
      ...git,
    },
    verdict,
    qa: parts.qa,
    ...(parts.replay.length > 0 ? { regressionReplay: parts.replay } : {}),
    verifiers: parts.verifiers,
    findings: parts.findings,
    usage: usageTotals(parts.dispatched, ctx.metered),
    isolation: { mode: deps.sandbox.mode, detail: deps.sandbox.statement },
    ledgerRow: row,
    roster: req.roster.verifiers.map((v) => ({ name: v.name, provider: v.kind, model: v.model })),
  };
  const markdown = renderFinalReport(report, { how: req.how ?? 'cli', planPath: req.planPath });
  let ledgerCommit: string;
  try {
    ledgerCommit = (
      await deps.ledger.append({
        row,
        files: [
          { path: jsonPath, content: `${JSON.stringify(report, null, 2)}\n` },
          { path: finalReportPath(plan.id, req.runId, 'md'), content: markdown },
        ],
      })
    ).commit;
  } catch (error) {
    if (error instanceof LedgerRefusedError) return refuse('in-progress', error.message);
    throw error;
  }
  ctx.progress.emit('phase-7-conformance', 'final', { verdict: verdict.value });
  return { kind: 'completed', report, markdown, reportPath: jsonPath, ledgerCommit };
}

/** The single sink's done head, or one merge commit of every sink's done head (reused while its parents are the same). */
async function finalHeadOf(
  deps: EngineDeps,
  plan: Plan,
  done: ReadonlyMap<number, DoneRow>,
  sinks: readonly number[],
): Promise<string> {
  const heads = sinks.map((n) => (done.get(n) as DoneRow).head_commit);
  if (heads.length === 1) return heads[0] as string;
  const existing = await deps.workspace.branchHead(planFinalBranchName(plan.id));
  if (existing) {
    const parents = (await deps.workspace.git.ok(['rev-list', '--parents', '-n', '1', existing])).split(' ').slice(1);
    if (parents.length === heads.length && parents.every((p, i) => p === heads[i])) return existing;
  }
  return deps.workspace.mergeHeads(heads, `okstra: final head of ${plan.id} (merge of stages ${sinks.join(', ')})`);
}

/** Where the whole change starts: the base the root stages were built on (their merge base if the plan base moved between them). */
async function planBaseOf(deps: EngineDeps, plan: Plan, done: ReadonlyMap<number, DoneRow>): Promise<string> {
  const roots = plan.stages.filter((s) => s.dependsOn.length === 0).map((s) => done.get(s.number) as DoneRow);
  const bases = [...new Set(roots.flatMap((r) => (r.base_commit ? [r.base_commit] : [])))];
  if (bases.length === 1) return bases[0] as string;
  if (bases.length === 0) {
    const first = roots[0] as DoneRow;
    return deps.workspace.git.ok(['rev-parse', `${first.head_commit}^`]);
  }
  return deps.workspace.git.ok(['merge-base', '--octopus', ...bases]);
}

/** Per done stage, every file its own commits changed (from its recorded base to its done head), with those commits. */
async function stageChanges(deps: EngineDeps, done: ReadonlyMap<number, DoneRow>): Promise<StageChanges> {
  const entries = await Promise.all(
    [...done].map(async ([n, row]): Promise<[number, Map<string, string[]>]> => {
      const range = row.base_commit ? `${row.base_commit}..${row.head_commit}` : row.head_commit;
      const out = await deps.workspace.git.ok(['log', '--no-merges', '--format=%x00%H', '--name-only', range, '--']);
      return [n, parseNameLog(out)];
    }),
  );
  return new Map(entries);
}
