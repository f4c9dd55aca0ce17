import { describe, expect, it } from 'vitest';
import {
  assessLedger,
  deriveLedgerState,
  describeDistrusted,
  MAX_CLOCK_SKEW_MS,
  MAX_TRUSTED_LEASE_MS,
  parseLedgerLines,
  planRepair,
  stageStatus,
  type LedgerRow,
} from '../../src/core/ledger/index.js';

const now = new Date('2026-11-29T12:00:00Z');
const HEAD = 'a'.repeat(40);
const iso = (ms: number): string => new Date(ms).toISOString();

function started(stage: number, run: string, opts: { at?: string; lease?: string } = {}): LedgerRow {
  return {
    v: 1,
    plan_id: 'p',
    stage,
    status: 'started',
    run_id: run,
    at: opts.at ?? '2026-11-29T11:00:00Z',
    lease_until: opts.lease ?? '2026-11-29T13:00:00Z',
  };
}
function done(stage: number, run: string, at = '2026-11-29T11:30:00Z'): LedgerRow {
  return {
    v: 1,
    plan_id: 'p',
    stage,
    status: 'done',
    run_id: run,
    at,
    head_commit: HEAD,
    completed_at: at,
    carry_path: `plans/p/carry/stage-${stage}.json`,
    report_path: `plans/p/reports/stage-${stage}/${run}.json`,
  };
}
function failed(stage: number, run: string): LedgerRow {
  return {
    v: 1,
    plan_id: 'p',
    stage,
    status: 'failed',
    run_id: run,
    at: '2026-11-29T11:30:00Z',
    reason: 'verdict-fail',
  };
}

describe('assessLedger', () => {
  it('believes the lifecycle okstra writes: claim, terminal, re-claim, terminal', () => {
    const rows = [started(1, 'r1'), failed(1, 'r1'), started(1, 'r2'), done(1, 'r2'), started(2, 'r3')];
    expect(assessLedger(rows, { now })).toEqual({ trusted: rows, distrusted: [] });
  });

  it('ignores a terminal row without its started row, naming line and run', () => {
    const { trusted, distrusted } = assessLedger([started(1, 'r1'), done(2, 'r-3')], { now });
    expect(trusted).toEqual([started(1, 'r1')]);
    expect(distrusted).toEqual([{ line: 2, row: done(2, 'r-3'), reason: 'done without its started row (run r-3)' }]);
    expect(distrusted.map((d) => describeDistrusted(d, 'p'))).toEqual([
      'row 2 ignored: done without its started row (run r-3) — run `okstra ledger repair --plan-id p --drop-line 2 --reason "…"`',
    ]);
    expect(distrusted[0] && describeDistrusted(distrusted[0], 'p')).toBe(
      'row 2 ignored: done without its started row (run r-3) — run `okstra ledger repair --plan-id p --drop-line 2 --reason "…"`',
    );
  });

  it("ignores a terminal row of another run than the claim's, and a second terminal row of an ended claim", () => {
    const { distrusted } = assessLedger([started(1, 'r1'), done(1, 'r2'), failed(1, 'r1'), done(1, 'r1')], { now });
    expect(distrusted.map((d) => [d.line, d.reason])).toEqual([
      [2, 'done for run r2, but stage 1 is claimed by run r1'],
      [4, 'done again for run r1, whose claim already ended failed'],
    ]);
  });

  it('ignores a terminal row after the stage ended for another run', () => {
    const { distrusted } = assessLedger([started(1, 'r1'), done(1, 'r1'), failed(1, 'r9')], { now });
    expect(distrusted[0]?.reason).toBe('failed without its started row (run r9; stage 1 was last done by run r1)');
  });

  it("ignores a claim over another run's open claim, so it cannot steal the stage", () => {
    const rows = [started(1, 'r1'), started(1, 'r2'), done(1, 'r1')];
    const { trusted, distrusted } = assessLedger(rows, { now });
    expect(trusted).toEqual([started(1, 'r1'), done(1, 'r1')]);
    expect(distrusted[0]).toMatchObject({
      line: 2,
      reason: "started for run r2 while run r1 still holds stage 1's claim",
    });
  });

  it('ignores a row written further in the future than the clock skew, and the terminal row of such a claim', () => {
    const rows = [
      started(1, 'r1', { at: '2999-01-01T00:00:00Z', lease: '9999-12-31T00:00:00Z' }),
      done(1, 'r1', '2999-01-01T00:10:00Z'),
    ];
    const { trusted, distrusted } = assessLedger(rows, { now });
    expect(trusted).toEqual([]);
    expect(distrusted[0]?.reason).toMatch(
      /^written at 2999-01-01T00:00:00Z, \d+ days ahead of this machine's clock \(2026-11-29T12:00:00.000Z; at most 5 min of clock skew is believed\)$/,
    );
    expect(distrusted[1]?.reason).toMatch(/^written at 2999/);
    expect(stageStatus(deriveLedgerState(trusted), 1)).toBe('pending');
  });

  it('believes a row just inside the clock skew and ignores one just beyond it', () => {
    const inside = started(1, 'r1', {
      at: iso(now.getTime() + MAX_CLOCK_SKEW_MS),
      lease: iso(now.getTime() + MAX_CLOCK_SKEW_MS + 3_600_000),
    });
    const beyond = started(2, 'r2', {
      at: iso(now.getTime() + MAX_CLOCK_SKEW_MS + 1000),
      lease: iso(now.getTime() + MAX_CLOCK_SKEW_MS + 3_600_000),
    });
    expect(assessLedger([inside, beyond], { now }).distrusted.map((d) => d.line)).toEqual([2]);
  });

  it('ignores a lease longer than the maximum (and the terminal row of that claim), believes one at the maximum', () => {
    const at = '2026-11-29T11:00:00Z';
    const atMax = started(1, 'r1', { at, lease: iso(Date.parse(at) + MAX_TRUSTED_LEASE_MS) });
    const huge = started(2, 'r2', { at, lease: '9999-12-31T00:00:00Z' });
    const { trusted, distrusted } = assessLedger([atMax, huge, failed(2, 'r2')], { now });
    expect(trusted).toEqual([atMax]);
    expect(distrusted.map((d) => d.reason)).toEqual([
      expect.stringMatching(
        /^claims a lease of \d+ days \(until 9999-12-31T00:00:00Z\), longer than the 24 h maximum$/,
      ),
      'failed for a run whose started row is itself ignored (line 2, run r2)',
    ]);
  });

  it("takes the store's verdict on a done row's commit, and only for that line", () => {
    const rows = [started(1, 'r1'), done(1, 'r1')];
    const { trusted, distrusted } = assessLedger(rows, {
      now,
      doneCommitProblems: new Map([[2, 'done row whose ledger commit abc does not add its report']]),
    });
    expect(trusted).toEqual([started(1, 'r1')]);
    expect(distrusted).toEqual([
      { line: 2, row: done(1, 'r1'), reason: 'done row whose ledger commit abc does not add its report' },
    ]);
    expect(stageStatus(deriveLedgerState(trusted), 1)).toBe('started');
  });
});

