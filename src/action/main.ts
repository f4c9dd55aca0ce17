import { readFile } from 'node:fs/promises';
import type { BuiltinProvider } from '../core/config/schema.js';
import { LedgerFormatError } from '../core/ledger/index.js';
import { ProviderError } from '../providers/errors.js';
import { runnerContext, type Env } from './context.js';
import { parseInputs, SECRET_INPUTS, type ActionInputs, type InputName } from './inputs.js';
import { inGroup, scrubbedIo, type ActionIo } from './io.js';
import { chainMode, stageMode } from './modes.js';
import { emptyResults, type RunResults } from './plan-run.js';
import { continueMode, statusMode } from './sweep-modes.js';
import { approveMode } from './approve-mode.js';
import { cliCacheKeyMode } from './cli-cache-mode.js';
import { eventMode } from './event-mode.js';
import { finalMode } from './final-mode.js';
import { planMode } from './plan-mode.js';
import { reconcileMode } from './reconcile-mode.js';
import { tellRefusedRun } from './refused-request.js';
import { RulesError } from './rules.js';
import { dropSecretInputs, runnerTokens, Scrubber, secretValues } from './secrets.js';
import { openSession, type Session } from './session.js';
import { okstraLine } from '../core/text/okstra-line.js';

/**
 * One Action run: inputs → session (setup group) → mode → outputs, summary
 * and the step's outcome. Everything it touches comes in through `MainDeps`,
 * so tests can run it in-process; run.ts fills them from `@actions/core`.
 */
export interface MainDeps {
  io: ActionIo;
  readInput: (name: InputName) => string;
  /** The step's environment; the secret inputs are removed from it once read, so no child inherits them. */
  env: Record<string, string | undefined>;
  cwd: string;
  fetch?: typeof fetch;
  installClis?: (refs: BuiltinProvider[], env: Env, log: (line: string) => void) => Promise<void>;
}

export async function runAction(d: MainDeps): Promise<void> {
  const parsed = parseInputs(d.readInput);
  if (!parsed.ok) {
    for (const e of parsed.errors) d.io.error(e);
    d.io.setFailed(
      `okstra: ${parsed.errors.length} invalid input${parsed.errors.length === 1 ? '' : 's'}: ${parsed.errors.join('; ')}`,
    );
    if (d.readInput('request').trim() !== '') await tellRefusedRun(d, parsed.errors);
    return;
  }
  const inputs = parsed.inputs;
  const secrets = secretValues(inputs);
  for (const s of secrets) d.io.setSecret(s);
  dropSecretInputs(d.env, SECRET_INPUTS);
  const scrub = knownSecrets(d.io, [...secrets, ...runnerTokens(d.env)]);
  // From here on everything the runner is told passes the scrubber, whoever says it.
  const io = scrubbedIo(d.io, (text) => scrub.scrubAll(text));
  try {
    await runWithInputs({ ...d, io }, inputs, scrub);
  } catch (error) {
    // run.ts fails the step with the message: scrub it as everything else.
    if (error instanceof Error) error.message = scrub.scrubAll(error.message);
    throw error;
  }
}

/** The scrubber of this run's secrets; a value too short to scrub is named by its reason, never by itself. */
function knownSecrets(io: ActionIo, values: readonly string[]): Scrubber {
  const scrub = new Scrubber();
  for (const value of values) {
    const added = scrub.add(value);
    if (!added.added && added.reason !== 'the value is already scrubbed') {
      io.warning(
        `okstra: a secret is not scrubbed by value from what okstra writes (${added.reason}); the runner still masks it in this log`,
      );
    }
  }
  return scrub;
}

