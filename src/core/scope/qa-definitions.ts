import { INSTRUCTION_FILE_GLOBS } from './instruction-files.js';
import { globMatcher } from './out-of-plan.js';

/**
 * What decides what a stage's QA commands do, beyond the commands
 * themselves: the files a command line names, the definitions of the runner
 * it starts (`npm test` → package.json's `test` script and the scripts it
 * calls; `pytest` → pytest.ini, conftest.py …), and the files every agent
 * CLI loads as instructions. A stage that changes one of these changes what
 * judges it; okstra treats that as its own finding unless the stage's
 * `files` name the path (docs/plan-format.md, "Protected evidence").
 */
export interface QaDefinitions {
  /** Globs of files whose any change changes what QA runs, each with why. */
  files: Array<{ glob: string; why: string }>;
  /** package.json scripts QA runs (reached from the commands, `pre`/`post` scripts included). */
  npmScripts: string[];
}

/** Runners okstra recognises in a command line, and the files that configure each. */
const RUNNERS: ReadonlyArray<{ runs: RegExp; files: readonly string[]; why: string }> = [
  { runs: /\b(?:npm|pnpm|yarn|bun|npx)\b/, files: ['.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmfile.cjs'], why: 'npm' },
  { runs: /\bvitest\b/, files: ['vitest.config.*', 'vite.config.*', 'vitest.workspace.*'], why: 'vitest' },
  { runs: /\bjest\b/, files: ['jest.config.*', 'jest.setup.*'], why: 'jest' },
  { runs: /\bmocha\b/, files: ['.mocharc*'], why: 'mocha' },
  { runs: /\bplaywright\b/, files: ['playwright.config.*'], why: 'playwright' },
  {
    runs: /\b(?:pytest|py\.test|tox|nox)\b|python3? -m (?:pytest|unittest)/,
    files: ['pytest.ini', 'tox.ini', 'setup.cfg', 'pyproject.toml', '**/conftest.py', 'noxfile.py'],
    why: 'pytest',
  },
  { runs: /\bcargo\b/, files: ['.cargo/config', '.cargo/config.toml', '.config/nextest.toml'], why: 'cargo' },
  { runs: /\bmvn\b|\bmvnw\b/, files: ['pom.xml', '.mvn/**'], why: 'Maven' },
  {
    runs: /\bgradlew?\b/,
    files: ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts', 'gradle.properties'],
    why: 'Gradle',
  },
  { runs: /\bmake\b/, files: ['Makefile', 'makefile', 'GNUmakefile', '*.mk'], why: 'make' },
  { runs: /\bjust\b/, files: ['justfile', 'Justfile', '.justfile'], why: 'just' },
  { runs: /\b(?:rspec|rake)\b/, files: ['.rspec', 'Rakefile', 'spec/spec_helper.rb'], why: 'Ruby tests' },
];

/**
 * Protected whatever the commands: the CI, and what agent CLIs load as
 * instructions (a reviewer would read the executor's words as its own
 * orders). `.okstra/` is okstra's own and a broken contract (src/engine/execute.ts).
 */
export const ALWAYS_PROTECTED: ReadonlyArray<{ glob: string; why: string }> = [
  { glob: '.github/**', why: 'CI workflows and the instructions Copilot loads' },
  ...INSTRUCTION_FILE_GLOBS.map((glob) => ({ glob, why: 'instructions an agent CLI loads' })),
];

const NPM_RUN = /\b(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+|run\s+)?([A-Za-z0-9:_.-]+)/g;
const NPM_BUILTINS = new Set(['install', 'ci', 'exec', 'x', 'add', 'remove', 'init', 'config', 'publish', 'pack']);

/** The package.json scripts `command` runs, with their `pre`/`post` scripts and what those call in turn. */
export function npmScriptsRun(command: string, scripts: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  const visit = (line: string, depth: number): void => {
    for (const match of line.matchAll(NPM_RUN)) {
      const name = match[1] as string;
      if (NPM_BUILTINS.has(name) || found.has(name)) continue;
      for (const s of [`pre${name}`, name, `post${name}`]) {
        if (found.has(s)) continue;
        found.add(s);
        const body = scripts[s];
        if (body !== undefined && depth < 8) visit(body, depth + 1);
      }
    }
  };
  visit(command, 0);
  return [...found].sort();
}

