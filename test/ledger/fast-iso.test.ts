import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastRow, isIsoMillisUtc, isoToEpochMs, serializeRow, type LedgerRow } from '../../src/core/ledger/index.js';

// The schema's own check (row.ts uses z.iso.datetime({ offset: false })): the fast one may only accept less.
const schemaIso = z.iso.datetime({ offset: false });
const bySchema = (v: string): boolean => schemaIso.safeParse(v).success;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Every day of the month range 0..13 (days 0..32) in years around the leap-year rules, at a few times. */
function calendar(): string[] {
  const out: string[] = [];
  for (const year of [0, 4, 100, 400, 1900, 1999, 2000, 2023, 2024, 2026, 2100, 2400, 9999])
    for (let month = 0; month <= 13; month++)
      for (let day = 0; day <= 32; day++) out.push(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T12:34:56.789Z`);
  return out;
}

/** toISOString's shape broken one character at a time, and near misses of each field. */
function nearMisses(): string[] {
  const good = '2026-11-29T12:00:00.000Z';
  const out: string[] = [];
  for (let i = 0; i < good.length; i++)
    for (const ch of ['0', '9', 'a', ' ', '-', ':', '.', 'T', 'Z', '+', '/', '\u0660', '\uff10'])
      out.push(`${good.slice(0, i)}${ch}${good.slice(i + 1)}`);
  for (const time of ['23:59:59', '24:00:00', '23:60:00', '23:59:60', '00:00:00', '99:99:99'])
    out.push(`2026-11-29T${time}.000Z`);
  out.push(
    good.slice(0, -1),
    `${good}Z`,
    good.toLowerCase(),
    '2026-11-29T12:00:00.00Z',
    '2026-11-29T12:00:00.0000Z',
    '2026-11-29T12:00:00Z',
    '2026-11-29T12:00:00.000+00:00',
    '+02026-11-29T12:00:00.000Z',
    ' 2026-11-29T12:00:00.000Z',
  );
  return out;
}

describe('the character-code check of toISOString timestamps', () => {
  it('accepts what Date.prototype.toISOString writes, across leap days and month ends', () => {
    const start = Date.UTC(2023, 11, 25);
    for (let day = 0; day < 800; day++) {
      const written = new Date(start + day * 86_400_000 + day * 1_234).toISOString();
      expect(isIsoMillisUtc(written), written).toBe(true);
    }
  });

  it('never accepts a timestamp the schema refuses (every day of odd months and years, every near miss)', () => {
    const values = [...calendar(), ...nearMisses()];
    let accepted = 0;
    for (const v of values) {
      if (!isIsoMillisUtc(v)) continue;
      accepted++;
      expect(bySchema(v), v).toBe(true);
    }
    // Both outcomes occur: the comparison is not between two refusals.
    expect(accepted).toBeGreaterThan(3000);
    expect(values.length - accepted).toBeGreaterThan(1000);
  });

  it('agrees with the schema on the calendar: exactly the real days are accepted', () => {
    for (const v of calendar()) expect(isIsoMillisUtc(v), v).toBe(bySchema(v));
  });

  it('leaves other shapes to the schema: a row with microseconds or no fraction still takes the fast path', () => {
    const row: LedgerRow = {
      v: 1,
      plan_id: 'demo',
      stage: 1,
      status: 'started',
      run_id: 'r',
      at: '2026-11-29T12:00:00Z',
      lease_until: '2026-11-29T12:00:00.123456Z',
    };
    expect(isIsoMillisUtc(row.at)).toBe(false);
    expect(fastRow(JSON.parse(serializeRow(row)))).toEqual(row);
    expect(fastRow({ ...row, at: '2026-02-29T12:00:00.000Z' })).toBeNull();
  });
});

describe('the hand-written row check', () => {
  const row: LedgerRow = {
    v: 1,
    plan_id: 'demo',
    stage: 2,
    status: 'failed',
    run_id: 'r',
    at: '2026-11-29T12:00:00.000Z',
    reason: 'error',
  };

  it('refuses a key it does not check, even one holding undefined (JSON never does, an object may)', () => {
    expect(fastRow({ ...row })).toEqual(row);
    expect(fastRow({ ...row, extra: undefined })).toBeNull();
    expect(fastRow({ ...row, detail: undefined })).toBeNull();
    expect(fastRow(JSON.parse(`{"__proto__":{"v":1},${serializeRow(row).slice(1)}`))).toBeNull();
  });

  it('refuses a field of another status, and a done row without its head', () => {
    expect(fastRow({ ...row, lease_until: row.at })).toBeNull();
    const common = Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'reason'));
    const done = { ...common, status: 'done', completed_at: row.at, carry_path: 'c', report_path: 'r' };
    expect(fastRow({ ...done, head_commit: 'a'.repeat(40) })).not.toBeNull();
    expect(fastRow(done)).toBeNull();
  });
});

describe('the character-code reading of a timestamp as milliseconds', () => {
  it('gives what Date.parse gives: written timestamps, every calendar day (real or not), every near miss, other shapes', () => {
    const start = Date.UTC(2023, 11, 25);
    const written = Array.from({ length: 800 }, (_, day) =>
      new Date(start + day * 86_400_000 + day * 1_234).toISOString(),
    );
    const others = ['2026-11-29T12:00:00Z', '2026-11-29T12:00:00.123456Z', '2026-11-29T12:00:00.000+02:00', ''];
    let numbers = 0;
    for (const v of [...written, ...calendar(), ...nearMisses(), ...others]) {
      const expected = Date.parse(v);
      if (!Number.isNaN(expected)) numbers++;
      expect(isoToEpochMs(v), v).toBe(expected);
    }
    // Most are real instants: the agreement is not only between two NaNs.
    expect(numbers).toBeGreaterThan(3000);
  });

  it('reads years below 100 as themselves, not as 19xx (the trap of Date.UTC)', () => {
    for (const v of ['0000-01-01T00:00:00.000Z', '0050-06-15T12:30:45.678Z', '0099-12-31T23:59:59.999Z']) {
      expect(isoToEpochMs(v), v).toBe(Date.parse(v));
      expect(new Date(isoToEpochMs(v)).toISOString()).toBe(v);
    }
    expect(isoToEpochMs('0100-03-01T00:00:00.001Z')).toBe(Date.parse('0100-03-01T00:00:00.001Z'));
  });
});

describe('isoToEpochMs over the whole range toISOString writes', () => {
  it('gives back the instant of every timestamp from year 0 to 9999 (seeded sweep, both sides of each era)', () => {
    const min = Date.parse('0000-01-01T00:00:00.000Z');
    const max = Date.parse('9999-12-31T23:59:59.999Z');
    // A fixed linear congruential sequence: the same 20,000 instants on every run.
    let seed = 20_261_202;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let i = 0; i < 20_000; i++) {
      const instant = Math.floor(min + next() * (max - min));
      const text = new Date(instant).toISOString();
      expect(isoToEpochMs(text), text).toBe(instant);
    }
  });
});
