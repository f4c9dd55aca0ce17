/**
 * The test tiers. `npm test` (`vitest run`) runs both; `npm run test:fast` runs the fast one.
 *
 * Fast: pure functions and units over real git in temporary repositories, in the test's own process.
 * Slow: a test that starts okstra's bundle (the CLI or the Action as a child process), leases agent OS
 * users, runs whole stages with the stand-in agents, runs the simulated GitHub or a real agent CLI.
 *
 * A test file is slow when it lives in a SLOW_DIRS folder, is named `*.e2e.test.ts`, is listed in
 * SLOW_FILES, or imports — itself or through test helpers — vitest's `inject` (the paths of okstra's
 * bundle, test/global-setup.ts) or a module of SLOW_MODULES. Everything else is fast. The imports are
 * read each time the tiers are asked for, so a test that starts using a slow helper moves to the slow
 * tier by itself; what no import shows (a test that leases agent users from src/ directly) is listed,
 * and the fast tier's setup (test/setup-fast.ts) fails a fast test that leases one.
 *
 * Fast files share worker processes, one file after another (vitest's project `fast`), except those that need
 * a process of their own (ISOLATED_FILES, or a file that mocks modules: project `fast-isolated`). Slow files share
 * worker processes the same way (project `slow`; one that mocks modules would go to `slow-isolated`), two or more
 * files at once, the longest first (vitest.config.ts, test/sequencer.ts): a slow test shares the machine with
 * another slow file, so it leases agent OS users (never assumes them free), listens on port 0, writes in its own
 * temporary folders, waits on events rather than on how long something usually takes, and puts back what it
 * changes of its process (an environment variable, the launcher's mode) for the file after it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Folders whose every test is slow. */
export const SLOW_DIRS: readonly string[] = [
  // the simulated GitHub: real Action processes, a real Probot
  'test/sim/',
  // the real agent CLIs against fake endpoints
  'test/contract/',
];

/** A test file named so is slow: it starts okstra's bundle (the CLI, the Action) as a process. */
export const SLOW_SUFFIX = '.e2e.test.ts';

/** Slow test files no import of theirs shows as slow, each for what makes it slow. */
export const SLOW_FILES: readonly string[] = [
  // agent OS users: leased, given files, their processes killed
  'test/process/launcher.test.ts',
  'test/sandbox/agent-user-concurrency.test.ts',
  'test/sandbox/agent-user-stale-lock.test.ts',
  'test/sandbox/agent-user-tools-missing.test.ts',
  'test/sandbox/ctime-sweep.test.ts',
  'test/sandbox/isolation.test.ts',
  'test/sandbox/layered-tree.test.ts',
  'test/sandbox/leftover-writer.test.ts',
  'test/sandbox/shared-review-tree.test.ts',
  // doctor runs each agent CLI as an agent OS user
  'test/cli/doctor.test.ts',
  'test/cli/doctor-platforms.test.ts',
  // the demo, in-process: whole stages with stand-in agents
  'test/cli/report-show-status.test.ts',
];

/** Test helpers whose importers are slow: each starts something a fast test may not. */
export const SLOW_MODULES: readonly string[] = [
  // okstra's bundle as a child process
  'test/helpers/spawn-cli.ts',
  // the Action's bundle in a fake runner
  'test/action/harness.ts',
  'test/action/attack-harness.ts',
  // whole stage runs with the stand-in agents (as root: agent OS users)
  'test/engine/helpers.ts',
  // the real agent CLIs
  'test/contract/helpers.ts',
  'test/contract/suite.ts',
];

/**
 * Fast test files that each need a process of their own. The fast tier runs its files one after another in shared
 * worker processes (vitest's `isolate: false`, vitest.config.ts): src's modules load once per worker, not once per
 * file, which is most of what the tier costs. A file that asserts on a process's whole life, or on module state a
 * file before it would have changed, is listed here, each for what it holds the process to; a file that mocks a
 * module or resets the module registry (OWN_MODULES) gets a process of its own without a line here.
 */
