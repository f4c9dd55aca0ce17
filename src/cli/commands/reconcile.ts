import type { Command } from 'commander';
import { resetStageBranch } from '../../engine/reconcile.js';
import { runStage } from '../../engine/run-stage.js';
import { CliError, EXIT_OK, type CliIo } from '../io.js';
import { positiveInt } from '../options.js';
import { newLocalRunId, prepareRun, type RunOptions } from '../engine-setup.js';
import { guard, printOutcome, runOptions } from './run.js';
import { stageExitCode } from '../exit-codes.js';

/**
 * `okstra reconcile`: clears the stale-SHA gate for a done stage whose branch
 * moved (a force-push, a hand commit). Without --reset it re-verifies the
 * branch as it is (a run of the stage that appends a corrected `done` row,
 * or `failed` if the new head does not pass); with --reset it puts the
 * branch back at the head the `done` row records.
 */
export function registerReconcileCommand(program: Command, io: CliIo, setExit: (code: number) => void): void {
  runOptions(
    program
      .command('reconcile')
      .description(
        'Clear the stale-SHA gate of a done stage whose branch moved: re-verify the new head (a run that records it with a new done row), or --reset the branch to the recorded head. Exit 0 PASS or reset, 1 a FAIL verdict or refused, 3 okstra or a provider could not do its job.',
      ),
  )
    .requiredOption('--stage <n>', 'the done stage whose branch moved', positiveInt)
    .option(
      '--reset',
      'put the branch (and the remote one, with --remote) back at the recorded head instead of re-verifying',
    )
    .action(async (opts: RunOptions & { stage: number; reset?: boolean; json?: boolean }) => {
      await guard(async () => {
        const prepared = await prepareRun(io, opts);
        try {
          if (opts.reset) {
            const reset = await resetStageBranch({ ...prepared.request, stage: opts.stage }, prepared.deps);
            if (reset.kind === 'refused') throw new CliError(reset.reason);
            io.out(
              `reset: ${reset.branch} moved from ${reset.from ?? '(no branch)'} back to ${reset.to}, the head stage ${opts.stage}'s done row records${reset.pushed ? ` (on ${opts.remote} too)` : ''}`,
            );
            setExit(EXIT_OK);
            return;
          }
          const outcome = await runStage(
            { ...prepared.request, stage: opts.stage, runId: newLocalRunId(io.now(), opts.stage), reconcile: true },
            prepared.deps,
          );
          if (outcome.kind === 'refused') throw new CliError(outcome.reason);
          printOutcome(io, outcome, opts.json);
          setExit(stageExitCode(outcome.report));
        } finally {
          await prepared.close();
        }
      });
    });
}
