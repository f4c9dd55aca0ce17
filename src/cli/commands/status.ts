import type { Command } from 'commander';
import { deriveLedgerState } from '../../core/ledger/index.js';
import { readyStages, stageReadiness, topologicalOrder, stageByNumber, type StageReadiness } from '../../core/graph/index.js';
import { readValidPlan } from '../load-plan.js';
import { ledgerLocationOptions, openLedger, rethrowAsCliError, type LedgerLocation } from '../ledger-access.js';
import type { CliIo } from '../io.js';
import { renderPlanStatus, stageViews } from '../../core/report/index.js';
import { renderTable } from '../table.js';

export interface StageStatusLine {
  number: number;
  title: string;
  dependsOn: number[];
  state: 'pending' | 'ready' | 'started' | 'done' | 'failed';
  detail: string;
  readiness: StageReadiness;
}

export function registerStatusCommand(program: Command, io: CliIo): void {
  ledgerLocationOptions(
    program
      .command('status')
      .description("Show each stage's ledger state and the stages ready to run next.")
      .requiredOption('--plan <file>', 'the plan Markdown file')
      .option('--json', 'print the status as JSON')
      .option('--markdown', 'print a Markdown stage table and a Mermaid flowchart coloured by state'),
  ).action(async (opts: LedgerLocation & { plan: string; json?: boolean; markdown?: boolean }) => {
    const plan = await readValidPlan(opts.plan, io.cwd, io.err);
    const { store } = await openLedger(io, opts);
    const snapshot = await store.read(plan.id).catch(rethrowAsCliError);
    const state = deriveLedgerState(snapshot.rows);
    const now = io.now();
    const lines: StageStatusLine[] = topologicalOrder(plan).map((n) => {
      const stage = stageByNumber(plan, n);
      const readiness = stageReadiness(plan, state, n, now);
      return { number: n, title: stage.title, dependsOn: stage.dependsOn, ...describe(readiness), readiness };
    });
    const next = readyStages(plan, state, now);
    if (opts.json) {
      io.out(JSON.stringify({ plan: { id: plan.id, title: plan.title, path: opts.plan }, ledgerCommit: snapshot.commit, stages: lines, next }, null, 2));
      return;
    }
    if (opts.markdown) {
      io.out(renderPlanStatus({ planId: plan.id, planTitle: plan.title, stages: stageViews(plan, state, now) }));
      return;
    }
    io.out(`plan ${plan.id}${plan.title ? ` — ${plan.title}` : ''}`);
    io.out(renderTable(['stage', 'title', 'state', 'detail'], lines.map((l) => [String(l.number), l.title, l.state, l.detail])));
    io.out(next.length > 0 ? `next ready: ${next.map((n) => `stage ${n}`).join(', ')}` : lines.every((l) => l.state === 'done') ? 'all stages done' : 'no stage is ready to run');
  });
}

function describe(r: StageReadiness): Pick<StageStatusLine, 'state' | 'detail'> {
  switch (r.kind) {
    case 'done':
      return { state: 'done', detail: `head ${r.headCommit.slice(0, 12)} (run ${r.runId})` };
    case 'started':
      return { state: 'started', detail: `by run ${r.runId}${r.actor ? ` (${r.actor})` : ''} until ${r.leaseUntil}${r.stale ? ' — lease expired; `okstra ledger release` frees it' : ''}` };
    case 'ready':
      return r.failedBefore
        ? { state: 'failed', detail: `${r.failedBefore.reason} in run ${r.failedBefore.runId}; ready for a fix run` }
        : { state: 'ready', detail: '' };
    case 'blocked':
      return { state: 'pending', detail: `waits for stage ${r.waitingOn.join(', ')}` };
  }
}
