import { stageByNumber, topologicalOrder } from '../core/graph/index.js';
import type { ReplaySet } from '../core/final/replay.js';
import type { FinalQaResult } from '../core/report/schema/final-verification-report.js';
import { overlayCommit } from '../git/overlay-commit.js';
import type { ProgressLog } from './progress.js';
import { reportable, type QaCommand } from './run-qa.js';
import type { EngineDeps } from './types.js';
import type { OkstraConfig } from '../core/config/schema.js';
import type { Plan } from '../core/plan/types.js';

const PHASE_ORDER = { pre: 0, main: 1, post: 2 } as const;

type FinalCommand = QaCommand & { stage: number | null };

/** What the final QA needs of the final request (src/engine/final.ts). */
export interface FinalQaRequest {
  plan: Plan;
  config: OkstraConfig;
  qaEnv: Record<string, string>;
}

/** Every stage's validation commands, in stage order, then the config's `qaCommands`. */
export function finalQaCommands(req: FinalQaRequest): FinalCommand[] {
  const minutes = req.config.timeouts.qaMinutes;
  return [
    ...topologicalOrder(req.plan).flatMap((n) =>
      [...stageByNumber(req.plan, n).validation]
        .sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase])
        .map((v, i) => ({
          source: 'plan' as const,
          label: `stage ${n} validation ${i + 1}${v.phase === 'main' ? '' : ` (${v.phase})`}`,
          cmd: v.cmd,
          timeoutMs: minutes * 60_000,
          stage: n,
        })),
    ),
    ...req.config.qaCommands.map((q, i) =>
      typeof q === 'string'
        ? { source: 'config' as const, label: `qaCommands ${i + 1}`, cmd: q, timeoutMs: minutes * 60_000, stage: null }
        : {
            source: 'config' as const,
            label: q.label ?? `qaCommands ${i + 1}`,
            cmd: q.cmd,
            timeoutMs: (q.timeoutMinutes ?? minutes) * 60_000,
            stage: null,
          },
    ),
  ];
}

/**
 * The final QA commands in `tree` at `head`. QA writes (builds, caches): the
 * tree is lent to its own user, then taken back and sealed again (`seal`), or
 * removed when it was a throwaway one.
 */
export async function finalQa(
  req: FinalQaRequest,
  deps: EngineDeps,
  tree: string,
  head: string,
  progress: ProgressLog,
  seal = true,
): Promise<FinalQaResult[]> {
  const commands = finalQaCommands(req);
  if (commands.length === 0) {
    progress.emit('phase-5-qa', 'no QA commands configured');
    return [];
  }
  const lease = await deps.sandbox.acquire();
  try {
    await lease.giveWrite(deps.workspace.tree(tree));
    const results = (await deps.runQa(commands, { cwd: tree, env: req.qaEnv, lease })).map(reportable);
    return results.map((r, i) => ({ ...r, stage: commands[i]?.stage ?? null }));
  } finally {
    await lease.release();
    if (seal) await deps.workspace.sealForReview(tree, head);
  }
}

/** One replayed stage: its tests as it left them, run at the final head. */
export interface Replayed extends ReplaySet {
  qa: FinalQaResult[];
}

/**
 * Regression replay (src/core/final/replay.ts): per done stage whose tests a
 * later or parallel stage changed, the final head with that stage's own test
 * files laid over it, in a throwaway tree, through the final QA commands.
 */
export async function regressionReplay(
  req: FinalQaRequest,
  deps: EngineDeps,
  finalHead: string,
  heads: ReadonlyMap<number, string>,
  sets: readonly ReplaySet[],
  progress: ProgressLog,
): Promise<Replayed[]> {
  const replayed: Replayed[] = [];
  for (const set of sets) {
    const from = heads.get(set.stage);
    if (from === undefined) continue;
    const { commit } = await overlayCommit(deps.workspace.git, {
      onto: finalHead,
      from,
      paths: set.paths,
      absent: 'keep',
      message: `okstra: stage ${set.stage}'s tests over the final head`,
    });
    progress.emit('phase-5-qa', 'regression replay', { stage: set.stage, tests: set.paths.length });
    const tree = await deps.workspace.addDetachedWorktree(commit);
    try {
      replayed.push({ ...set, qa: await finalQa(req, deps, tree, commit, progress, false) });
    } finally {
      await deps.workspace.removeWorktree(tree);
    }
  }
  return replayed;
}
