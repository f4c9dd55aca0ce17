import { carryPath as carryPathFor, deriveLedgerState, type LedgerRow, type LedgerState } from '../core/ledger/index.js';
import { dependencyClosure, stageBase, stageByNumber, stageReadiness } from '../core/graph/index.js';
import { stageBranchName } from '../core/ids.js';
import type { Finding } from '../core/report/schema/final-report.js';
import { LedgerRefusedError } from '../git/ledger-store.js';
import { MergeConflictError } from '../git/stage-workspace.js';
import { EngineError, type EngineDeps, type RunStageRequest, type StageRefusal } from './types.js';
import { releaseAfterCrash } from './release.js';

export interface Intake {
  state: LedgerState;
  ledgerCommit: string | null;
  attempt: number;
  fixRun: boolean;
  baseCommit: string;
  branch: string;
  reusedBranch: boolean;
  /** The stage branch head before the executor ran (the base for a fresh branch). */
  startHead: string;
  claim: LedgerRow;
  carryIn: Array<{ stage: number; title: string; carryJson: string }>;
  doneStages: Array<{ number: number; title: string }>;
  previousFindings: Finding[];
}

const refuse = (code: StageRefusal['code'], reason: string): StageRefusal => ({ kind: 'refused', code, reason });

/**
 * Phase 1: decide whether the stage may run, compute its base, claim it in the
 * ledger and prepare its branch. Nothing is written before the claim lands, so
 * a refused run leaves no trace.
 */
export async function intake(req: RunStageRequest, deps: EngineDeps): Promise<Intake | StageRefusal> {
  const { plan, stage: n } = req;
  if (!plan.stages.some((s) => s.number === n)) return refuse('unknown-stage', `stage ${n} is not in plan ${plan.id} (stages: ${plan.stages.map((s) => s.number).join(', ')})`);
  const snapshot = await deps.ledger.read(plan.id);
  const state = deriveLedgerState(snapshot.rows);
  const now = deps.now();
  const readiness = stageReadiness(plan, state, n, now);
  switch (readiness.kind) {
    case 'done':
      return refuse('already-done', `stage ${n} is already done (head ${readiness.headCommit.slice(0, 12)}, run ${readiness.runId}); a done stage is not run again`);
    case 'started':
      return refuse('in-progress', `stage ${n} already in progress by run ${readiness.runId} until ${readiness.leaseUntil}${readiness.stale ? ` (lease expired: \`okstra ledger release --plan-id ${plan.id} --stage ${n}\` frees it)` : ''}`);
    case 'blocked':
      return refuse('not-ready', `stage ${n} is not ready: it depends on stage ${readiness.waitingOn.join(', ')}, which ${readiness.waitingOn.length === 1 ? 'is' : 'are'} not done`);
    case 'ready':
      break;
  }
  const fixRun = readiness.failedBefore !== null;

  const base = await resolveBase(req, deps, state);
  if ('kind' in base) return base;
  const baseCommit = base.commit;
  const branch = stageBranchName(plan.id, n);
  const existing = await deps.workspace.branchHead(branch);
  let reusedBranch = false;
  if (existing && existing !== base.commit) {
    if (!fixRun) {
      return refuse('branch-conflict', `branch ${branch} already exists at ${existing.slice(0, 12)} but the ledger records no failed run of stage ${n} to re-enter; delete it (\`git branch -D ${branch}\`) if it is left over`);
    }
    if (!(await deps.workspace.isAncestor(base.commit, existing))) {
      return refuse('branch-conflict', `branch ${branch} does not contain the stage's base ${base.commit.slice(0, 12)} (its dependencies changed since the failed run); delete the branch to start the stage afresh`);
    }
    reusedBranch = true;
  }

  const lease = new Date(now.getTime() + req.config.leaseMinutes * 60_000);
  const claim: LedgerRow = {
    v: 1, plan_id: plan.id, stage: n, status: 'started', run_id: req.runId, at: now.toISOString(), lease_until: lease.toISOString(),
    branch, base_commit: base.commit, ...(req.trigger.actor ? { actor: req.trigger.actor } : {}),
  };
  try {
    await deps.ledger.append({ row: claim });
  } catch (error) {
    if (error instanceof LedgerRefusedError) return refuse('in-progress', error.message);
    throw error;
  }
  try {
    return await afterClaim();
  } catch (error) {
    await releaseAfterCrash(req, deps, claim, error);
    throw error instanceof EngineError ? error : new EngineError(error instanceof Error ? error.message : String(error), 'intake');
  }

  async function afterClaim(): Promise<Intake> {
    if (!existing) await deps.workspace.createBranch(branch, baseCommit);
    return {
      state,
      ledgerCommit: snapshot.commit,
      attempt: (state.stages.get(n)?.attempts ?? 0) + 1,
      fixRun,
      baseCommit,
      branch,
      reusedBranch,
      startHead: existing ?? baseCommit,
      claim,
      carryIn: await readCarryIn(req, deps, state, snapshot.commit),
      doneStages: dependencyClosure(plan, n).map((d) => ({ number: d, title: stageByNumber(plan, d).title })),
      previousFindings: fixRun ? await readPreviousFindings(deps, state, n, snapshot.commit) : [],
    };
  }
}

