import type { OkstraConfig } from '../core/config/schema.js';
import { parseVerifierResult } from '../core/contracts/verifier.js';
import { normalizeCitation } from '../core/contracts/cited-path.js';
import { attribute, finalReadiness, judgeFinal, parseNameLog, type StageChanges } from '../core/final/index.js';
import { stageByNumber, topologicalOrder } from '../core/graph/index.js';
import { planFinalBranchName } from '../core/ids.js';
import {
  approvalStatus,
  deriveLedgerState,
  notApprovedMessage,
  type DoneRow,
  type FinalVerdictRow,
} from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { composeFinalVerifierPrompt } from '../core/prompts/final.js';
import { workerFailure } from '../core/report/failure.js';
import { renderFinalReport } from '../core/report/final-pr.js';
import type { FinalReport, TriggerKind, WorkerStatus } from '../core/report/schema/final-report.js';
import {
  FINAL_VERIFICATION_REPORT_SCHEMA,
  FINAL_VERIFICATION_REPORT_VERSION,
  type AttributedFinding,
  type FinalVerificationReport,
} from '../core/report/schema/final-verification-report.js';
import { mergeDuplicateFindings } from '../core/verdict/convergence.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import { MergeConflictError } from '../workspace/stage-workspace.js';
import { moveFinalBranch, pushFinalBranch } from './handoff.js';
import { dispatchWorker, pool, toReportUsage, upstreamErrorOf, type Dispatched } from './dispatch.js';
import { ProgressLog } from './progress.js';
import { finalQa, regressionReplay } from './final-qa.js';
import { replaySets } from '../core/final/replay.js';
import { findStaleHeads, staleGateMessage } from './stale-heads.js';
import type { EngineDeps, Roster, RosterMember } from './types.js';
import { usageTotals } from './usage-totals.js';
import { judgeEvidence, verifierFinding } from './verify.js';
import { hiddenFromPlainDiff } from '../git/change-diff.js';

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

export interface FinalRequest {
  plan: Plan;
  planPath: string;
  planCommit: string;
  planBlob: string;
  /** The plan file's text at that commit: the verifiers read it whole. */
  planText: string;
  config: OkstraConfig;
  roster: Roster;
  trigger: { kind: TriggerKind; actor: string | null; url: string | null };
  runId: string;
  runUrl: string | null;
  qaEnv: Record<string, string>;
  /** With a remote, the final branch is pushed there before the ledger records the verdict. */
  remote?: string;
  approveHint?: string;
  /** How the person who started this run asks for a fix run of a stage (the CLI's command when absent). */
  how?: 'cli' | 'github';
}

export type FinalRefusalCode =
  'not-approved' | 'not-done' | 'stale-head' | 'merge-conflict' | 'no-verifier' | 'incomplete' | 'in-progress';

export type FinalOutcome =
  | { kind: 'refused'; code: FinalRefusalCode; reason: string }
  | { kind: 'completed'; report: FinalVerificationReport; markdown: string; reportPath: string; ledgerCommit: string };

const refuse = (code: FinalRefusalCode, reason: string): FinalOutcome => ({ kind: 'refused', code, reason });

export function finalReportPath(planId: string, runId: string, ext: 'json' | 'md'): string {
  return `plans/${planId}/reports/final/${runId}.${ext}`;
}

