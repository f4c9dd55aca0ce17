import { describe, expect, it } from 'vitest';
import { decideAppend, type LedgerRow } from '../../src/core/ledger/index.js';

const HEAD = 'a'.repeat(40);
const now = new Date('2026-11-29T12:00:00Z');

function started(stage: number, run: string, leaseUntil = '2026-11-29T13:00:00Z'): LedgerRow {
  return {
    v: 1,
    plan_id: 'p',
    stage,
    status: 'started',
    run_id: run,
    at: '2026-11-29T11:00:00Z',
    lease_until: leaseUntil,
  };
}
function done(stage: number, run: string): LedgerRow {
  return {
    v: 1,
    plan_id: 'p',
    stage,
    status: 'done',
    run_id: run,
    at: '2026-11-29T11:30:00Z',
    head_commit: HEAD,
    completed_at: '2026-11-29T11:30:00Z',
    carry_path: `plans/p/carry/stage-${stage}.json`,
    report_path: `plans/p/reports/stage-${stage}/${run}.json`,
  };
}
function failed(stage: number, run: string, reason: 'verdict-fail' | 'abandoned' = 'verdict-fail'): LedgerRow {
  return { v: 1, plan_id: 'p', stage, status: 'failed', run_id: run, at: '2026-11-29T11:30:00Z', reason };
}

describe('decideAppend', () => {
  it('accepts the first claim of a stage', () => {
    expect(decideAppend([], started(1, 'r1'), now)).toEqual({ kind: 'append' });
  });

  it('refuses a second live claim, naming the holder and its lease', () => {
    const d = decideAppend([started(1, 'r1')], started(1, 'r2'), now);
    expect(d).toEqual({
      kind: 'refused',
      code: 'stage-in-progress',
      reason: 'stage 1 already in progress by run r1 until 2026-11-29T13:00:00Z',
    });
  });

  it('refuses a claim over an expired lease and points at ledger release', () => {
    const d = decideAppend([started(1, 'r1', '2026-11-29T11:59:59Z')], started(1, 'r2'), now);
    expect(d.kind).toBe('refused');
    expect(d.kind === 'refused' && d.code).toBe('claim-expired');
    expect(d.kind === 'refused' && d.reason).toContain('okstra ledger release --plan-id p --stage 1');
  });

  it('treats the same run re-claiming as redundant', () => {
    expect(decideAppend([started(1, 'r1')], started(1, 'r1'), now).kind).toBe('redundant');
  });

  it('lets a started land after failed and after done', () => {
    expect(decideAppend([started(1, 'r1'), failed(1, 'r1')], started(1, 'r2'), now)).toEqual({ kind: 'append' });
    expect(decideAppend([started(1, 'r1'), done(1, 'r1')], started(1, 'r2'), now)).toEqual({ kind: 'append' });
  });

  it('looks only at the same stage', () => {
    expect(decideAppend([started(1, 'r1')], started(2, 'r2'), now)).toEqual({ kind: 'append' });
  });

  it('accepts a terminal row from the run holding the claim', () => {
    expect(decideAppend([started(1, 'r1')], done(1, 'r1'), now)).toEqual({ kind: 'append' });
    expect(decideAppend([started(1, 'r1')], failed(1, 'r1'), now)).toEqual({ kind: 'append' });
  });

  it('treats a re-delivered terminal row as redundant', () => {
    expect(decideAppend([started(1, 'r1'), done(1, 'r1')], done(1, 'r1'), now).kind).toBe('redundant');
  });

  it('refuses a terminal row without a claim', () => {
    const d = decideAppend([], done(1, 'r1'), now);
    expect(d).toMatchObject({ kind: 'refused', code: 'no-claim' });
    expect(d.kind === 'refused' && d.reason).toContain('never claimed');
  });

  it('refuses a late terminal row after the claim was released and re-taken', () => {
    const rows = [started(1, 'r1'), failed(1, 'r1', 'abandoned'), started(1, 'r2')];
    const d = decideAppend(rows, done(1, 'r1'), now);
    expect(d).toMatchObject({ kind: 'refused', code: 'claim-mismatch' });
    expect(d.kind === 'refused' && d.reason).toContain('late done row from run r1 refused');
  });

  it('refuses a late terminal row after the claim was released, whatever its status', () => {
    const released = [started(1, 'r1'), failed(1, 'r1', 'abandoned')];
    expect(decideAppend(released, done(1, 'r1'), now)).toMatchObject({ kind: 'refused', code: 'claim-mismatch' });
    expect(decideAppend(released, failed(1, 'r1'), now)).toMatchObject({ kind: 'refused', code: 'claim-mismatch' });
    expect(decideAppend(released, failed(1, 'r1', 'abandoned'), now).kind).toBe('redundant');
  });

  it('refuses a second, different terminal row from the same run', () => {
    expect(decideAppend([started(1, 'r1'), failed(1, 'r1')], done(1, 'r1'), now)).toMatchObject({
      kind: 'refused',
      code: 'no-claim',
    });
  });
});