async function resolveBase(req: RunStageRequest, deps: EngineDeps, state: LedgerState): Promise<{ commit: string } | StageRefusal> {
  const base = stageBase(req.plan, state, req.stage);
  switch (base.kind) {
    case 'blocked':
      return refuse('not-ready', `stage ${req.stage} waits for stage ${base.waitingOn.join(', ')}`);
    case 'plan-base': {
      const ref = base.ref ?? 'HEAD';
      const candidates = req.remote && base.ref ? [`refs/remotes/${req.remote}/${base.ref}`, ref] : [ref];
      for (const c of candidates) {
        const commit = await deps.workspace.resolve(c);
        if (commit) return { commit };
      }
      return refuse('bad-base', `the plan's base "${ref}" is not a commit in this repository; fix \`base:\` in the plan's front matter`);
    }
    case 'single':
      return { commit: base.commit };
    case 'merge':
      try {
        return { commit: await deps.workspace.mergeHeads(base.parents.map((p) => p.commit), `okstra: base of ${req.plan.id} stage ${req.stage} (merge of stages ${base.parents.map((p) => p.stage).join(', ')})`) };
      } catch (error) {
        if (error instanceof MergeConflictError) return refuse('merge-conflict', `stage ${req.stage} cannot start: ${error.message}`);
        throw error;
      }
  }
}

async function readCarryIn(req: RunStageRequest, deps: EngineDeps, state: LedgerState, commit: string | null): Promise<Intake['carryIn']> {
  if (!commit) return [];
  const out: Intake['carryIn'] = [];
  for (const d of stageByNumber(req.plan, req.stage).dependsOn) {
    const carryJson = await deps.ledger.readFile(commit, state.stages.get(d)?.lastDone?.carry_path ?? carryPathFor(req.plan.id, d));
    if (carryJson !== null) out.push({ stage: d, title: stageByNumber(req.plan, d).title, carryJson });
  }
  return out;
}

/** A fix run sees what the failed attempt's verifiers found, minus what convergence refuted. */
async function readPreviousFindings(deps: EngineDeps, state: LedgerState, n: number, commit: string | null): Promise<Finding[]> {
  const last = state.stages.get(n)?.last;
  if (!commit || last?.status !== 'failed' || !last.report_path?.endsWith('.json')) return [];
  const text = await deps.ledger.readFile(commit, last.report_path);
  if (!text) return [];
  try {
    const report = JSON.parse(text) as { findings?: Finding[] };
    return (report.findings ?? []).filter((f) => f.disposition !== 'refuted');
  } catch {
    return [];
  }
}
