import { describe, expect, it } from 'vitest';
import { attribute, dependentsOf, judgeFinal, parseNameLog, sinkStages } from '../../src/core/final/index.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';
import { parsePlan } from '../../src/core/plan/index.js';

const diamond = parsePlan(
  [
    '---',
    'id: d',
    '---',
    '# D',
    '## Stage Map',
    '### Stage 1: A',
    '- depends-on: none',
    '- validation: `true`',
    '### Stage 2: B',
    '- depends-on: 1',
    '- validation: `true`',
    '### Stage 3: C',
    '- depends-on: 1',
    '- validation: `true`',
    '### Stage 4: D',
    '- depends-on: 2, 3',
    '- validation: `true`',
    '',
  ].join('\n'),
  { path: 'd.md' },
).plan;
if (!diamond) throw new Error('fixture does not parse');

const sha = (c: string): string => c.repeat(40);

describe('the final head and what builds on a stage', () => {
  it('sinks are the stages nothing depends on; dependents are everything built on the given stages, in order', () => {
    expect(sinkStages(diamond)).toEqual([4]);
    expect(dependentsOf(diamond, [3])).toEqual([4]);
    expect(dependentsOf(diamond, [1])).toEqual([2, 3, 4]);
    expect(dependentsOf(diamond, [4])).toEqual([]);
  });
});

describe('attribution of a final finding', () => {
  const changes = new Map([
    [2, new Map([['shared.txt', [sha('2')]]])],
    [
      3,
      new Map([
        ['shared.txt', [sha('3')]],
        ['src/c.ts', [sha('3')]],
      ]),
    ],
  ]);
  it('goes to every stage whose commits changed its file, with those commits', () => {
    expect(attribute('shared.txt', changes, [4])).toEqual({ stages: [2, 3], commits: [sha('2'), sha('3')] });
    expect(attribute('src/c.ts', changes, [4])).toEqual({ stages: [3], commits: [sha('3')] });
  });
  it('goes to the sinks without a file, or for a file no stage changed', () => {
    expect(attribute(null, changes, [4])).toEqual({ stages: [4], commits: [] });
    expect(attribute('README.md', changes, [2, 3])).toEqual({ stages: [2, 3], commits: [] });
  });
  it('reads git log --name-only output with NUL-separated commits', () => {
    const out = `\0${sha('a')}\n\nsrc/a.ts\nsrc/b.ts\n\0${sha('b')}\n\nsrc/a.ts\n`;
    expect([...parseNameLog(out)]).toEqual([
      ['src/a.ts', [sha('a'), sha('b')]],
      ['src/b.ts', [sha('a')]],
    ]);
  });
});

describe('the final verdict', () => {
  const verifier = (verdict: 'PASS' | 'FAIL' | null, status: 'done' | 'error' = 'done') => ({
    worker: 'Reviewer worker',
    status,
    verdict,
    findings: [],
    evidenceRead: [],
    usage: null,
    durationMs: 1,
  });
  const qa = (passed: boolean, stage: number | null) => ({
    source: stage === null ? ('config' as const) : ('plan' as const),
    label: 'check',
    cmd: 'npm test',
    exitCode: passed ? 0 : 1,
    durationMs: 1,
    outputTail: '',
    passed,
    stage,
  });
  it('accepts only with every QA command passing and every verifier answering PASS', () => {
    const judged = judgeFinal({
      plan: diamond,
      sinks: [4],
      qa: [qa(true, 1)],
      verifiers: [verifier('PASS')],
      findings: [],
    });
    expect(judged).toMatchObject({ kind: 'judged', verdict: { value: 'accepted', fixStages: [], rebuildStages: [] } });
  });
  it('a failing stage validation reopens that stage and rebuilds what builds on it; a failing qaCommands entry the sinks', () => {
    expect(
      judgeFinal({ plan: diamond, sinks: [4], qa: [qa(false, 2)], verifiers: [verifier('PASS')], findings: [] }),
    ).toMatchObject({
      verdict: { value: 'rejected', fixStages: [2], rebuildStages: [4] },
    });
    expect(
      judgeFinal({ plan: diamond, sinks: [4], qa: [qa(false, null)], verifiers: [verifier('PASS')], findings: [] }),
    ).toMatchObject({
      verdict: { value: 'rejected', fixStages: [4], rebuildStages: [] },
    });
  });
  it('a verifier that could not work gives no verdict at all (nothing is recorded): it is not the stages’ fault', () => {
    expect(
      judgeFinal({ plan: diamond, sinks: [4], qa: [], verifiers: [verifier(null, 'error')], findings: [] }),
    ).toMatchObject({
      kind: 'incomplete',
    });
  });
});

describe('a verification-failed row reopens stages', () => {
  const done = (stage: number, run: string, head: string): LedgerRow[] => [
    {
      v: 1,
      plan_id: 'd',
      stage,
      status: 'started',
      run_id: run,
      at: '2026-12-01T10:00:00.000Z',
      lease_until: '2026-12-01T11:00:00.000Z',
    },
    {
      v: 1,
      plan_id: 'd',
      stage,
      status: 'done',
      run_id: run,
      at: '2026-12-01T10:01:00.000Z',
      head_commit: head,
      base_commit: sha('0'),
      completed_at: '2026-12-01T10:01:00.000Z',
      carry_path: `plans/d/carry/stage-${stage}.json`,
      report_path: `plans/d/reports/stage-${stage}/${run}.json`,
    },
  ];
  const failed = (heads: Record<string, string>, fix: number[], rebuild: number[]): LedgerRow => ({
    v: 1,
    plan_id: 'd',
    status: 'verification-failed',
    run_id: 'final-1',
    at: '2026-12-01T10:05:00.000Z',
    plan_blob: sha('e'),
    base_commit: sha('0'),
    final_head: sha('4'),
    final_branch: 'okstra/d/final',
    done_heads: heads,
    report_path: 'plans/d/reports/final/final-1.json',
    fix_stages: fix,
    rebuild_stages: rebuild,
  });

  it('as failed positions (final-rejected, dependency-reopened) with the done head and base kept', () => {
    const state = deriveLedgerState([
      ...done(3, 'r3', sha('3')),
      ...done(4, 'r4', sha('4')),
      failed({ '3': sha('3'), '4': sha('4') }, [3], [4]),
    ]);
    expect(state.stages.get(3)?.last).toMatchObject({
      status: 'failed',
      reason: 'final-rejected',
      head_commit: sha('3'),
      base_commit: sha('0'),
    });
    expect(state.stages.get(4)?.last).toMatchObject({ status: 'failed', reason: 'dependency-reopened' });
    expect(state.finals).toHaveLength(1);
  });

  it('never a stage that was re-done since at another head', () => {
    const state = deriveLedgerState([...done(3, 'r3', sha('3')), failed({ '3': sha('9') }, [3], [])]);
    expect(state.stages.get(3)?.last).toMatchObject({ status: 'done', head_commit: sha('3') });
  });
});
