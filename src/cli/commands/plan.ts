import type { Command } from 'commander';
import { formatDiagnostic } from '../../core/diagnostics.js';
import { mermaidFlowchart, stageEdges, topologicalOrder } from '../../core/graph/index.js';
import { readPlan, readValidPlan } from '../load-plan.js';
import { EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { registerPlanApprove } from './plan-approve.js';
import { registerPlanDraft } from './plan-draft.js';

export function registerPlanCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const plan = program.command('plan').description('Draft, check and approve plan files.');

  plan
    .command('validate')
    .description('Check a plan file; exit 0 when valid (warnings allowed), 1 when not.')
    .argument('<file>', 'the plan Markdown file')
    .option('--json', 'print {ok, errors[], warnings[], plan} as JSON')
    .option('--lenient', 'report unknown field keys and misplaced stage headings as warnings, not errors')
    .action(async (file: string, opts: { json?: boolean; lenient?: boolean }) => {
      const result = await readPlan(file, io.cwd, { lenient: opts.lenient === true });
      const ok = result.errors.length === 0;
      if (opts.json) {
        io.out(JSON.stringify({ ok, errors: result.errors, warnings: result.warnings, plan: result.plan }, null, 2));
      } else {
        for (const d of [...result.errors, ...result.warnings]) io.out(formatDiagnostic(d));
        const count = `${result.errors.length} error(s), ${result.warnings.length} warning(s)`;
        io.out(
          ok
            ? `${file}: plan "${result.plan?.id}" is valid: ${result.plan?.stages.length} stage(s), ${count}`
            : `${file}: invalid plan: ${count}`,
        );
      }
      setExit(ok ? EXIT_OK : EXIT_REFUSED);
    });

  plan
    .command('graph')
    .description('Print the stage graph: topological order and dependency edges.')
    .argument('<file>', 'the plan Markdown file')
    .option('--json', 'print {order, edges} as JSON')
    .option('--mermaid', 'print a Mermaid flowchart')
    .action(async (file: string, opts: { json?: boolean; mermaid?: boolean }) => {
      const valid = await readValidPlan(file, io.cwd, io.err);
      const order = topologicalOrder(valid);
      const edges = stageEdges(valid);
      if (opts.json)
        io.out(JSON.stringify({ plan: valid.id, order, edges: edges.map(([from, to]) => ({ from, to })) }, null, 2));
      else if (opts.mermaid) io.out(mermaidFlowchart(valid));
      else {
        io.out(`order: ${order.join(' → ')}`);
        for (const [from, to] of edges) io.out(`${from} → ${to}`);
      }
    });

  registerPlanDraft(plan, io, setExit);
  registerPlanApprove(plan, io, setExit);
}
