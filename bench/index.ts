// `npm run bench [-- [--smoke] [suite…]]`: prints speed and memory figures.
// Targets are printed beside the measurements; a missed target fails nothing.
// A suite that throws does: the run goes on with the others, names every
// failed suite at the end and exits 1. `--smoke` (the test command runs it)
// runs every suite once at a tiny size with no target checked, so a suite
// that no longer runs is found the day it breaks, not the day someone wants
// its figures.

/** A suite is loaded only when it runs, after the smoke flag is set, and a module that no longer loads fails as that suite. */
const SUITES: ReadonlyArray<readonly [string, () => Promise<() => Promise<string[]>>]> = [
  ['plan', async () => (await import('./plan.js')).benchPlan],
  ['plan-review', async () => (await import('./plan-review.js')).benchPlanReview],
  ['planning', async () => (await import('./planning.js')).benchPlanning],
  ['final', async () => (await import('./final.js')).benchFinal],
  ['ledger', async () => (await import('./ledger.js')).benchLedger],
  ['report', async () => (await import('./report.js')).benchReport],
  ['engine', async () => (await import('./engine.js')).benchEngine],
  ['action', async () => (await import('./action.js')).benchAction],
  ['providers', async () => (await import('./providers.js')).benchProviders],
  ['bot', async () => (await import('./bot.js')).benchBot],
  ['scrub', async () => (await import('./scrub.js')).benchScrub],
  ['gateway', async () => (await import('./gateway.js')).benchGateway],
  ['isolation', async () => (await import('./isolation.js')).benchIsolation],
  ['scale', async () => (await import('./scale.js')).benchScale],
  ['distributed', async () => (await import('./distributed.js')).benchDistributed],
  ['sizes', async () => (await import('./sizes.js')).benchSizes],
  ['evidence', async () => (await import('./evidence.js')).benchEvidence],
];

/** A smoke suite that takes longer than this is hung or no longer tiny; either way the test command must not wait on it. */
const SMOKE_SUITE_TIMEOUT_MS = 60_000;
/** After the last suite, the process should end by itself; a server or timer still open is a suite that did not clean up. */
const SMOKE_EXIT_GRACE_MS = 5_000;

const USAGE = `usage: npm run bench -- [--smoke] [suite…]  (suites: ${SUITES.map(([name]) => name).join(', ')})`;

function fail(message: string): never {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('-'));
const only = args.filter((a) => !a.startsWith('-'));
const badFlag = flags.find((f) => f !== '--smoke');
if (badFlag !== undefined) fail(`unknown option ${badFlag}`);
const unknown = only.filter((name) => !SUITES.some(([s]) => s === name));
if (unknown.length > 0) fail(`no suite named ${unknown.join(', ')}`);
const smoke = flags.includes('--smoke');
if (smoke) process.env.OKSTRA_BENCH_SMOKE = '1';

/** Rejects after `ms` unless `work` settles first; the timer never holds the process open. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function runSuite(name: string, load: () => Promise<() => Promise<string[]>>): Promise<void> {
  const run = await load();
  const work = run();
  const lines = smoke ? await withTimeout(work, SMOKE_SUITE_TIMEOUT_MS, `the ${name} suite (smoke size)`) : await work;
  if (lines.length === 0) throw new Error(`the ${name} suite printed no figure`);
  for (const line of lines) console.log(line);
}

const failed: string[] = [];
let timedOut = false;
const started = performance.now();
const selected = SUITES.filter(([name]) => only.length === 0 || only.includes(name));
for (const [name, load] of selected) {
  console.log(`\n## ${name}`);
  const t = performance.now();
  try {
    await runSuite(name, load);
  } catch (error) {
    failed.push(name);
    if (error instanceof Error && error.message.includes('did not finish within')) timedOut = true;
    console.error(
      `bench: the ${name} suite failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  if (smoke) console.log(`(${name}: ${((performance.now() - t) / 1000).toFixed(1)} s at smoke size)`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed.length > 0) {
  console.error(
    `\nbench${smoke ? ' --smoke' : ''}: ${failed.length} of ${selected.length} suites failed: ${failed.join(', ')} (details above)`,
  );
  process.exitCode = 1;
  // A hung suite still holds whatever it was waiting on.
  if (timedOut) process.exit(1);
} else if (smoke) {
  console.log(
    `\nbench --smoke: ${selected.length === 1 ? 'the suite' : `all ${selected.length} suites`} ran in ${seconds} s`,
  );
}
if (smoke) {
  const grace = setTimeout(() => {
    console.error(
      `bench --smoke: the process did not end ${SMOKE_EXIT_GRACE_MS / 1000} s after the last suite; still open: ${process.getActiveResourcesInfo().join(', ')}. A suite left a server, socket or timer open.`,
    );
    process.exit(1);
  }, SMOKE_EXIT_GRACE_MS);
  grace.unref();
}
