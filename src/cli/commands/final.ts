import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { runFinal, type FinalOutcome } from '../../engine/final.js';
import { checkHandoff, placeFinalBranch, recordHandoff, type HandoffCheck } from '../../engine/handoff.js';
import { markdownForTerminal, wantsColor } from '../terminal-markdown.js';
import { CliError, EXIT_INFRA, EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { newLocalRunId, prepareRun, type PreparedRun, type RunOptions } from '../engine-setup.js';
import { guard, runOptions } from './run.js';

/**
 * `okstra final` verifies the whole change of a plan whose stages are all
 * done; `okstra handoff` puts the verified change on `okstra/<plan-id>/final`
 * (pushed with `--remote`). The pull request itself needs GitHub: the
 * Action's `mode: final` opens it.
 */
export function registerFinalCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  runOptions(
    program
      .command('final')
      .description(
        "Final verification: every verifier over the plan's whole change, every stage's validation and the config's qaCommands at the final head. Exit 0 accepted, 1 rejected or refused, 3 okstra or a provider could not do its job.",
      ),
  ).action(async (opts: RunOptions & { json?: boolean }) => {
    await guard(async () => {
      const prepared = await prepareRun(io, opts);
      try {
        const outcome = await finalOf(io, prepared);
        // No verdict (a verifier could not work) is worth a retry; every other refusal needs a person.
        if (outcome.kind === 'refused')
          throw new CliError(outcome.reason, outcome.code === 'incomplete' ? EXIT_INFRA : EXIT_REFUSED);
        if (opts.json) io.out(JSON.stringify(outcome.report, null, 2));
        else io.out(markdownForTerminal(outcome.markdown, { color: wantsColor(io) }));
        setExit(outcome.report.verdict.value === 'accepted' ? EXIT_OK : EXIT_REFUSED);
      } finally {
        await prepared.close();
      }
    });
  });

  program
    .command('handoff')
    .description(
      'Put the change final verification accepted on okstra/<plan-id>/final (and push it with --remote); refused when anything moved since. The pull request is opened by the Action (mode final).',
    )
    .requiredOption('--plan <file>', 'the plan file')
    .option('--repo <dir>', 'the repository (default: the one around the current directory)')
    .option('--remote <name>', 'push the final branch to this remote and record the hand-off on its ledger')
    .option('--config <file>', 'the okstra config (default .okstra/config.yml)')
    .action(async (opts: RunOptions) => {
      await guard(async () => {
        const prepared = await prepareRun(io, opts);
        try {
          const ready = await handoffOf(io, prepared, {
            actor: io.env.USER ?? null,
            ...(opts.remote ? { remote: opts.remote } : {}),
          });
          const base = prepared.plan.base ?? 'the default branch';
          io.out(
            `okstra: plan ${prepared.plan.id} handed off: ${ready.finalBranch} is at ${ready.verified.final_head}${opts.remote ? ` (on ${opts.remote} too)` : ''}, verified by run ${ready.verified.run_id}. Open a pull request from it into ${base}; on GitHub the Action (mode final) opens it.`,
          );
          setExit(EXIT_OK);
        } finally {
          await prepared.close();
        }
      });
    });
}

/** The local hand-off: the checks, the final branch in place (pushed with a remote), the `handed-off` row. */
export async function handoffOf(
  io: CliIo,
  prepared: PreparedRun,
  o: { actor: string | null; remote?: string },
): Promise<Extract<HandoffCheck, { kind: 'ready' }>> {
  const req = { plan: prepared.plan, planPath: prepared.request.planPath, ...(o.remote ? { remote: o.remote } : {}) };
  const ready = await checkHandoff(req, prepared.deps);
  if (ready.kind === 'refused') throw new CliError(ready.reason);
  await placeFinalBranch(req, prepared.deps, ready);
  await recordHandoff(
    {
      plan: prepared.plan,
      runId: newLocalRunId(io.now(), 'handoff'),
      actor: o.actor,
      verified: ready.verified,
      finalBranch: ready.finalBranch,
      mode: prepared.config.handoff.mode,
    },
    prepared.deps,
  );
  return ready;
}

export async function finalOf(io: CliIo, prepared: PreparedRun): Promise<FinalOutcome> {
  const planText = await readFile(join(prepared.repoDir, prepared.request.planPath), 'utf8');
  return runFinal(
    {
      ...prepared.request,
      planText,
      runId: newLocalRunId(io.now(), 'final'),
      how: 'cli',
    },
    prepared.deps,
  );
}