async function runWithInputs(d: MainDeps, inputs: ActionInputs, scrub: Scrubber): Promise<void> {
  const { io } = d;
  // Only prints where the CLIs go and their cache key, for actions/cache before okstra's own step: no session.
  if (inputs.mode === 'cli-cache-key') return cliCacheKeyMode(io, d.env);
  const payload = await readEvent(d.env.GITHUB_EVENT_PATH);
  const ctx = runnerContext(d.env, payload, d.cwd);
  // The no-server event job: the App's use cases with the job's token; no checkout, roster or agent.
  if (inputs.mode === 'event') {
    const { createGitHubClient } = await import('../github/client.js');
    return eventMode(io, inputs, ctx, payload, (token) =>
      createGitHubClient({ token, baseUrl: ctx.apiUrl, log: io.info, scrub, ...(d.fetch ? { fetch: d.fetch } : {}) }),
    );
  }
  const results = emptyResults(inputs.dryRun);
  let session: Session;
  try {
    session = await inGroup(io, `okstra: setup (mode ${inputs.mode}${inputs.dryRun ? ', dry run' : ''})`, () =>
      openSession({
        io,
        inputs,
        ctx,
        env: d.env,
        scrub,
        ...(d.fetch ? { fetch: d.fetch } : {}),
        ...(d.installClis ? { installClis: d.installClis } : {}),
      }),
    );
  } catch (error) {
    // Config and roster problems are the user's to fix: show every detail, then one line.
    if (error instanceof RulesError) for (const line of error.details) io.error(line);
    if (error instanceof RulesError || error instanceof ProviderError) {
      io.setFailed(okstraLine(scrub.scrubAll(error.message)));
      return;
    }
    throw error;
  }

  try {
    switch (inputs.mode) {
      case 'stage':
        await stageMode(session, results);
        break;
      case 'chain':
        await chainMode(session, results);
        break;
      case 'continue':
        await continueMode(session, results);
        break;
      case 'status':
        await statusMode(session, results);
        break;
      case 'reconcile':
        await reconcileMode(session, results);
        break;
      case 'plan':
        await planMode(session, results);
        break;
      case 'approve':
        await approveMode(session, results);
        break;
      case 'final':
        await finalMode(session, results);
        break;
    }
  } catch (error) {
    // Anything thrown fails the step, Error or not, with the secrets scrubbed from its message;
    // a corrupt ledger says so (its message names branch:path, line and the repair command).
    results.failures.push(
      error instanceof LedgerFormatError
        ? `the ledger is corrupt: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error),
    );
  } finally {
    await session.dispose();
  }

  writeOutputs(io, results);
  const problems = [...results.failures, ...session.publisher.problems.map((p) => `publishing: ${p}`)];
  if (problems.length === 0) return;
  io.setFailed(okstraLine(scrub.scrubAll(problems.join('; '))));
  // Every problem is a stage whose provider could not work: exit 3, as `okstra run` does (src/cli/exit-codes.ts).
  const outages = results.runs.filter((r) => r.outcome.report.verdict.runStatus === 'unavailable').length;
  if (outages === problems.length) io.setExitCode?.(EXIT_UNAVAILABLE);
}

/** The exit code of a step failed only by outages; the CLI's EXIT_INFRA. */
export const EXIT_UNAVAILABLE = 3;

async function readEvent(path: string | undefined): Promise<unknown> {
  if (!path) return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    // A missing or unreadable payload only loses defaults (trigger, PR); the inputs still say what to do.
    return {};
  }
}

/** The outputs describe the last stage run (in a chain: the one it stopped at). */
export function writeOutputs(io: ActionIo, r: RunResults): void {
  const last = r.runs.at(-1);
  const report = last?.outcome.report;
  io.setOutput('verdict', report?.verdict.value ?? '');
  io.setOutput('run-status', r.dryRun ? 'dry-run' : (report?.verdict.runStatus ?? ''));
  io.setOutput('stage', report ? String(report.stage.number) : '');
  io.setOutput('branch', report?.git.branch ?? '');
  io.setOutput('head-commit', report?.git.headCommit ?? '');
  io.setOutput('report-path', last?.outcome.reportPath ?? '');
  io.setOutput('report-json', last?.localJson ?? '');
  io.setOutput('remaining-queue', JSON.stringify(r.remainingQueue));
  io.setOutput('usage', report ? JSON.stringify(report.usage) : '');
}