export async function runFinal(req: FinalRequest, deps: EngineDeps): Promise<FinalOutcome> {
  const startedAt = deps.now();
  const { plan } = req;
  if (req.roster.verifiers.length === 0)
    return refuse(
      'no-verifier',
      'final verification needs at least one verifier; set `verifiers:` in .okstra/config.yml',
    );
  const snapshot = await deps.ledger.read(plan.id);
  const state = deriveLedgerState(snapshot.rows);
  const approval = approvalStatus(state, req.planBlob, req.config);
  if (approval.kind === 'not-approved')
    return refuse(
      'not-approved',
      notApprovedMessage(plan.id, approval, req.approveHint ?? `\`okstra plan approve --plan ${req.planPath}\``),
    );
  const readiness = finalReadiness(plan, state);
  if (readiness.kind === 'not-done')
    return refuse(
      'not-done',
      `final verification of plan ${plan.id} needs every stage done; not done: ${readiness.missing.map((m) => `stage ${m.stage} (${m.position})`).join(', ')}`,
    );
  const stages = topologicalOrder(plan);
  const stale = await findStaleHeads(plan.id, state, stages, deps.workspace);
  if (stale.length > 0) return refuse('stale-head', staleGateMessage('final verification', req.planPath, stale));

  const progress = new ProgressLog(deps.now, deps.log);
  const done = readiness.done;
  const sinks = readiness.sinks;
  const finalBranch = planFinalBranchName(plan.id);
  let finalHead: string;
  try {
    finalHead = await finalHeadOf(deps, plan, done, sinks);
  } catch (error) {
    if (error instanceof MergeConflictError)
      return refuse(
        'merge-conflict',
        `final verification of plan ${plan.id} cannot merge its sink stages ${sinks.join(', ')}: ${error.message}`,
      );
    throw error;
  }
  const baseCommit = await planBaseOf(deps, plan, done);
  progress.emit('phase-1-intake', 'final', { final: finalHead.slice(0, 12), base: baseCommit.slice(0, 12) });

  const gateway = deps.startGateway
    ? await deps.startGateway({ pricing: req.config.pricing, budgets: req.config.budgets, log: deps.log })
    : null;
  const run: EngineDeps = gateway ? { ...deps, gateway } : deps;
  const tree = await deps.workspace.addDetachedWorktree(finalHead);
  try {
    await deps.workspace.sealForReview(tree, finalHead);
    // The final branch holds the head being judged, so people can look at it while it is judged.
    await moveFinalBranch(
      deps.workspace,
      finalBranch,
      finalHead,
      `okstra: final head of ${plan.id} (run ${req.runId})`,
    );
    const qa = await finalQa(req, run, tree, finalHead, progress);
    const [changedFiles, stat, changes] = await Promise.all([
      deps.workspace.changedFiles(baseCommit, finalHead),
      deps.workspace.diffStat(baseCommit, finalHead),
      stageChanges(deps, done),
    ]);
    const doneHeadOf = new Map([...done].map(([n, row]) => [n, row.head_commit]));
    const replay = await regressionReplay(req, run, finalHead, doneHeadOf, replaySets(plan, changes), progress);
    // QA ran on the final head; verifiers read it with the agent instruction files as the plan's base has them.
    const reviewAt = await deps.workspace.reviewTree(baseCommit, finalHead);
    if (reviewAt.commit !== finalHead) await deps.workspace.sealForReview(tree, reviewAt.commit);
    const prompt = (member: RosterMember): string =>
      composeFinalVerifierPrompt(deps.gates, {
        planId: plan.id,
        planPath: req.planPath,
        planTitle: plan.title,
        planText: req.planText,
        baseCommit,
        finalHead,
        worker: member.name,
        stages: stages.map((n) => ({
          number: n,
          title: stageByNumber(plan, n).title,
          head: (done.get(n) as DoneRow).head_commit,
          exitContract: stageByNumber(plan, n).exitContract,
        })),
        diffStat: { filesChanged: stat.files, insertions: stat.insertions, deletions: stat.deletions },
        changedFiles,
        instructionFilesRestored: reviewAt.restored,
        qa: qa.map((q) => ({
          label: q.label,
          cmd: q.cmd,
          passed: q.passed,
          exitCode: q.exitCode,
          outputTail: q.outputTail,
        })),
      });
    const reviewed = await review(
      req,
      run,
      { dir: tree, at: reviewAt.commit },
      finalHead,
      prompt,
      progress,
      changedFiles,
    );
    const findings: AttributedFinding[] = mergeDuplicateFindings(reviewed.findings).findings.map((f) => ({
      ...f,
      ...attribute(f.file, changes, sinks),
    }));
    const judged = judgeFinal({ plan, sinks, qa, verifiers: reviewed.verifiers, findings, replay });
    if (judged.kind === 'incomplete')
      return refuse(
        'incomplete',
        `final verification of plan ${plan.id} reached no verdict, so nothing was recorded: ${judged.reasons.join('; ')}; run it again`,
      );
    if (req.remote) await pushFinalBranch(deps.workspace, req.remote, finalBranch, finalHead);
    const finishedAt = deps.now();
    const jsonPath = finalReportPath(plan.id, req.runId, 'json');
    const doneHeads = Object.fromEntries([...done].map(([n, row]) => [String(n), row.head_commit]));
    const verdict = judged.verdict;
    const verdictRow = {
      v: 1 as const,
      plan_id: plan.id,
      run_id: req.runId,
      at: finishedAt.toISOString(),
      ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
      plan_blob: req.planBlob,
      base_commit: baseCommit,
      final_head: finalHead,
      final_branch: finalBranch,
      done_heads: doneHeads,
      report_path: jsonPath,
    };
    const row: FinalVerdictRow =
      verdict.value === 'accepted'
        ? { ...verdictRow, status: 'verified' }
        : {
            ...verdictRow,
            status: 'verification-failed',
            fix_stages: verdict.fixStages,
            rebuild_stages: verdict.rebuildStages,
          };
    const report: FinalVerificationReport = {
      schema: FINAL_VERIFICATION_REPORT_SCHEMA,
      version: FINAL_VERIFICATION_REPORT_VERSION,
      plan: { id: plan.id, title: plan.title, path: req.planPath, blob: req.planBlob },
      run: {
        id: req.runId,
        startedAt: startedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        durationMs: finishedAt.getTime() - startedAt.getTime(),
        trigger: req.trigger,
        url: req.runUrl,
      },
      git: {
        baseCommit,
        finalHead,
        finalBranch,
        merged: sinks.length > 1,
        doneHeads: stages.map((n) => {
          const d = done.get(n) as DoneRow;
          return {
            stage: n,
            title: stageByNumber(plan, n).title,
            head: d.head_commit,
            branch: d.branch ?? `okstra/${plan.id}/stage-${n}`,
            attempts: state.stages.get(n)?.attempts ?? 1,
            reportPath: d.report_path,
          };
        }),
        diffStat: { filesChanged: stat.files, insertions: stat.insertions, deletions: stat.deletions },
        changedFiles,
      },
      verdict,
      qa,
      ...(replay.length > 0 ? { regressionReplay: replay } : {}),
      verifiers: reviewed.verifiers,
      findings,
      usage: usageTotals(reviewed.dispatched, gateway !== null),
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
    progress.emit('phase-7-conformance', 'final', { verdict: verdict.value });
    return { kind: 'completed', report, markdown, reportPath: jsonPath, ledgerCommit };
  } finally {
    await deps.workspace.releaseWorktree(tree);
    await gateway?.close();
  }
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

interface Reviewed {
  verifiers: FinalVerificationReport['verifiers'];
  findings: FinalReport['findings'];
  dispatched: Dispatched[];
}

/**
 * Every verifier in a fresh read-only session over the final head. With OS
 * users they share the sealed tree (the kernel keeps it read-only) and one
 * check after the batch proves it unchanged; without, each gets its own tree.
 * Either is at `view.at`, the review commit (src/git/review-commit.ts).
 */
async function review(
  req: FinalRequest,
  deps: EngineDeps,
  view: { dir: string; at: string },
  head: string,
  prompt: (member: RosterMember) => string,
  progress: ProgressLog,
  changedFiles: string[],
): Promise<Reviewed> {
  const shared = deps.sandbox.mode === 'os-user';
  const tree = view.dir;
  const context = { plan: { id: req.plan.id }, stage: 0, runId: req.runId };
  const timeoutMs = req.config.timeouts.verifierMinutes * 60_000;
  const sessions = await pool(
    req.config.concurrency.verifiers,
    req.roster.verifiers.map((member) => async () => {
      const dir = shared ? tree : await deps.workspace.addDetachedWorktree(view.at);
      try {
        // Readable by the session's user, writable by none: the file system keeps the tree as it was.
        await deps.sandbox.shareForReading(deps.workspace.tree(dir));
        const d = await dispatchWorker(
          member,
          'final-verifier',
          prompt(member),
          dir,
          timeoutMs,
          context,
          deps,
          progress,
        );
        const changed = shared ? [] : (await deps.workspace.treeState(dir)).dirty;
        return { member, d, dir, changed };
      } finally {
        if (!shared) await deps.workspace.releaseWorktree(dir);
      }
    }),
  );
  if (shared) {
    const state = await deps.workspace.treeState(tree);
    const moved = [...state.dirty, ...(state.head !== view.at ? ['(HEAD moved: a session committed)'] : [])];
    if (moved.length > 0) {
      // Which session wrote is unknowable: none of them is believed, and the tree is put back.
      for (const s of sessions) s.changed = moved;
      await deps.workspace.restore(tree, view.at);
    }
  }
  let nextId = 1;
  const verifiers: FinalVerificationReport['verifiers'] = [];
  const findings: FinalReport['findings'] = [];
  for (const s of sessions) {
    const parsed =
      s.d.result.status === 'done' && s.changed.length === 0 ? parseVerifierResult(s.d.result.finalText) : null;
    const evidenceRead = parsed?.ok ? parsed.result.evidenceRead.map((p) => normalizeCitation(p, s.dir).path) : [];
    const cited = parsed?.ok
      ? [
          ...parsed.result.findings.flatMap((f) => (f.file ? [normalizeCitation(f.file, s.dir).path] : [])),
          ...evidenceRead,
        ]
      : [];
    const evidence = await judgeEvidence(
      s.d.result,
      cited,
      async () => changedFiles,
      (paths) => hiddenFromPlainDiff(deps.workspace.git, head, paths),
    );
    const status: WorkerStatus =
      s.d.result.status !== 'done'
        ? s.d.result.status
        : s.changed.length > 0 || !parsed?.ok || evidence.unread.length > 0
          ? 'contract-violated'
          : 'done';
    const mine: string[] = [];
    if (parsed?.ok && status === 'done')
      for (const f of parsed.result.findings) {
        const finding = verifierFinding(f, `F${nextId++}`, s.member.name, s.dir);
        mine.push(finding.id);
        findings.push(finding);
      }
    const problem =
      s.changed.length > 0
        ? `changed the read-only tree (${s.changed.slice(0, 5).join(', ')}); its answer was discarded`
        : parsed && !parsed.ok
          ? `its result could not be used: ${parsed.reason}`
          : undefined;
    verifiers.push({
      worker: s.member.name,
      status,
      verdict: status === 'done' && parsed?.ok ? parsed.result.verdict : null,
      findings: mine,
      evidenceRead,
      usage: toReportUsage(s.d.result),
      durationMs: Math.round(s.d.result.durationMs),
      ...upstreamErrorOf(s.d.result),
      ...workerFailure(status, s.d.result, problem),
      ...evidence.entry,
    });
  }
  return { verifiers, findings, dispatched: sessions.map((s) => s.d) };
}
