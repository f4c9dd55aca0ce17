/**
 * Evidence that could have failed: okstra counts the tests each QA command
 * ran, runs the same commands at the stage's base with the stage's tests laid
 * over it, and blocks a stage whose tests were lost, skipped, or pass without
 * the change — even when QA passes and the verifier (fooled by the evidence)
 * answers PASS.
 */
import { describe, expect, it } from 'vitest';
import { completed, engineFor, ledgerRows } from './helpers.js';
import {
  PACKAGE,
  PYTHON,
  PYTHON_FILES,
  PYTHON_RIGHT,
  PYTHON_WRONG,
  RIGHT_MUL,
  WRONG_MUL,
  executor,
  hasPytest,
  project,
} from './evidence-fixtures.js';

/** A stage whose new "mul" test tests add, which the base already has: it passes without the change. */
const VACUOUS = {
  ...RIGHT_MUL,
  'test/mul.test.mjs': RIGHT_MUL['test/mul.test.mjs']
    .replace('import { mul }', 'import { add as mul }')
    .replace('6));', '5));'),
};
const skipped = (text: string): string => text.replace("test('mul',", "test.skip('mul',");

describe('a Node project whose QA is node --test', () => {
  it('marks its new test test.skip: more tests are skipped than at the base, and the stage fails', async () => {
    const p = await project(executor({ ...WRONG_MUL, 'test/mul.test.mjs': skipped(WRONG_MUL['test/mul.test.mjs']) }));
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.qa.every((q) => q.passed)).toBe(true);
    expect(report.verifiers.every((v) => v.verdict === 'PASS')).toBe(true);
    expect(report.qa.at(-1)?.tests).toMatchObject({ format: 'tap', run: 2, passed: 1, skipped: 1 });
    // At the base its file cannot even load (no mul there): red, but the test never turns green, it is skipped.
    expect(report.evidence).toMatchObject({ changedTests: ['test/mul.test.mjs'], greenAtHead: [] });
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons).toEqual(['okstra: qaCommands 1: 1 more test skipped than at the base (0 → 1): mul']);
    expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'failed', reason: 'verdict-fail' });
  });

  it('deletes the tests: none runs where the base ran one, and the stage fails', async () => {
    // A note keeps the test folder, so `node --test test/` still finds it and passes with `# tests 0`.
    const gone = {
      'src/stage-1.txt': 'stage 1\n',
      'src/math.mjs': WRONG_MUL['src/math.mjs'],
      'test/README.md': 'tests\n',
    };
    const p = await project(executor(gone, ['test/add.test.mjs']));
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.qa.every((q) => q.passed)).toBe(true);
    expect(report.qa.at(-1)?.tests).toMatchObject({ run: 0 });
    expect(report.evidence?.problems.map((x) => x.kind)).toEqual(['no-tests']);
    expect(report.verdict.value).toBe('FAIL');
    expect(report.verdict.reasons[0]).toBe('okstra: qaCommands 1: 1 test ran at the base, none here');
    expect(report.evidence?.changedTests).toEqual(['test/README.md']);
  });

  it('a stage whose new test passes at the base is refused, naming the test file', async () => {
    const p = await project(executor(VACUOUS));
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.qa.every((q) => q.passed)).toBe(true);
    expect(report.evidence?.outcome).toBe('no-red');
    expect(report.evidence?.baseRun.at(-1)).toMatchObject({ passed: true, tests: { run: 2, passed: 2, failed: 0 } });
    expect(report.verdict.reasons).toEqual([expect.stringContaining('(test/mul.test.mjs) pass at its base too')]);
  });

  it("a failed stage's error analysis names the cause, and its fix run's executor starts from it", async () => {
    const p = await project(executor(VACUOUS));
    const engine = await engineFor(p);
    const failed = completed(await engine.run(1)).report;
    expect(failed.errorAnalysis).toEqual([
      {
        rule: 'tests: red, then green',
        observed: "the stage's tests (test/mul.test.mjs) passed at its base, without the change",
        files: ['test/mul.test.mjs'],
        next: expect.stringContaining('write a test that fails without the change'),
      },
    ]);
    p.script('builder', {
      rules: [{ when: { role: 'executor' }, do: { ...executor(RIGHT_MUL), record: p.recordFile('builder') } }],
    });
    const fixed = completed(await engine.run(1)).report;
    expect(fixed.verdict.reasons).toEqual([expect.stringMatching(/^every QA command passed/)]);
    const prompt = p.records('builder')[0]?.prompt ?? '';
    expect(prompt).toContain('## Why the previous attempt failed');
    expect(prompt).toContain("observed: the stage's tests (test/mul.test.mjs) passed at its base, without the change");
  });

  it('the honest stage passes, red at the base and green at the head, and the reviewer is told so', async () => {
    const p = await project(executor(RIGHT_MUL));
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict.value).toBe('PASS');
    expect(report.evidence).toMatchObject({
      tdd: 'red-green',
      outcome: 'red-green',
      problems: [],
      notCounted: ['validation 1'],
    });
    expect(report.evidence?.redAtBase).toEqual(['test/mul.test.mjs']);
    expect(report.evidence?.baseRun.at(-1)).toMatchObject({ passed: false, tests: { run: 2, failed: 1 } });
    const prompt = p.records('reviewer')[0]?.prompt ?? '';
    expect(prompt.indexOf('## What okstra checked itself')).toBeLessThan(prompt.indexOf('## Stage scope'));
    expect(prompt).toContain('tests of qaCommands 1: 2 ran, 2 passed, 0 failed, 0 skipped (read from tap output)');
    expect(prompt).toContain('tests of validation 1: tests not counted');
    expect(prompt).toContain('red, then green: at the base with the stage');
  });

  it("the reviewer's prompt shows the protected change and the counts when the executor touched package.json's scripts", async () => {
    const p = await project(executor({ ...WRONG_MUL, 'package.json': PACKAGE('node --test test/add.test.mjs') }));
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict.value).toBe('FAIL');
    expect(report.evidence?.problems.map((x) => x.kind)).toContain('fewer-tests');
    const prompt = p.records('reviewer')[0]?.prompt ?? '';
    const checked = prompt.slice(prompt.indexOf('## What okstra checked itself'), prompt.indexOf('## Stage scope'));
    expect(checked).toContain('package.json: changed the QA scripts test');
    expect(checked).toContain('tests of qaCommands 1: 1 ran, 1 passed, 0 failed, 0 skipped (read from tap output)');
    expect(checked).toContain('PROBLEM (fewer-tests) in qaCommands 1');
    expect(checked).toContain('**not facts on their own**');
  });

  it('a docs stage that says `tdd: none` passes with no red; without it, it is refused', async () => {
    const docs = executor({ 'src/stage-1.txt': 'stage 1\n', 'docs/math.md': '# add\n' });
    const fields = { validation: 'none', extra: '- **TDD:** none' };
    const kept = await project(docs, '`src/stage-1.txt`, `docs/`', undefined, fields);
    const { report } = completed(await (await engineFor(kept)).run(1));
    expect(report.verdict.value).toBe('PASS');
    expect(report.evidence).toMatchObject({ tdd: 'none', outcome: 'kept', problems: [] });
    const refused = await project(docs, '`src/stage-1.txt`, `docs/`', undefined, { validation: 'none' });
    const again = completed(await (await engineFor(refused)).run(1)).report;
    expect(again.verdict.reasons).toEqual([
      'okstra: no test fails without the change: the stage added or changed no test, and every QA command passes at its base; these tests do not test it (a stage that keeps behaviour says `tdd: none`)',
    ]);
  });
});

