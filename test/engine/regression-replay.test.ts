/**
 * Regression replay: final verification runs each done stage's own tests, as
 * that stage left them, at the final head. Two stages beside each other in a
 * diamond (1 → 2, 3 → 4) both change the same test file: stage 2 adds a test
 * at its end, stage 3 breaks `add` and rewrites the `add` test at its top to
 * match. Each stage's own evidence is sound (its tests fail at its base and
 * pass at its head; no done stage it builds on made that test), the merge is
 * clean, and the final head's own QA passes: only stage 2's tests, replayed,
 * show that stage 3 broke what stage 2 relied on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateFinalVerificationReport } from '../../src/core/report/validate-schema.js';
import { engineFor, finalRun, makeProject, WRITES_STAGE_FILE } from './helpers.js';
import { PACKAGE } from './evidence-fixtures.js';

const ADD_TEST = (expected: number): string =>
  `import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { add } from '../src/math.mjs';\ntest('add', () => assert.equal(add(2, 3), ${expected}));\n// (a few lines apart, so the two stages' edits merge)\n//\n//\n//\n`;
const SUB_TEST =
  "test('sub', async () => {\n  const { sub } = await import('../src/sub.mjs');\n  assert.equal(sub(3, 2), 1);\n});\n";

async function diamond(): Promise<Awaited<ReturnType<typeof makeProject>>> {
  const stage = (n: number, files: Record<string, string>): unknown => ({
    when: { role: 'executor', stage: n },
    do: { writeFiles: { [`src/stage-${n}.txt`]: `stage ${n}\n`, ...files }, final: 'done', carry: true },
  });
  const p = await makeProject({
    plan: 'diamond.md',
    files: {
      'package.json': PACKAGE('node --test test/'),
      'src/math.mjs': 'export const add = (a, b) => a + b;\n',
      'test/math.test.mjs': ADD_TEST(5),
    },
    agents: {
      builder: {
        rules: [
          stage(2, {
            'src/sub.mjs': 'export const sub = (a, b) => a - b;\n',
            'test/math.test.mjs': ADD_TEST(5) + SUB_TEST,
          }),
          stage(3, { 'src/math.mjs': 'export const add = (a, b) => a - b;\n', 'test/math.test.mjs': ADD_TEST(-1) }),
          { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
        ],
      },
      reviewer: { verifierResult: 'PASS' },
    },
    config: { qaCommands: ['npm test --silent'], verifiers: ['reviewer'] },
  });
  // Stages 2 and 3 may change the code and the tests: the plan allows it.
  const plan = readFileSync(p.planFile, 'utf8')
    .replace('- **Files:** `src/stage-2.txt`, `shared.txt`', '- **Files:** `src/`, `test/`')
    .replace('- **Files:** `src/stage-3.txt`, `shared.txt`', '- **Files:** `src/`, `test/`');
  writeFileSync(p.planFile, plan);
  await p.git.ok(['commit', '--quiet', '-am', 'stages 2 and 3 name src/ and test/']);
  return p;
}

describe('regression replay', () => {
  it('rejects the final head when a stage beside another broke its tests, and reopens the one that broke them', async () => {
    const p = await diamond();
    const engine = await engineFor(p);
    const chain = await engine.chain();
    expect(chain.status).toBe('complete');
    expect(chain.runs.map((r) => r.report.evidence?.outcome)).toEqual([
      'red-green',
      'red-green',
      'red-green',
      'red-green',
    ]);
    const outcome = await finalRun(p, engine);
    if (outcome.kind !== 'completed') throw new Error(`final refused: ${outcome.reason}`);
    const { report } = outcome;
    expect(validateFinalVerificationReport(report).ok).toBe(true);
    expect(report.qa.every((q) => q.passed)).toBe(true);
    expect(report.regressionReplay?.map((r) => [r.stage, r.paths, r.brokenBy])).toEqual([
      [2, ['test/math.test.mjs'], [3]],
      [3, ['test/math.test.mjs'], [2]],
    ]);
    expect(report.regressionReplay?.map((r) => r.qa.every((q) => q.passed))).toEqual([false, true]);
    expect(report.verdict).toMatchObject({ value: 'rejected', fixStages: [3], rebuildStages: [4] });
    expect(report.verdict.reasons).toContain(
      "regression replay: stage 2's tests (test/math.test.mjs) as it left them fail at the final head (qaCommands 1); changed since by stage 3",
    );
  });
});
