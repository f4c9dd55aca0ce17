import { describe, expect, it } from 'vitest';
import {
  LedgerFormatError,
  deriveLedgerState,
  extendLedgerState,
  isStale,
  parseLedger,
  serializeRow,
  stagesWithStatus,
  type LedgerRow,
  type StageRow,
} from '../../src/core/ledger/index.js';

const opts = { path: 'ledger.jsonl', planId: 'p' };
const claim = (stage: number, run: string): StageRow => ({
  v: 1,
  plan_id: 'p',
  stage,
  status: 'started',
  run_id: run,
  at: '2026-11-29T11:00:00Z',
  lease_until: '2026-11-29T13:00:00Z',
});
const text = (rows: LedgerRow[]): string => rows.map((r) => `${serializeRow(r)}\n`).join('');

describe('parseLedger', () => {
  it('round-trips rows in order', () => {
    const rows = [claim(1, 'a'), claim(2, 'b')];
    expect(parseLedger(text(rows), opts)).toEqual(rows);
  });

  it('accepts an empty ledger', () => {
    expect(parseLedger('', opts)).toEqual([]);
  });

  it.each([
    ['not JSON', 'not valid JSON'],
    ['{"v":1}', 'not a valid ledger row'],
    [JSON.stringify({ ...claim(1, 'a'), v: 2 }), 'field "v"'],
    [JSON.stringify({ ...claim(1, 'a'), stage: 0 }), 'field "stage"'],
    [JSON.stringify({ ...claim(1, 'a'), extra: true }), 'not a valid ledger row'],
    [JSON.stringify({ ...claim(1, 'a'), plan_id: 'other' }), 'belongs to plan "other"'],
    ['', 'blank line'],
  ])('fails on a malformed line with its line number: %s', (bad, message) => {
    const input = `${text([claim(1, 'a')])}${bad}\n${text([claim(2, 'b')])}`;
    expect(() => parseLedger(input, opts)).toThrowError(LedgerFormatError);
    expect(() => parseLedger(input, opts)).toThrowError(
      new RegExp(`^ledger\\.jsonl:2: .*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it('requires the completion fields on a done row', () => {
    const row = {
      v: 1,
      plan_id: 'p',
      stage: 1,
      status: 'done',
      run_id: 'a',
      at: '2026-11-29T11:00:00Z',
      head_commit: 'a'.repeat(40),
    };
    expect(() => parseLedger(`${JSON.stringify(row)}\n`, opts)).toThrowError(
      /ledger\.jsonl:1: .*completed_at|carry_path/,
    );
  });
});

describe('deriveLedgerState', () => {
  it('takes the last row per stage as its position and counts attempts', () => {
    const failed: LedgerRow = {
      v: 1,
      plan_id: 'p',
      stage: 1,
      status: 'failed',
      run_id: 'a',
      at: '2026-11-29T11:10:00Z',
      reason: 'verdict-fail',
    };
    const state = deriveLedgerState([claim(1, 'a'), claim(2, 'b'), failed, claim(1, 'c')]);
    expect(state.stages.get(1)?.last.run_id).toBe('c');
    expect(state.stages.get(1)?.attempts).toBe(2);
    expect(stagesWithStatus(state, 'started')).toEqual([1, 2]);
    expect(stagesWithStatus(state, 'failed')).toEqual([]);
    // Stage 1's latest claim is c's; the latest row that ended a run is a's failure, though c claimed since.
    expect(state.stages.get(1)?.lastClaim?.run_id).toBe('c');
    expect(state.stages.get(1)?.lastEnded).toEqual(failed);
    expect(state.stages.get(2)?.lastEnded).toBeNull();
  });

  it('folds more rows onto a state as onto the rows it came from, leaving that state as it was', () => {
    const failed: LedgerRow = { ...claim(1, 'a'), status: 'failed', reason: 'verdict-fail' } as LedgerRow;
    const rows: LedgerRow[] = [claim(1, 'a'), claim(2, 'b'), failed, claim(1, 'c'), claim(3, 'd')];
    for (let cut = 0; cut <= rows.length; cut++) {
      const before = deriveLedgerState(rows.slice(0, cut));
      const snapshot = JSON.stringify([...before.stages]);
      expect(extendLedgerState(before, rows.slice(cut))).toEqual(deriveLedgerState(rows));
      expect(JSON.stringify([...before.stages])).toBe(snapshot);
    }
  });

  it('calls a claim stale once its lease has passed', () => {
    expect(isStale(claim(1, 'a'), new Date('2026-11-29T12:59:59Z'))).toBe(false);
    expect(isStale(claim(1, 'a'), new Date('2026-11-29T13:00:00Z'))).toBe(true);
  });
});
