import { describe, expect, it } from 'vitest';
import {
  frozenTestChanges,
  isTestPath,
  npmScriptsRun,
  pathsNamed,
  runsNpmScripts,
  protectedChanges,
  qaDefinitions,
  type QaDefinitions,
} from '../../src/core/scope/qa-definitions.js';

const SCRIPTS = { test: 'npm run lint && vitest run', lint: 'eslint .', pretest: 'tsc', build: 'tsc -p .' };

function changes(
  changed: string[],
  commands: string[],
  opts: { stageFiles?: string[]; configured?: string[]; after?: Record<string, string> } = {},
): string[] {
  const definitions: QaDefinitions = qaDefinitions(commands, SCRIPTS);
  return protectedChanges({
    changed,
    definitions,
    stageFiles: opts.stageFiles ?? [],
    configured: opts.configured ?? [],
    scripts: { before: SCRIPTS, after: opts.after ?? SCRIPTS },
  }).map((c) => `${c.path}: ${c.why}`);
}

describe('what a QA command runs', () => {
  it('npm test reaches its script, its pre script and the scripts it runs in turn', () => {
    expect(npmScriptsRun('npm test', SCRIPTS)).toEqual(['lint', 'postlint', 'posttest', 'prelint', 'pretest', 'test']);
    expect(npmScriptsRun('npm ci && npm run build', SCRIPTS)).toEqual(['build', 'postbuild', 'prebuild']);
  });

  it('names the files a command line runs, not options, absolute paths or variables', () => {
    expect(pathsNamed('bash ./scripts/test.sh --fast && python tests/run.py /usr/bin/x $HOME/y ../up.sh')).toEqual([
      'scripts/test.sh',
      'tests/run.py',
    ]);
  });

  it('the runner a script starts brings its configuration: npm test → vitest → vitest.config.*', () => {
    const files = qaDefinitions(['npm test'], SCRIPTS).files.map((f) => f.glob);
    expect(files).toEqual(expect.arrayContaining(['vitest.config.*', '.npmrc', '**/AGENTS.md', '.github/**']));
    expect(files).not.toContain('pytest.ini');
    expect(qaDefinitions(['python -m pytest -q'], {}).files.map((f) => f.glob)).toContain('**/conftest.py');
    // A folder or a test file a command names is what it tests: adding tests there stays the stage's business.
    const named = qaDefinitions(['node --test test/ && pytest tests/test_mul.py && ./ci/check.sh'], {}).files;
    expect(named.filter((f) => f.why === 'a file a QA command runs').map((f) => f.glob)).toEqual(['ci/check.sh']);
  });
});

describe('protected changes', () => {
  it('package.json is read only when a QA command runs a package manager', () => {
    expect(runsNpmScripts(['pytest -q', 'make check'])).toBe(false);
    expect(runsNpmScripts(['pytest -q', 'pnpm test'])).toBe(true);
  });

  it('a change to a QA script is one; a change to a script QA never runs is not', () => {
    expect(changes(['package.json'], ['npm test'], { after: { ...SCRIPTS, test: 'exit 0' } })).toEqual([
      'package.json: changed the QA scripts test',
    ]);
    expect(changes(['package.json'], ['npm test'], { after: { ...SCRIPTS, build: 'tsc -b' } })).toEqual([]);
    // A script QA reaches that did not exist before (a new pretest) changes what runs too.
    expect(changes(['package.json'], ['npm test'], { after: { ...SCRIPTS, posttest: 'true' } })).toEqual([
      'package.json: changed the QA scripts posttest',
    ]);
  });

  it('runner configuration, files the commands name, CI and agent instructions are protected', () => {
    expect(
      changes(
        ['vitest.config.ts', 'scripts/test.sh', '.github/workflows/ci.yml', 'docs/AGENTS.md', 'src/a.ts'],
        ['npm test', './scripts/test.sh'],
      ),
    ).toEqual([
      'vitest.config.ts: vitest configuration',
      'scripts/test.sh: a file a QA command runs',
      '.github/workflows/ci.yml: CI workflows and the instructions Copilot loads',
      'docs/AGENTS.md: instructions an agent CLI loads',
    ]);
  });

  it("the stage's files let a path change; the config adds globs and removes them with !", () => {
    expect(changes(['vitest.config.ts'], ['npm test'], { stageFiles: ['vitest.config.ts'] })).toEqual([]);
    expect(changes(['fixtures/golden.json'], ['npm test'], { configured: ['fixtures/**'] })).toEqual([
      'fixtures/golden.json: protected: in the config',
    ]);
    expect(changes(['.github/CODEOWNERS'], ['npm test'], { configured: ['!.github/CODEOWNERS'] })).toEqual([]);
  });
});

describe('frozen tests (stage discipline)', () => {
  it('knows test files in the common ecosystems, and not the code beside them', () => {
    for (const path of [
      'test/mul.test.mjs',
      'src/mul.test.ts',
      'pkg/mul_test.go',
      'tests/test_mul.py',
      'mul_test.py',
      'spec/mul_spec.rb',
      'src/test/java/MulTest.java',
      'web/__tests__/App.jsx',
    ])
      expect(isTestPath(path), path).toBe(true);
    for (const path of ['src/mul.mjs', 'pkg/mul.go', 'contest.py', 'latest/notes.md', 'src/testing.ts'])
      expect(isTestPath(path), path).toBe(false);
  });

  it("a later stage's change to a done stage's test is protected unless its files name it", () => {
    const frozen = new Map([['test/mul.test.mjs', 1]]);
    expect(frozenTestChanges(['test/mul.test.mjs', 'src/mul.mjs'], frozen, ['src/mul.mjs'])).toEqual([
      { path: 'test/mul.test.mjs', why: 'a test done stage 1 added or changed is frozen' },
    ]);
    expect(frozenTestChanges(['test/mul.test.mjs'], frozen, ['test/'])).toEqual([]);
  });
});