export const ISOLATED_FILES: readonly string[] = [
  // no JSON Schema compiles in the process: a compile by any file before it would count
  'test/report/schema-compiles.test.ts',
];

// A statement that replaces or drops modules for the rest of the process, so would leak into the files after it
// (at the start of a line, as prettier writes it, so a string that holds one is not one).
const OWN_MODULES = /^[ \t]*(?:await\s+)?vi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(/m;

/** Why a fast test file needs a process of its own, or null when it can share one with the files before it. */
export function whyIsolated(root: string, file: string): string | null {
  const name = relative(root, file).split(sep).join('/');
  if (ISOLATED_FILES.includes(name)) return 'listed in ISOLATED_FILES';
  const call = OWN_MODULES.exec(readFileSync(file, 'utf8'));
  return call ? `calls ${call[0].trim().slice(0, -1)}` : null;
}

/** Where `npm run test:fast` writes its JSON report (scripts/stats.ts reads it). */
export const FAST_REPORT = '.cache/test-fast.json';

/** Where `npm test`'s whole run writes its JSON report (scripts/slow-durations.ts reads it). */
export const ALL_REPORT = '.cache/test-all.json';

// Statements at the start of a line, as prettier writes them (so a string that holds an import is not one):
// `import … from '…'`, `export … from '…'`, `import '…'`; group 1 marks a type-only import, which runs nothing.
const IMPORT = /^[ \t]*(?:import|export)\s+(type\s)?(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;
const INJECT = /^[ \t]*import\s*\{[^}'"]*\binject\b[^}'"]*\}\s*from\s*['"]vitest['"]/m;

/** `./x.js` → `./x.ts`; null for a package or a file that is not there. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(c)) ?? null;
}

/** What one module imports (relative imports that exist) and whether it takes `inject` from vitest. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): { files: string[]; injects: boolean } {
  const files: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    if (m[1]) continue;
    const target = resolveImport(file, m[2] ?? '');
    if (target) files.push(target);
  }
  return { files, injects: INJECT.test(text) };
}

/**
 * Why a test file is slow, or null when it is fast. `root` is the repository; imports are followed
 * through test/ only (src/ is what every test tests).
 */
export function whySlow(root: string, file: string): string | null {
  const rel = (f: string): string => relative(root, f).split(sep).join('/');
  const name = rel(file);
  if (SLOW_DIRS.some((d) => name.startsWith(d))) return `in ${SLOW_DIRS.find((d) => name.startsWith(d))}`;
  if (name.endsWith(SLOW_SUFFIX)) return `named *${SLOW_SUFFIX}`;
  if (SLOW_FILES.includes(name)) return 'listed in SLOW_FILES';
  const seen = new Set<string>();
  const walk = (f: string, path: string[]): string | null => {
    if (seen.has(f)) return null;
    seen.add(f);
    const here = [...path, rel(f)];
    const { files, injects } = importsOf(f);
    if (injects) return `${here.join(' → ')} imports inject from vitest (okstra's bundle)`;
    for (const target of files) {
      if (SLOW_MODULES.includes(rel(target))) return `${here.join(' → ')} imports ${rel(target)}`;
      if (rel(target).startsWith('test/')) {
        const why = walk(target, here);
        if (why) return why;
      }
    }
    return null;
  };
  return walk(file, []);
}

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFilesUnder(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every test file of the repository at `root`, by tier (paths from the root, with `/`), sorted. */
export function testTiers(root: string): { fast: string[]; slow: string[] } {
  const fast: string[] = [];
  const slow: string[] = [];
  for (const file of testFilesUnder(join(root, 'test')).sort()) {
    const name = relative(root, file).split(sep).join('/');
    (whySlow(root, file) === null ? fast : slow).push(name);
  }
  return { fast, slow };
}
