/**
 * The test tiers. `npm test` runs both; `npm run test:fast` runs the fast one.
 *
 * Fast: pure functions and units over real git in temporary repositories, in-process. Slow: anything that
 * starts okstra's own bundle (the CLI or the Action as a child process), leases agent OS users, runs the
 * simulated GitHub, runs a real agent CLI, or runs whole stages with stand-in agents. A test file is fast
 * unless this file says otherwise: by its folder, by its name (`*.e2e.test.ts`) or in SLOW_FILES.
 *
 * test/architecture/test-tiers.test.ts holds the fast tier to it (no fast file, nor a test helper it
 * imports, imports a module of SLOW_MODULES or vitest's `inject`), and the fast tier's setup file
 * (test/setup-fast.ts) fails a fast test that leases an agent OS user.
 */

/** Folders whose every test is slow. */
export const SLOW_DIRS = [
  // the simulated GitHub: real Action processes, a real Probot
  'test/sim/',
  // the real agent CLIs against fake endpoints
  'test/contract/',
] as const;

/** A test file named so is slow: it starts okstra's bundle (the CLI, the Action) as a process. */
export const SLOW_SUFFIX = '.e2e.test.ts';

/**
 * Slow test files the rules above do not catch, each for what makes it slow: agent OS users, whole stage
 * runs with stand-in agents, okstra's bundle, process trees that are killed and waited for.
 */
export const SLOW_FILES: readonly string[] = [];

/**
 * Modules a fast test may not import, directly or through a test helper: each starts okstra's bundle, the
 * simulation, the Action, a real agent CLI, or whole stage runs (agent OS users when the tests run as root).
 */
export const SLOW_MODULES: readonly string[] = [];

/** Where `npm run test:fast` writes its JSON report (scripts/stats.ts reads it). */
export const FAST_REPORT = '.cache/test-fast.json';

/** Whether a test file (its path from the repository's root, with `/`) is in the fast tier. */
export function isFastTier(file: string): boolean {
  if (SLOW_DIRS.some((d) => file.startsWith(d))) return false;
  if (file.endsWith(SLOW_SUFFIX)) return false;
  return !SLOW_FILES.includes(file);
}

/** The slow tier as vitest globs. */
export const SLOW_GLOBS: readonly string[] = [
  ...SLOW_DIRS.map((d) => `${d}**`),
  `test/**/*${SLOW_SUFFIX}`,
  ...SLOW_FILES,
];
