import type { Command } from 'commander';
import { deriveLedgerState, type LedgerRow } from '../../core/ledger/index.js';
import {
  readyStages,
  stageReadiness,
  topologicalOrder,
  stageByNumber,
  type StageReadiness,
} from '../../core/graph/index.js';
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

export interface StageStatusLine {
  number: number;
  title: string;
  dependsOn: number[];
  state: 'pending' | 'ready' | 'started' | 'done' | 'failed';
  detail: string;
  readiness: StageReadiness;
  /** What this stage's runs spent (every attempt); null when none of its reports could be read. */
  spend: Spend | null;
}

export function registerStatusCommand(program: Command, io: CliIo): void {
  ledgerLocationOptions(
    program
      .command('status')
      .description(
        "Show each stage's ledger state and the stages ready to run next; without --plan, every plan in the plans folder with its phase and next step.",
      )
      .option('--plan <file>', "the plan Markdown file (default: list every plan in the config's plansDir)")
      .option('--config <file>', 'the okstra config whose plansDir is listed (default: <repo>/.okstra/config.yml)')
      .option('--json', 'print the status as JSON')
      .option('--markdown', 'print a Markdown stage table and a Mermaid flowchart coloured by state'),
  ).action(async (opts: LedgerLocation & { plan?: string; config?: string; json?: boolean; markdown?: boolean }) => {
    if (opts.plan === undefined) {
      if (opts.markdown)
        throw new CliError(
          '--markdown draws one plan; pass --plan FILE (without --plan: a table, or --json)',
          EXIT_USAGE,
        );
      const { plansDir, rows } = await statusOfAllPlans(io, opts).catch(rethrowAsCliError);
      if (opts.json) io.out(JSON.stringify({ plansDir, plans: rows }, null, 2));
      else printPlansStatus(io, plansDir, rows);
      return;
    }
    const plan = await readValidPlan(opts.plan, io.cwd, io.err);
    const { store, git } = await openLedger(io, opts);
    const snapshot = await store.read(plan.id).catch(rethrowAsCliError);
    const state = deriveLedgerState(snapshot.rows);
    const read = await readPlanReportsWithGit(git, snapshot.commit, snapshot.rows);
    const { reports, unreadable } = read;
    for (const u of unreadable)
      io.err(
        `okstra: warning: ${u.path} on the ledger branch is ${u.problem}; its spend is not counted (see \`okstra report validate\`)`,
      );
    // Final verifications spend too: the plan's total counts them, the stage lines do not.
    const total = spendOf(read);
    const byStage = spendByStage(reports);
    const now = io.now();
    const lines: StageStatusLine[] = topologicalOrder(plan).map((n) => {
      const stage = stageByNumber(plan, n);
      const readiness = stageReadiness(plan, state, n, now);
      return {
        number: n,
        title: stage.title,
        dependsOn: stage.dependsOn,
        ...describe(readiness, failedDetail(state.stages.get(n)?.last)),
        readiness,
        spend: byStage.get(n) ?? null,
      };
    });
    const next = readyStages(plan, state, now);
    // Rows the ledger does not believe are left out of every state above; say so, each with its line and the repair.
    const ignored = distrustedLines(snapshot.distrusted, plan.id);
    if (opts.json) {
      const spend = { total, unreadable: unreadable.map((u) => u.path) };
      const distrusted = (snapshot.distrusted ?? []).map((d) => ({
        line: d.line,
        stage: 'stage' in d.row ? d.row.stage : null,
        status: d.row.status,
        runId: d.row.run_id,
        reason: d.reason,
      }));
      io.out(
        JSON.stringify(
          {
            plan: { id: plan.id, title: plan.title, path: opts.plan },
            ledgerCommit: snapshot.commit,
            stages: lines,
            next,
            spend,
            distrusted,
          },
          null,
          2,
        ),
      );
      return;
    }
    if (opts.markdown) {
      io.out(
        renderPlanStatus({
          planId: plan.id,
          planTitle: plan.title,
          stages: stageViews(plan, state, now, byStage),
          spend: total,
        }),
      );
      if (ignored.length > 0) io.out(['', ...ignored.map((l) => `- ⚠️ ${l}`)].join('\n'));
      return;
    }
    io.out(`plan ${plan.id}${plan.title ? ` — ${plan.title}` : ''}`);
    const withSpend = total.runs > 0;
    const header = ['stage', 'title', 'state', 'detail', ...(withSpend ? ['spend'] : [])];
    io.out(
      renderTable(
        header,
        lines.map((l) => [
          String(l.number),
          l.title,
          l.state,
          l.detail,
          ...(withSpend ? [l.spend ? formatSpend(l.spend) : '—'] : []),
        ]),
      ),
    );
    io.out(
      next.length > 0
        ? `next ready: ${next.map((n) => `stage ${n}`).join(', ')}`
        : lines.every((l) => l.state === 'done')
          ? 'all stages done'
          : 'no stage is ready to run',
    );
    if (withSpend) io.out(`spent so far: ${formatSpend(total)}`);
    for (const line of ignored) io.out(line);
  });
}

/** Why the stage's last run failed, as its `failed` row says: what a person acts on before a fix run. */
function failedDetail(last: LedgerRow | undefined): string | undefined {
  return last?.status === 'failed' && last.detail ? last.detail : undefined;
}

function describe(r: StageReadiness, why: string | undefined): Pick<StageStatusLine, 'state' | 'detail'> {
  switch (r.kind) {
    case 'done':
      return { state: 'done', detail: `head ${r.headCommit.slice(0, 12)} (run ${r.runId})` };
    case 'started':
      return {
        state: 'started',
        detail: `by run ${r.runId}${r.actor ? ` (${r.actor})` : ''} until ${r.leaseUntil}${r.stale ? ' — lease expired; `okstra ledger release` frees it' : ''}`,
      };
    case 'ready':
      return r.failedBefore
        ? {
            state: 'failed',
            detail: `${r.failedBefore.reason} in run ${r.failedBefore.runId}${why ? ` (${why})` : ''}; ready for a fix run`,
          }
        : { state: 'ready', detail: '' };
    case 'blocked':
      return { state: 'pending', detail: `waits for stage ${r.waitingOn.join(', ')}` };
  }
}
