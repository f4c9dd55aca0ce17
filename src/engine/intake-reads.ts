import type { FailureCause } from '../core/evidence/error-analysis.js';
import { carryPath as carryPathFor, type LedgerState } from '../core/ledger/index.js';
import { stageByNumber } from '../core/graph/index.js';
import type { Finding } from '../core/report/schema/final-report.js';
import { FINAL_VERIFICATION_REPORT_SCHEMA } from '../core/report/schema/final-verification-report.js';
import type { EngineDeps, RunStageRequest } from './types.js';

/**
 * What a stage run reads of the ledger it decided its claim on, for its
 * prompts: the carries of the stages it builds on and, for a fix run, what
 * its failed attempt's report found. Reads only, none of which depends on
 * the claim: intake reads them while the claim's push is in flight.
 */
export interface LedgerInputs {
  carryIn: Array<{ stage: number; title: string; carryJson: string }>;
  previousFindings: Finding[];
  /** Why the previous attempt failed by okstra's own observation (its report's error analysis). */
  previousAnalysis: FailureCause[];
}

/** The carries of the stages this one builds on, and for a fix run what its failed attempt's report found. */
export async function readLedgerInputs(
  req: RunStageRequest,
  deps: EngineDeps,
  snapshot: { state: LedgerState; commit: string | null },
  fixRun: boolean,
): Promise<LedgerInputs> {
  const { state, commit } = snapshot;
  const none = { previousFindings: [], previousAnalysis: [] };
  const [carryIn, previous] = await Promise.all([
    readCarryIn(req, deps, state, commit),
    fixRun ? readPrevious(deps, state, req.stage, commit) : none,
  ]);
  return { carryIn, ...previous };
}

async function readCarryIn(
  req: RunStageRequest,
  deps: EngineDeps,
  state: LedgerState,
  commit: string | null,
): Promise<LedgerInputs['carryIn']> {
  if (!commit) return [];
  const dependsOn = stageByNumber(req.plan, req.stage).dependsOn;
  // Every carry at once (a cat-file each, side by side).
  const read = await Promise.all(
    dependsOn.map((d) =>
      deps.ledger.readFile(commit, state.stages.get(d)?.lastDone?.carry_path ?? carryPathFor(req.plan.id, d)),
    ),
  );
  return dependsOn.flatMap((d, i) => {
    const carryJson = read[i] ?? null;
    return carryJson === null ? [] : [{ stage: d, title: stageByNumber(req.plan, d).title, carryJson }];
  });
}

/** A fix run sees what the failed attempt's verifiers found, minus what convergence refuted. */
async function readPrevious(
  deps: EngineDeps,
  state: LedgerState,
  n: number,
  commit: string | null,
): Promise<{ previousFindings: Finding[]; previousAnalysis: FailureCause[] }> {
  const none = { previousFindings: [], previousAnalysis: [] };
  const last = state.stages.get(n)?.last;
  if (!commit || last?.status !== 'failed' || !last.report_path?.endsWith('.json')) return none;
  const text = await deps.ledger.readFile(commit, last.report_path);
  if (!text) return none;
  try {
    const report = JSON.parse(text) as {
      schema?: string;
      findings?: Array<Finding & { stages?: number[] }>;
      errorAnalysis?: FailureCause[];
    };
    // A final verification's findings span the plan: this stage sees those attributed to it.
    const mine = (f: { stages?: number[] }): boolean =>
      report.schema !== FINAL_VERIFICATION_REPORT_SCHEMA || (f.stages ?? []).includes(n);
    const findings = (report.findings ?? [])
      .filter((f) => f.disposition !== 'refuted' && mine(f))
      .map(({ stages: _stages, commits: _commits, ...f }: Finding & { stages?: number[]; commits?: string[] }) => f);
    return {
      previousFindings: findings,
      previousAnalysis: Array.isArray(report.errorAnalysis) ? report.errorAnalysis : [],
    };
  } catch {
    return none;
  }
}
