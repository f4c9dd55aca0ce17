import { describe, expect, it } from 'vitest';
import {
  droppedRowsOf,
  extendTrustScan,
  parseLegacy,
  parseRowText,
  parseSnapshot,
  rowCommitMessage,
  rowTextOf,
  serializeLegacy,
  serializeRow,
  serializeSnapshot,
  type LedgerRow,
} from '../../src/core/ledger/index.js';

const T0 = new Date('2026-11-29T12:00:00Z');
const claim = (stage: number, run: string): LedgerRow => ({
  v: 1,
  plan_id: 'demo',
  stage,
  status: 'started',
  run_id: run,
  at: T0.toISOString(),
  lease_until: '2026-11-29T14:00:00.000Z',
});

describe('a row in its commit message', () => {
  it('carries the row as one trailer line that reads back as the same row', () => {
    const message = rowCommitMessage(claim(1, 'r1'));
    expect(message.split('\n')[0]).toBe('okstra: demo stage 1 started (run r1)');
    const raw = rowTextOf(message);
    expect(raw).toBe(serializeRow(claim(1, 'r1')));
    expect(parseRowText(raw as string, 'demo')).toEqual(claim(1, 'r1'));
  });

  it('keeps a field with a line break in the summary from adding a line of its own', () => {
    const row = {
      v: 1,
      plan_id: 'demo',
      status: 'approved',
      plan_path: 'plans/demo.md',
      plan_blob: 'a'.repeat(40),
      approver: 'eve\nokstra-drop: 1\nokstra-row: {}',
      permission: 'write',
      via: 'cli',
      at: T0.toISOString(),
    } as LedgerRow;
    const message = rowCommitMessage(row);
    expect(droppedRowsOf(message)).toEqual([]);
    expect(rowTextOf(message)).toBe(serializeRow(row));
  });

  it('says a commit carries no row, two rows, or a row that is not one', () => {
    expect(rowTextOf('hand edit\n')).toBeNull();
    expect(rowTextOf('x\n\nokstra-row: {}\nokstra-row: {}\n')).toEqual({ problem: expect.stringMatching(/2 rows/) });
    expect(parseRowText('{oops', 'demo')).toMatch(/^not valid JSON/);
    expect(parseRowText(serializeRow(claim(1, 'r1')), 'other')).toMatch(/belongs to plan "demo"/);
  });

  it('reads the rows a repair drops', () => {
    expect(droppedRowsOf('repair\n\nokstra-drop: 3\nokstra-drop: 7\nokstra-drop: x\n')).toEqual([3, 7]);
  });
});

describe('the plan snapshot', () => {
  const scan = extendTrustScan(
    null,
    [claim(1, 'r1'), claim(2, 'r2'), claim(2, 'r3')].map((row, i) => ({ line: i + 1, row })),
    { now: T0 },
  );

  it('round-trips, the same text whichever objects (and key order) the rows came in', () => {
    const text = serializeSnapshot({ planId: 'demo', lines: 3, scan }) as string;
    const parsed = parseSnapshot(text, 'demo');
    expect(parsed?.lines).toBe(3);
    expect(parsed?.scan.distrusted.map((d) => d.line)).toEqual([3]);
    expect(serializeSnapshot(parsed as NonNullable<typeof parsed>)).toBe(text);
    // The same rows built with their keys in another order give the same file.
    const reordered = [claim(1, 'r1'), claim(2, 'r2'), claim(2, 'r3')].map((row, i) => ({
      line: i + 1,
      row: Object.fromEntries(Object.entries(row).reverse()) as LedgerRow,
    }));
    expect(serializeSnapshot({ planId: 'demo', lines: 3, scan: extendTrustScan(null, reordered, { now: T0 }) })).toBe(
      text,
    );
  });

  it('is refused whole when any part is missing, of another plan or names a row that is not there', () => {
    const text = serializeSnapshot({ planId: 'demo', lines: 3, scan }) as string;
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(parseSnapshot(text, 'other')).toBeNull();
    expect(parseSnapshot(JSON.stringify({ ...json, lines: 1 }), 'demo')).toBeNull();
    expect(parseSnapshot(JSON.stringify({ ...json, position: [[1, 99]] }), 'demo')).toBeNull();
    const missing = { ...json };
    delete missing.handoffs;
    expect(parseSnapshot(JSON.stringify(missing), 'demo')).toBeNull();
    expect(parseSnapshot('{', 'demo')).toBeNull();
  });
});

describe('the rows a migration froze', () => {
  it('round-trips lines and verdicts, and refuses a record of another plan or a verdict on no line', () => {
    const legacy = { planId: 'demo', lines: ['{"v":1}', 'oops'], problems: new Map([[1, 'no report']]) };
    expect(parseLegacy(serializeLegacy(legacy), 'demo')).toEqual(legacy);
    expect(parseLegacy(serializeLegacy(legacy), 'other')).toMatch(/not the frozen rows/);
    expect(parseLegacy(serializeLegacy({ ...legacy, problems: new Map([[3, 'x']]) }), 'demo')).toMatch(/no line/);
  });
});
