import { describe, expect, it } from 'vitest';
import { judgeStageEvidence, type CountedRun } from '../../../src/core/evidence/judge.js';
import type { TestCount } from '../../../src/core/test-counts/index.js';
import { namedCount } from '../test-counts/fixtures.js';

const count = namedCount;
const run = (label: string, c: TestCount | null, passed = (c?.failed ?? 0) === 0): CountedRun => ({
  label,
  exitCode: passed ? 0 : 1,
  passed,
  count: c,
});
const judge = (over: Partial<Parameters<typeof judgeStageEvidence>[0]>) =>
  judgeStageEvidence({
    tdd: 'red-green',
    changedTests: ['test/mul.test.mjs'],
    head: [run('npm test', count(['add', 'mul']))],
    base: [run('npm test', count(['add'], ['mul']))],
    baseCommit: 'b'.repeat(40),
    ...over,
  });

describe('judgeStageEvidence', () => {
  it('red at the base and green at the head: no reason, the failing ids named', () => {
    const { evidence, reasons } = judge({});
    expect(reasons).toEqual([]);
    expect(evidence).toMatchObject({ outcome: 'red-green', redAtBase: ['mul'], greenAtHead: ['mul'], problems: [] });
    expect(evidence.baseRun).toEqual([
      {
        label: 'npm test',
        exitCode: 1,
        passed: false,
        tests: { format: 'tap', run: 2, passed: 1, failed: 1, skipped: 0 },
      },
    ]);
  });

  it("tests that pass at the base too: no red, a reason naming the stage's test files", () => {
    const { evidence, reasons } = judge({ base: [run('npm test', count(['add', 'mul']))] });
    expect(evidence.outcome).toBe('no-red');
    expect(reasons).toEqual([expect.stringContaining('(test/mul.test.mjs) pass at its base too')]);
  });

  it('an uncounted command failing at the base is no red when another command was counted and passed', () => {
    const { evidence } = judge({
      head: [run('validation 1', null), run('npm test', count(['add'], [], ['mul']))],
      base: [run('validation 1', null, false), run('npm test', count(['add'], [], ['mul']))],
    });
    expect(evidence.outcome).toBe('no-red');
    expect(evidence.notCounted).toEqual(['validation 1']);
  });

  it('a stage that changed no test is red when any command fails at its base', () => {
    const base = [run('validation 1', null, false), run('npm test', count(['add']))];
    expect(judge({ changedTests: [], base }).evidence.outcome).toBe('red-green');
    const passing = [run('validation 1', null), run('npm test', count(['add']))];
    expect(judge({ changedTests: [], base: passing }).reasons).toEqual([
      expect.stringContaining('the stage added or changed no test, and every QA command passes at its base'),
    ]);
  });

  it('tdd: none asks for no red, but lost tests still block', () => {
    const kept = judge({ tdd: 'none', base: [run('npm test', count(['add', 'mul']))] });
    expect(kept).toMatchObject({ evidence: { outcome: 'kept' }, reasons: [] });
    const lost = judge({
      tdd: 'none',
      head: [run('npm test', count(['add']))],
      base: [run('npm test', count(['add', 'mul']))],
    });
    expect(lost.evidence.problems.map((p) => p.kind)).toEqual(expect.arrayContaining(['fewer-tests', 'lost-tests']));
    expect(lost.reasons.every((r) => r.startsWith('okstra: npm test: '))).toBe(true);
  });

  it('a pass printed over counted failures is a finding', () => {
    const masked = judge({ head: [run('npm test', count(['add'], ['mul']), true)] });
    expect(masked.evidence.problems).toEqual([
      { label: 'npm test', kind: 'failures-masked', detail: 'exited 0 although 1 test(s) failed: mul', ids: ['mul'] },
    ]);
  });

  it('no base run: not checked, nothing blocks', () => {
    expect(judge({ base: null })).toMatchObject({
      evidence: { outcome: 'not-checked', baseCommit: null },
      reasons: [],
    });
  });
});
