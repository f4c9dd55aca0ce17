import type { OkstraConfig } from '../core/config/index.js';
import { approvalStatus, deriveLedgerState, LedgerFormatError } from '../core/ledger/index.js';
import { formatDiagnostic } from '../core/diagnostics.js';
import type { Plan } from '../core/plan/types.js';
import { formatSpend, type Spend } from '../core/report/index.js';
import { spendOf } from '../engine/plan-reports.js';
import type { Git } from '../git/git.js';
import type { GitLedgerStore } from '../git/ledger-store.js';
import type { CliIo } from './io.js';
import { openLedger, readPlanReportsWithGit, type LedgerLocation } from './ledger-access.js';
import { planPhase, shellWord } from './plan-phase.js';
import { readPlansFolder } from './plans-folder.js';
import { renderTable } from './table.js';

/** One row of `okstra status` without `--plan`. */
export interface PlanStatusRow {
  file: string;
  /** Null when the file did not parse far enough to name its plan. */
  id: string | null;
  phase: string;
  next: string;
  /** Tokens and cost of every run the ledger holds a report of (stages and final verifications); null when not read. */
  spend: Spend | null;
  /** Why the plan could not be judged: its first parse error (file:line:col) or its ledger's problem. */
  problem: string | null;
}

/**
 * Every plan of the plans folder with its phase and next step. A file that
 * does not parse, or whose ledger is corrupt, is one row with its problem:
 * it never hides the others.
 */
export async function statusOfAllPlans(
  io: CliIo,
  opts: LedgerLocation & { config?: string },
): Promise<{ plansDir: string; rows: PlanStatusRow[] }> {
  const folder = await readPlansFolder(io, opts);
  if (folder.files.length === 0) return { plansDir: folder.plansDir, rows: [] };
  const { store, git } = await openLedger(io, { ...opts, repo: folder.repoDir });
  const rows: PlanStatusRow[] = [];
  for (const { file, result, blob } of folder.files) {
    const [firstError] = result.errors;
    if (!result.plan || firstError) {
      const more = result.errors.length > 1 ? ` (+${result.errors.length - 1} more)` : '';
      rows.push({
        file,
        id: result.plan?.id ?? null,
        phase: 'invalid plan',
        next: `okstra plan validate ${shellWord(file)}`,
        spend: null,
        problem: firstError ? `${formatDiagnostic(firstError)}${more}` : `${file}: not a plan`,
      });
      continue;
    }
    rows.push({ file, id: result.plan.id, ...(await phaseOf(io, store, git, result.plan, file, blob, folder.config)) });
  }
  return { plansDir: folder.plansDir, rows };
}

async function phaseOf(
  io: CliIo,
  store: GitLedgerStore,
  git: Git,
  plan: Plan,
  file: string,
  blob: string,
  config: OkstraConfig,
): Promise<Pick<PlanStatusRow, 'phase' | 'next' | 'problem' | 'spend'>> {
  try {
    const snapshot = await store.read(plan.id);
    const state = deriveLedgerState(snapshot.rows);
    const approval = approvalStatus(state, blob, config).kind;
    const spend = spendOf(await readPlanReportsWithGit(git, snapshot.commit, snapshot.rows));
    return { ...planPhase(plan, state, io.now(), file, approval), problem: null, spend };
  } catch (error) {
    // A corrupt ledger is this plan's problem; an unreachable remote is everyone's and stops the command.
    const corrupt = formatErrorIn(error);
    if (!corrupt) throw error;
    return {
      phase: 'ledger unreadable',
      spend: null,
      next: `okstra ledger show --plan-id ${plan.id}`,
      problem: `the ledger is corrupt: ${corrupt.message}`,
    };
  }
}

function formatErrorIn(error: unknown): LedgerFormatError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof LedgerFormatError) return e;
  return null;
}

export function printPlansStatus(io: CliIo, plansDir: string, rows: readonly PlanStatusRow[]): void {
  if (rows.length === 0) {
    io.out(
      `no plans in ${plansDir}: write one as ${plansDir}/<plan-id>.md (docs/plan-format.md; \`okstra demo\` shows one), check it with \`okstra plan validate ${plansDir}/<plan-id>.md\` and commit it`,
    );
    return;
  }
  io.out(`plans in ${plansDir}`);
  io.out(
    renderTable(
      ['plan', 'file', 'phase', 'spent', 'next step'],
      rows.map((r) => [r.id ?? '?', r.file, r.phase, r.spend ? formatSpend(r.spend) : '', r.next]),
    ),
  );
  for (const r of rows) if (r.problem) io.out(`${r.id ?? r.file}: ${r.problem}`);
  io.out('one plan in detail: okstra status --plan FILE');
}