describe('planRepair', () => {
  const meta = { planId: 'p', reason: 'forged row from the 2026-11-29 incident', actor: 'alice', at: now };
  const text =
    [JSON.stringify(started(1, 'r1')), 'not json', JSON.stringify(done(2, 'r-3')), JSON.stringify(done(1, 'r1'))].join(
      '\n',
    ) + '\n';
  const lines = parseLedgerLines(text, { path: 'x', planId: 'p' });
  const distrusted = assessLedger([started(1, 'r1'), done(2, 'r-3')], { now }).distrusted.map((d) => ({
    ...d,
    line: 3,
  }));

  it('quarantines every unreadable and distrusted line with the reason and the original text', () => {
    const d = planRepair(lines, distrusted, { kind: 'quarantine-distrusted' }, meta);
    if (d.kind !== 'repair') throw new Error(`expected a repair, got ${d.kind}`);
    expect(d.plan.removed.map((r) => r.line)).toEqual([2, 3]);
    expect(d.plan.ledgerText).toBe(`${JSON.stringify(started(1, 'r1'))}\n${JSON.stringify(done(1, 'r1'))}\n`);
    const records = (d.plan.quarantine ?? '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records[0]).toMatchObject({
      line: 2,
      original: 'not json',
      reason: meta.reason,
      by: 'alice',
      problem: expect.stringContaining('not valid JSON'),
    });
    expect(records[1]).toMatchObject({ line: 3, problem: 'done without its started row (run r-3)' });
    expect(d.plan.message).toContain('Reason: forged row from the 2026-11-29 incident');
    expect(d.plan.message).toContain('Run by: alice');
  });

  it('drops the named lines and quarantines nothing', () => {
    const d = planRepair(lines, distrusted, { kind: 'drop', lines: [2] }, meta);
    expect(d.kind === 'repair' && d.plan.quarantine).toBeNull();
    expect(d.kind === 'repair' && d.plan.removed).toEqual([
      { line: 2, raw: 'not json', problem: expect.stringContaining('not valid JSON') },
    ]);
  });

  it('refuses without a reason, a line that does not exist, and a believed row without force', () => {
    expect(planRepair(lines, distrusted, { kind: 'drop', lines: [2] }, { ...meta, reason: '  ' })).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('--reason'),
    });
    expect(
      planRepair(lines, distrusted, { kind: 'drop', lines: [2] }, { ...meta, reason: 'two\nlines' }),
    ).toMatchObject({ kind: 'refused' });
    expect(planRepair(lines, distrusted, { kind: 'drop', lines: [9] }, meta)).toEqual({
      kind: 'refused',
      reason: 'the ledger has 4 lines; there is no line 9',
    });
    expect(planRepair(lines, distrusted, { kind: 'drop', lines: [] }, meta)).toMatchObject({ kind: 'refused' });
    expect(planRepair(lines, distrusted, { kind: 'drop', lines: [1] }, meta)).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('line 1 is a believed row'),
    });
    const forced = planRepair(lines, distrusted, { kind: 'drop', lines: [1], force: true }, meta);
    expect(forced.kind === 'repair' && forced.plan.removed).toEqual([
      { line: 1, raw: JSON.stringify(started(1, 'r1')), problem: null },
    ]);
  });

  it('has nothing to do on a clean ledger', () => {
    const clean = parseLedgerLines(`${JSON.stringify(started(1, 'r1'))}\n`, { path: 'x', planId: 'p' });
    expect(planRepair(clean, [], { kind: 'quarantine-distrusted' }, meta).kind).toBe('nothing');
  });
});