/** Relative paths a command line names as programs or arguments: `./scripts/test.sh`, `bash ci/run`, `tests/run.py`. */
export function pathsNamed(command: string): string[] {
  const words = command.split(/[\s;&|()<>]+/).filter(Boolean);
  return words
    .map((w) => w.replace(/^['"]|['"]$/g, '').replace(/^\.\//, ''))
    .filter((w) => !w.startsWith('-') && !w.startsWith('/') && !w.includes('..') && !w.includes('$'))
    .filter((w) => w.includes('/') || /\.(?:sh|bash|py|js|mjs|cjs|ts|rb|pl)$/.test(w));
}

/**
 * What the stage's QA depends on: `commands` (the plan's validation and the
 * config's qaCommands), with `scripts` the base's package.json scripts (the
 * definitions QA ran with before the executor touched anything).
 */
export function qaDefinitions(commands: readonly string[], scripts: Readonly<Record<string, string>>): QaDefinitions {
  const npmScripts = new Set<string>();
  const lines: string[] = [...commands];
  for (const command of commands)
    for (const name of npmScriptsRun(command, scripts)) {
      npmScripts.add(name);
      const body = scripts[name];
      if (body !== undefined) lines.push(body);
    }
  const files = [...ALWAYS_PROTECTED];
  for (const line of lines) {
    for (const runner of RUNNERS)
      if (runner.runs.test(line))
        for (const glob of runner.files) files.push({ glob, why: `${runner.why} configuration` });
    // A folder or a test a command names is what it tests, not how: tests are the stage's to add (frozen once done).
    for (const path of pathsNamed(line))
      if (!path.endsWith('/') && !isTestPath(path)) files.push({ glob: path, why: 'a file a QA command runs' });
  }
  const unique = new Map(files.map((f) => [f.glob, f]));
  return { files: [...unique.values()], npmScripts: [...npmScripts].sort() };
}

const NPM_COMMAND = /\b(?:npm|pnpm|yarn|bun)\b/;

/** Whether package.json's scripts can matter to `commands`: only a package manager runs them. */
export function runsNpmScripts(commands: readonly string[]): boolean {
  return commands.some((c) => NPM_COMMAND.test(c));
}

/** A change to what judges the stage, as okstra reports it. */
export interface ProtectedChange {
  path: string;
  why: string;
}

/**
 * The protected changes among `changed`: files of `definitions` (a config
 * `protected:` list adds globs, and `!glob` entries remove them), and the QA
 * scripts of package.json whose text differs between `before` and `after`.
 * The stage's `files` list lets its own paths change.
 */
export function protectedChanges(input: {
  changed: readonly string[];
  definitions: QaDefinitions;
  stageFiles: readonly string[];
  configured: readonly string[];
  scripts: { before: Readonly<Record<string, string>>; after: Readonly<Record<string, string>> };
}): ProtectedChange[] {
  const planned = input.stageFiles.map(globMatcher);
  const removed = input.configured.filter((g) => g.startsWith('!')).map((g) => globMatcher(g.slice(1)));
  const rules = [
    ...input.definitions.files,
    ...input.configured.filter((g) => !g.startsWith('!')).map((glob) => ({ glob, why: 'protected: in the config' })),
  ].map((r) => ({ ...r, matches: globMatcher(r.glob) }));
  const out: ProtectedChange[] = [];
  for (const path of input.changed) {
    if (planned.some((m) => m(path)) || removed.some((m) => m(path))) continue;
    if (path === 'package.json') {
      const scripts = input.definitions.npmScripts.filter(
        (name) => input.scripts.before[name] !== input.scripts.after[name],
      );
      if (scripts.length > 0) out.push({ path, why: `changed the QA scripts ${scripts.join(', ')}` });
      continue;
    }
    const rule = rules.find((r) => r.matches(path));
    if (rule) out.push({ path, why: rule.why });
  }
  return out;
}

/** Where tests live in the common ecosystems: a test folder, or a file named as a test. */
const TEST_PATH =
  /(?:^|\/)(?:tests?|spec|__tests__)\/|(?:^|\/)(?:test_[^/]+\.py|[^/]+_test\.(?:py|go|rb|exs)|[^/]+\.(?:test|spec)\.[cm]?[jt]sx?|[^/]+_spec\.rb|conftest\.py|[^/]+Test\.(?:java|kt))$/;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}

/**
 * Stage discipline: the tests a done stage added or changed are frozen for
 * the stages after it. `frozen` maps each such path to the stage that made
 * it; a change to one that `stageFiles` does not name is protected.
 */
export function frozenTestChanges(
  changed: readonly string[],
  frozen: ReadonlyMap<string, number>,
  stageFiles: readonly string[],
): ProtectedChange[] {
  const planned = stageFiles.map(globMatcher);
  return changed
    .filter((path) => frozen.has(path) && !planned.some((m) => m(path)))
    .map((path) => ({ path, why: `a test done stage ${frozen.get(path) ?? '?'} added or changed is frozen` }));
}
