import { judgeStageEvidence, type CountedRun } from '../core/evidence/judge.js';
import { isTestPath } from '../core/scope/qa-definitions.js';
import type { FinalReport } from '../core/report/schema/final-report.js';
import type { StageEvidence } from '../core/report/schema/evidence.js';
import { overlayCommit } from '../git/overlay-commit.js';
import type { ProgressLog } from './progress.js';
import { reportable, type QaRun } from './run-qa.js';
import type { EngineDeps, QaCommand, RunStageRequest } from './types.js';

/** Setup first, then the checks, then what must run last (docs/plan-format.md). */
const PHASE_ORDER = { pre: 0, main: 1, post: 2 } as const;

export interface CheckedStage {
  qa: FinalReport['qa'];
  /** Absent when no QA command ran. */
  evidence: StageEvidence | undefined;
  /** okstra's own blocking reasons from the evidence. */
  reasons: string[];
}

/** The stage's QA commands in the order they run: its validation by phase, then the config's `qaCommands`. */
export function stageQaCommands(req: RunStageRequest): QaCommand[] {
  const stage = req.plan.stages.find((s) => s.number === req.stage);
  const minutes = req.config.timeouts.qaMinutes;
  return [
    ...[...(stage?.validation ?? [])]
      .sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase])
      .map((v, i) => ({
        source: 'plan' as const,
        label: `validation ${i + 1}${v.phase === 'main' ? '' : ` (${v.phase})`}`,
        cmd: v.cmd,
        timeoutMs: minutes * 60_000,
      })),
    ...req.config.qaCommands.map((q, i) =>
      typeof q === 'string'
        ? { source: 'config' as const, label: `qaCommands ${i + 1}`, cmd: q, timeoutMs: minutes * 60_000 }
        : {
            source: 'config' as const,
            label: q.label ?? `qaCommands ${i + 1}`,
            cmd: q.cmd,
            timeoutMs: (q.timeoutMinutes ?? minutes) * 60_000,
          },
    ),
  ];
}

/**
 * Phase 5's evidence: the QA commands at the head, then — when they all
 * passed — the same commands at the stage's base with the stage's new and
 * changed tests laid over it (one extra QA run), so okstra sees the tests
 * fail without the change and counts what each side ran.
 */
export async function checkStage(
  req: RunStageRequest,
  deps: EngineDeps,
  at: { base: string; head: string; changed: readonly string[]; stageTree: string | null },
  progress: ProgressLog,
): Promise<CheckedStage> {
  const commands = stageQaCommands(req);
  if (commands.length === 0) {
    progress.emit('phase-5-qa', 'no QA commands configured');
    return { qa: [], evidence: undefined, reasons: [] };
  }
  const head = await runQaAt(deps, req, commands, at.head, at.stageTree, progress, '');
  let changedTests: string[] = [];
  let base: QaRun[] | null = null;
  let baseCommit: string | null = null;
  // A head that fails QA fails the stage already: what its base does would change nothing.
  if (head.every((r) => r.passed)) {
    // A test the stage deleted stays as the base has it: it runs there, and its loss shows in the counts.
    const overlay = await overlayCommit(deps.workspace.git, {
      onto: at.base,
      from: at.head,
      paths: at.changed.filter(isTestPath),
      absent: 'keep',
      message: `okstra: stage ${req.stage}'s tests over its base`,
    });
    baseCommit = overlay.commit;
    changedTests = overlay.taken;
    base = await runQaAt(deps, req, commands, baseCommit, null, progress, 'at the base, with the stage’s tests');
  }
  const stage = req.plan.stages.find((s) => s.number === req.stage);
  const judged = judgeStageEvidence({
    tdd: stage?.tdd ?? 'red-green',
    changedTests,
    head: head.map(counted),
    base: base?.map(counted) ?? null,
    baseCommit,
  });
  return { qa: head.map(reportable), evidence: judged.evidence, reasons: judged.reasons };
}

function counted(run: QaRun): CountedRun {
  return { label: run.label, exitCode: run.exitCode, passed: run.passed, count: run.count };
}

/**
 * Runs `commands` at `commit` as a QA user of its own. QA builds and tests, so
 * it writes: a sealed stage tree is lent to that user (no second checkout),
 * then taken back and sealed at the head again, so what QA wrote never
 * reaches a reviewer; any other commit gets a throwaway tree.
 */
async function runQaAt(
  deps: EngineDeps,
  req: RunStageRequest,
  commands: readonly QaCommand[],
  commit: string,
  stageTree: string | null,
  progress: ProgressLog,
  where: string,
): Promise<QaRun[]> {
  const dir = stageTree ?? (await deps.workspace.addDetachedWorktree(commit));
  const lease = await deps.sandbox.acquire();
  try {
    await lease.giveWrite(deps.workspace.tree(dir));
    const results = await deps.runQa(commands, { cwd: dir, env: req.qaEnv, lease });
    for (const r of results)
      progress.emit('phase-5-qa', where, {
        label: r.label,
        exit: r.exitCode ?? 'killed',
        passed: String(r.passed),
        tests: r.count ? `${r.count.passed}/${r.count.run} passed, ${r.count.skipped} skipped` : 'not counted',
      });
    return results;
  } finally {
    await lease.release();
    if (stageTree) await deps.workspace.sealForReview(stageTree, commit);
    else await deps.workspace.removeWorktree(dir);
  }
}