describe.skipIf(!hasPytest)('a Python project whose QA is pytest', () => {
  it('marks its new test skipped: the stage fails', async () => {
    const skip = {
      ...PYTHON_WRONG,
      'tests/test_mul.py': `import pytest\n${PYTHON_WRONG['tests/test_mul.py'].replace('def test_mul', '@pytest.mark.skip\ndef test_mul')}`,
    };
    const p = await project(executor(skip), PYTHON_FILES, PYTHON);
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.qa.every((q) => q.passed)).toBe(true);
    expect(report.qa.at(-1)?.tests).toMatchObject({ run: 2, passed: 1, skipped: 1 });
    expect(report.verdict.value).toBe('FAIL');
    expect(report.evidence?.problems.map((x) => x.kind)).toContain('more-skipped');
  });

  it('deletes the tests: the stage fails naming the lost test', async () => {
    const p = await project(
      executor(
        {
          'src/stage-1.txt': 'stage 1\n',
          'calc.py': PYTHON_WRONG['calc.py'],
          'tests/test_keep.py': 'def test_nothing():\n    pass\n',
        },
        ['tests/test_add.py'],
      ),
      PYTHON_FILES,
      PYTHON,
    );
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.qa.every((q) => q.passed)).toBe(true);
    expect(report.verdict.value).toBe('FAIL');
    const lost = report.evidence?.problems.find((x) => x.kind === 'lost-tests');
    expect(lost?.ids.join(' ')).toContain('test_add');
  });

  it('the honest stage passes, its test red at the base', async () => {
    const p = await project(executor(PYTHON_RIGHT), PYTHON_FILES, PYTHON);
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict.value).toBe('PASS');
    expect(report.evidence?.outcome).toBe('red-green');
    expect(report.evidence?.redAtBase.join(' ')).toContain('test_mul');
  });
});
