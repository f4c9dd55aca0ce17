import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { OkstraConfig } from '../../core/config/index.js';
import { planFilePath, planIdFromText, planIdProblem } from '../../core/ids.js';
import type { PlanReviewReport } from '../../core/report/schema/plan-review-report.js';
import { Git } from '../../git/git.js';
import { loadGates } from '../../engine/load-gates.js';
import { draftPlan, type PlanDraftOutcome } from '../../engine/plan-draft.js';
import { createEngineDeps } from '../../engine/setup.js';
import { buildRoster, planningRosterRequest, ProviderError, type ProviderDeps } from '../../providers/index.js';
import { newLocalRunId, openGuardedSandbox, repositoryTop } from '../engine-setup.js';
import { CliError, EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { readRepoConfig } from '../read-config.js';

export interface DraftOptions {
  goal: string;
  id?: string;
  repo?: string;
  config?: string;
  planner?: string;
  reviewers?: string[];
  force?: boolean;
  /** Where the engine's PROGRESS lines go (default: printed). */
  log?: (line: string) => void;
}

export interface DraftResult {
  outcome: PlanDraftOutcome;
  planFile: string | null;
  reportFile: string;
  repoDir: string;
}

/**
 * `okstra plan draft`: the planning phase on this machine. The planner and
 * the reviewers read the repository at HEAD (read-only); a plan that parses
 * is written to the plans folder for a person to read, commit and approve.
 */
export function registerPlanDraft(plan: Command, io: CliIo, setExit: (code: number) => void): void {
  plan
    .command('draft')
    .description('Draft a plan from a goal with the planner agent, checked by okstra and reviewed by the other agents.')
    .requiredOption('--goal <text|file>', 'what the plan must achieve: the text itself, or a file holding it')
    .option('--id <plan-id>', 'the plan id (default: made from the goal)')
    .option('--repo <dir>', 'the repository (default: the one around the current directory)')
    .option('--config <file>', 'the okstra config (default .okstra/config.yml)')
    .option('--planner <provider>', 'the provider that drafts (default: config `planner`, else the executor)')
    .option(
      '--reviewers <providers>',
      'comma-separated reviewers (default: the verifiers other than the planner)',
      (v) => v.split(',').map((s) => s.trim()),
    )
    .option('--force', 'overwrite a plan file of that id that already exists')
    .action(async (opts: DraftOptions) => {
      const result = await runPlanDraft(io, opts);
      printDraft(io, result);
      setExit(result.outcome.report.outcome === 'valid' ? EXIT_OK : EXIT_REFUSED);
    });
}

export async function runPlanDraft(
  io: CliIo,
  opts: DraftOptions,
  providerDeps: ProviderDeps = {},
): Promise<DraftResult> {
  const repoDir = await repositoryTop(io, opts.repo);
  const goal = await readGoal(io, opts.goal);
  const planId = opts.id ?? planIdFromText(goal.split('\n')[0] ?? '');
  if (!planId) throw new CliError('okstra cannot make a plan id from this goal; pass --id <plan-id>');
  const idProblem = planIdProblem(planId);
  if (idProblem) throw new CliError(`${idProblem}; pass another --id`);
  const config = await readRepoConfig(io, repoDir, opts.config);
  const planPath = planFilePath(config.plansDir, planId);
  const planFile = join(repoDir, planPath);
  if (existsSync(planFile) && !opts.force)
    throw new CliError(`${planPath} already exists; pass --force to draft over it, or --id for another plan`);

  const git = new Git(repoDir);
  const baseCommit = await git.ok(['rev-parse', 'HEAD']);
  const branch = await git.run(['symbolic-ref', '--short', '-q', 'HEAD']);
  const baseBranch = branch.exitCode === 0 ? branch.stdout.trim() : baseCommit.slice(0, 12);
  const { planner, reviewers } = planningRoster(io, config, opts, repoDir, providerDeps);

  const { sandbox } = await openGuardedSandbox(io, config, repoDir, undefined);
  const deps = createEngineDeps({
    sandbox,
    repoDir,
    ledgerBranch: config.ledgerBranch,
    gates: await loadGates(undefined, { overrideDir: join(repoDir, '.okstra', 'prompts') }),
    now: () => io.now(),
    log: opts.log ?? ((line) => io.out(line)),
    ...(io.scrub ? { onSecret: (value: string) => void io.scrub?.add(value) } : {}),
  });
  let outcome: PlanDraftOutcome;
  try {
    outcome = await draftPlan(
      {
        goal,
        planId,
        planPath,
        baseBranch,
        baseCommit,
        config,
        planner,
        reviewers,
        source: { kind: 'cli', issue: null, url: null },
        runId: newLocalRunId(io.now(), 'plan'),
      },
      deps,
    );
  } finally {
    await deps.workspace.close();
    await sandbox.close();
  }
  const scrub = (text: string): string => (io.scrub ? io.scrub.scrubAll(text) : text);
  let written: string | null = null;
  if (outcome.planText !== null) {
    await mkdir(dirname(planFile), { recursive: true });
    await writeFile(planFile, scrub(outcome.planText));
    written = planFile;
  }
  const reportFile = join(repoDir, '.okstra', 'plan-reviews', `${planId}.json`);
  await mkdir(dirname(reportFile), { recursive: true });
  await writeFile(reportFile, scrub(`${JSON.stringify(outcome.report, null, 2)}\n`));
  return { outcome, planFile: written, reportFile, repoDir };
}

/** The planner and its reviewers: reviewers are the other providers, or the planner's own in fresh sessions when it is alone. */
function planningRoster(
  io: CliIo,
  config: OkstraConfig,
  opts: DraftOptions,
  repoDir: string,
  providerDeps: ProviderDeps,
): { planner: ReturnType<typeof buildRoster>['executor']; reviewers: ReturnType<typeof buildRoster>['verifiers'] } {
  try {
    const roster = buildRoster(
      planningRosterRequest(
        config,
        {
          ...(opts.planner ? { planner: opts.planner } : {}),
          ...(opts.reviewers ? { reviewers: opts.reviewers } : {}),
        },
        providerDeps.env ?? io.env,
      ),
      config,
      { env: io.env, trustedRoot: repoDir, ...providerDeps },
    );
    return { planner: roster.executor, reviewers: roster.verifiers };
  } catch (error) {
    if (error instanceof ProviderError) throw new CliError(error.message);
    throw error;
  }
}

async function readGoal(io: CliIo, value: string): Promise<string> {
  const path = isAbsolute(value) ? value : resolve(io.cwd, value);
  const text = !value.includes('\n') && existsSync(path) ? await readFile(path, 'utf8') : value;
  if (text.trim() === '') throw new CliError('the goal is empty; say what the plan must achieve with --goal');
  return text;
}

export function printDraft(io: CliIo, result: DraftResult): void {
  const { report } = result.outcome;
  io.out('');
  io.out(`okstra: planning of ${report.plan.id}: ${outcomeLine(report)}`);
  for (const round of report.rounds) {
    const errors = round.diagnostics.errors.length;
    const first = round.diagnostics.errors[0];
    const why = first ? ` (${first.line}:${first.column} ${first.message})` : '';
    const reviews = round.reviews.map((r) => `${r.reviewer.worker} ${r.verdict ?? 'no verdict'}`).join(', ');
    io.out(
      `  round ${round.round} (${round.kind}): ${round.planner.worker} ${round.planner.status}; ${errors === 0 ? 'the draft validates' : `${errors} error${errors === 1 ? '' : 's'}${why}, sent back to the planner`}${reviews ? `; ${reviews}` : ''}`,
    );
  }
  for (const f of report.standingFindings)
    io.out(`  ${f.severity} finding by ${f.reviewer}${f.stage ? ` on stage ${f.stage}` : ''}: ${f.title}`);
  const open = report.clarifications.filter((c) => c.answer === null);
  for (const c of open) io.out(`  question${c.optional ? ' (optional)' : ''}: ${c.question}`);
  if (result.planFile) io.out(`  plan: ${result.planFile}`);
  io.out(`  review report: ${result.reportFile}`);
  if (report.outcome !== 'invalid') {
    const rel = report.plan.path;
    io.out(
      `  next: read it${open.some((c) => !c.optional) ? ', answer the questions in its Clarification Items table' : ''}, commit it, then \`okstra plan approve --plan ${rel}\``,
    );
  }
}

function outcomeLine(report: PlanReviewReport): string {
  switch (report.outcome) {
    case 'valid':
      return `the plan validates and no blocking finding stands (${report.stages.length} stage${report.stages.length === 1 ? '' : 's'})`;
    case 'blocked':
      return `the plan validates, but ${report.reason ?? 'a blocking finding stands'}`;
    case 'invalid':
      return `no plan: ${report.reason ?? 'the draft does not validate'}`;
  }
}
