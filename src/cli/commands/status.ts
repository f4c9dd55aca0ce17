import type { Command } from 'commander';
import { deriveLedgerState } from '../../core/ledger/index.js';
import { nextStepLine, stageStatus, type StageStatusLine } from '../../core/report/stage-status.js';
import { readValidPlan } from '../load-plan.js';
import {
  distrustedLines,
  ledgerLocationOptions,
  openLedger,
  rethrowAsCliError,
  type LedgerLocation,
} from '../ledger-access.js';
import { CliError, EXIT_USAGE, type CliIo } from '../io.js';
import { printPlansStatus, statusOfAllPlans } from '../plans-status.js';
import { readPlanReportsWithGit } from '../ledger-access.js';
import { formatSpend, spendByStage, type Spend } from '../../core/report/index.js';
import { spendOf } from '../../engine/plan-reports.js';
import { renderPlanStatus, stageViews } from '../../core/report/index.js';
import { renderTable } from '../table.js';

interface StatusOptions extends LedgerLocation {
  plan?: string;
  config?: string;
  json?: boolean;
  markdown?: boolean;
}

/** What `okstra status` was asked for: every plan of the plans folder, or one plan in one format. */
export type StatusRequest =
  { kind: 'plans'; json: boolean } | { kind: 'plan'; plan: string; format: 'json' | 'markdown' | 'table' };

export function registerStatusCommand(program: Command, io: CliIo): void {
  statusCommand(program).action(async (opts: StatusOptions) => {
    const request = statusRequest(opts);
    if (request.kind === 'plans') await showPlans(io, opts, request.json);
    else await showPlan(io, opts, request.plan, request.format);
  });
}

function statusCommand(program: Command): Command {
  return ledgerLocationOptions(
    program
      .command('status')
      .description(
        "Show each stage's ledger state and the stages ready to run next; without --plan, every plan in the plans folder with its phase and next step.",
      )
      .option('--plan <file>', "the plan Markdown file (default: list every plan in the config's plansDir)")
      .option('--config <file>', 'the okstra config whose plansDir is listed (default: <repo>/.okstra/config.yml)')
      .option('--json', 'print the status as JSON')
      .option('--markdown', 'print a Markdown stage table and a Mermaid flowchart coloured by state'),
  );
}

/** --json wins over --markdown; --markdown draws one plan, so it needs --plan. */
export function statusRequest(opts: Pick<StatusOptions, 'plan' | 'json' | 'markdown'>): StatusRequest {
  if (opts.plan === undefined) {
    if (opts.markdown)
      throw new CliError(
        '--markdown draws one plan; pass --plan FILE (without --plan: a table, or --json)',
        EXIT_USAGE,
      );
    return { kind: 'plans', json: opts.json === true };
  }
  return { kind: 'plan', plan: opts.plan, format: opts.json ? 'json' : opts.markdown ? 'markdown' : 'table' };
}

async function showPlans(io: CliIo, opts: StatusOptions, json: boolean): Promise<void> {
  const { plansDir, rows } = await statusOfAllPlans(io, opts).catch(rethrowAsCliError);
  if (json) io.out(JSON.stringify({ plansDir, plans: rows }, null, 2));
  else printPlansStatus(io, plansDir, rows);
}

async function showPlan(
  io: CliIo,
  where: LedgerLocation,
  planFile: string,
  format: 'json' | 'markdown' | 'table',
): Promise<void> {
  const plan = await readValidPlan(planFile, io.cwd, io.err);
  const { store, git } = await openLedger(io, where);
  const snapshot = await store.read(plan.id).catch(rethrowAsCliError);
  const state = deriveLedgerState(snapshot.rows);
  const read = await readPlanReportsWithGit(git, snapshot.commit, snapshot.rows);
  for (const u of read.unreadable)
    io.err(
      `okstra: warning: ${u.path} on the ledger branch is ${u.problem}; its spend is not counted (see \`okstra report validate\`)`,
    );
  // Final verifications spend too: the plan's total counts them, the stage lines do not.
  const total = spendOf(read);
  const byStage = spendByStage(read.reports);
  const now = io.now();
  const { lines, next } = stageStatus(plan, state, byStage, now);
  if (format === 'json') {
    const distrusted = (snapshot.distrusted ?? []).map((d) => ({
      line: d.line,
      stage: 'stage' in d.row ? d.row.stage : null,
      status: d.row.status,
      runId: d.row.run_id,
      reason: d.reason,
    }));
    const spend = { total, unreadable: read.unreadable.map((u) => u.path) };
    const planJson = { id: plan.id, title: plan.title, path: planFile };
    io.out(
      JSON.stringify(
        { plan: planJson, ledgerCommit: snapshot.commit, stages: lines, next, spend, distrusted },
        null,
        2,
      ),
    );
    return;
  }
  // Rows the ledger does not believe are left out of every state above; say so, each with its line and the repair.
  const ignored = distrustedLines(snapshot.distrusted, plan.id);
  if (format === 'markdown') {
    const stages = stageViews(plan, state, now, byStage);
    io.out(renderPlanStatus({ planId: plan.id, planTitle: plan.title, stages, spend: total }));
    if (ignored.length > 0) io.out(['', ...ignored.map((l) => `- ⚠️ ${l}`)].join('\n'));
    return;
  }
  io.out(`plan ${plan.id}${plan.title ? ` — ${plan.title}` : ''}`);
  io.out(stageTable(lines, total.runs > 0));
  io.out(nextStepLine(next, lines));
  if (total.runs > 0) io.out(`spent so far: ${formatSpend(total)}`);
  for (const line of ignored) io.out(line);
}

/** The stage table; its spend column only once something was spent. */
function stageTable(lines: readonly StageStatusLine[], withSpend: boolean): string {
  const header = ['stage', 'title', 'state', 'detail', ...(withSpend ? ['spend'] : [])];
  const spendCell = (spend: Spend | null): string[] => (withSpend ? [spend ? formatSpend(spend) : '—'] : []);
  return renderTable(
    header,
    lines.map((l) => [String(l.number), l.title, l.state, l.detail, ...spendCell(l.spend)]),
  );
}
