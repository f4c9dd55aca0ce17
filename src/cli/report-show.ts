import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { planIdProblem } from '../core/ids.js';
import { isStageRow, type StageRow } from '../core/ledger/index.js';
import type { Plan } from '../core/plan/types.js';
import { CliError, type CliIo } from './io.js';
import { openLedger, rethrowAsCliError, type LedgerLocation } from './ledger-access.js';
import { readValidPlan } from './load-plan.js';
import { shellWord } from './plan-phase.js';
import { planIds, readPlansFolder, type PlansFolder } from './plans-folder.js';

export interface ReportQuery extends LedgerLocation {
  plan?: string;
  stage?: number;
  run?: string;
  config?: string;
}

/** The report a query picked, as stored on the ledger branch. */
export interface StoredReport {
  planId: string;
  row: Exclude<StageRow, { status: 'started' }>;
  /** Where the report JSON lives on the ledger branch. */
  reportPath: string;
  /** The report JSON's text exactly as stored. */
  json: string;
  /** The Markdown stored beside it, or null when there is none. */
  markdown: string | null;
}

/**
 * `okstra report show`'s choice: the report of `--run R`, else the newest
 * finished run of `--stage N`, else the newest finished run of the plan.
 * Every miss names what exists and the command that lists it.
 */
export async function findStoredReport(io: CliIo, q: ReportQuery): Promise<StoredReport> {
  const folder = await readPlansFolder(io, q);
  const { planId, plan, listed } = await pickPlan(io, folder, q.plan);
  const { store } = await openLedger(io, { ...q, repo: folder.repoDir });
  const snapshot = await store.read(planId).catch(rethrowAsCliError);
  if (!plan && (snapshot.allRows ?? snapshot.rows).length === 0)
    throw new CliError(
      `no plan ${planId}: it is not in ${folder.plansDir} and the ledger holds no run of it; ${listed} (\`okstra status\` lists them)`,
    );
  const finished = snapshot.rows.filter(isStageRow).filter((r): r is StoredReport['row'] => r.status !== 'started');
  const statusCommand = plan
    ? `okstra status --plan ${shellWord(plan.path)}`
    : `okstra ledger show --plan-id ${planId}`;

  if (q.stage !== undefined && plan && !plan.stages.some((s) => s.number === q.stage))
    throw new CliError(
      `plan ${planId} has no stage ${q.stage}; its stages: ${plan.stages.map((s) => s.number).join(', ') || 'none'} (\`${statusCommand}\`)`,
    );

  let row: StoredReport['row'] | undefined;
  if (q.run !== undefined) {
    row = finished.findLast((r) => r.run_id === q.run);
    if (!row) {
      const started = snapshot.rows.filter(isStageRow).find((r) => r.run_id === q.run);
      if (started)
        throw new CliError(
          `run ${q.run} of plan ${planId} (stage ${started.stage}) has not finished, so it has no report yet (\`${statusCommand}\`)`,
        );
      const runs = [...new Set(finished.map((r) => r.run_id))];
      throw new CliError(
        `plan ${planId} has no finished run ${q.run}; ${runs.length > 0 ? `its runs: ${runs.slice(-10).join(', ')}${runs.length > 10 ? ` (the last 10 of ${runs.length})` : ''}` : 'no run of it has finished yet'} (\`okstra ledger show --plan-id ${planId}\` lists them)`,
      );
    }
    if (q.stage !== undefined && row.stage !== q.stage)
      throw new CliError(
        `run ${q.run} is a run of stage ${row.stage}, not stage ${q.stage}; leave out --stage or fix it`,
      );
  } else if (q.stage !== undefined) {
    row = finished.findLast((r) => r.stage === q.stage);
    if (!row) {
      const stages = [...new Set(finished.map((r) => r.stage))].sort((a, b) => a - b);
      throw new CliError(
        `stage ${q.stage} of plan ${planId} has no finished run yet; ${stages.length > 0 ? `stages with reports: ${stages.join(', ')}` : 'no stage has one'} (\`${statusCommand}\`)`,
      );
    }
  } else {
    row = finished.at(-1);
    if (!row)
      throw new CliError(
        `plan ${planId} has no finished run yet, so no report${plan ? ` (\`okstra chain --plan ${shellWord(plan.path)}\` runs it)` : ''}`,
      );
  }

  const reportPath = row.report_path;
  if (!reportPath)
    throw new CliError(
      `the ${row.status} row of run ${row.run_id} names no report (\`okstra ledger show --plan-id ${planId}\`)`,
    );
  const commit = snapshot.commit as string;
  const json = await store.readFile(commit, reportPath);
  if (json === null)
    throw new CliError(
      `the ledger row of run ${row.run_id} names the report ${reportPath}, which is not on the ledger branch (\`okstra ledger show --plan-id ${planId}\`)`,
    );
  const markdown = reportPath.endsWith('.json')
    ? await store.readFile(commit, reportPath.replace(/\.json$/, '.md'))
    : null;
  return { planId, row, reportPath, json, markdown };
}

/** The plan `--plan` names (an id, or a plan file), or the only one the plans folder holds. */
async function pickPlan(
  io: CliIo,
  folder: PlansFolder,
  given: string | undefined,
): Promise<{ planId: string; plan: Plan | null; listed: string }> {
  const ids = planIds(folder);
  const byId = (id: string): Plan | null =>
    folder.files.find((f) => f.result.errors.length === 0 && f.result.plan?.id === id)?.result.plan ?? null;
  const listed =
    ids.length > 0 ? `the plans in ${folder.plansDir}: ${ids.join(', ')}` : `${folder.plansDir} holds no plan`;
  if (given === undefined) {
    const [only] = ids;
    if (ids.length === 1 && only !== undefined) return { planId: only, plan: byId(only), listed };
    throw new CliError(
      ids.length === 0
        ? `${listed}; pass --plan ID (\`okstra ledger show --plan-id ID\` reads a plan's ledger)`
        : `which plan? pass --plan ID; ${listed} (\`okstra status\` lists them)`,
    );
  }
  const known = byId(given);
  if (known) return { planId: given, plan: known, listed };
  // A path to a plan file works too, as `--plan` does for `status` and `run`.
  if (given.endsWith('.md') && existsSync(isAbsolute(given) ? given : resolve(io.cwd, given))) {
    const plan = await readValidPlan(given, io.cwd, io.err);
    return { planId: plan.id, plan, listed };
  }
  const problem = planIdProblem(given);
  if (problem) throw new CliError(`--plan ${JSON.stringify(given)}: ${problem}; ${listed}`);
  // Not in the folder (a plan since removed, another folder): its ledger may still hold reports.
  return { planId: given, plan: null, listed };
}
