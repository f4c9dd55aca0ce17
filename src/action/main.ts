import { readFile } from 'node:fs/promises';
import { mark, timed } from '../process/timings.js';
import { runnerContext } from './context.js';
import type { MainDeps } from './main-deps.js';
import { parseInputs, SECRET_INPUTS, type ActionInputs } from './inputs.js';
import { scrubbedIo, type ActionIo } from './io.js';
import { cliCacheKeyMode } from './cli-cache-mode.js';
import { dropSecretInputs, runnerTokens, Scrubber, secretValues } from './secrets.js';

/**
 * One Action run: inputs → session (setup group) → mode → outputs, summary
 * and the step's outcome (MainDeps, main-deps.ts, is everything it touches).
 */
export type { MainDeps } from './main-deps.js';

export async function runAction(d: MainDeps): Promise<void> {
  const parsed = parseInputs(d.readInput);
  if (!parsed.ok) {
    for (const e of parsed.errors) d.io.error(e);
    d.io.setFailed(
      `okstra: ${parsed.errors.length} invalid input${parsed.errors.length === 1 ? '' : 's'}: ${parsed.errors.join('; ')}`,
    );
    // A dispatched run (it carries a request) tells its pull request why it did not run; the module loads only then.
    if (d.readInput('request').trim() !== '')
      await (await import('./refused-request.js')).tellRefusedRun(d, parsed.errors);
    return;
  }
  const inputs = parsed.inputs;
  mark('action:inputs');
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
    const [{ createGitHubClient }, { eventMode }] = await timed('action:load-event', () =>
      Promise.all([import('../github/client.js'), import('./event-mode.js')]),
    );
    return eventMode(io, inputs, ctx, payload, (token) =>
      createGitHubClient({ token, baseUrl: ctx.apiUrl, log: io.info, scrub, ...(d.fetch ? { fetch: d.fetch } : {}) }),
    );
  }
  // The session and the modes (the engine, the report schemas' validators) load only for a mode that runs them:
  // the job's cli-cache-key step, and the event job, start without compiling them.
  const { runSession } = await timed('action:load-session', () => import('./session-run.js'));
  return runSession(d, inputs, ctx, scrub);
}

async function readEvent(path: string | undefined): Promise<unknown> {
  if (!path) return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    // A missing or unreadable payload only loses defaults (trigger, PR); the inputs still say what to do.
    return {};
  }
}
