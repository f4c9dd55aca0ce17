import { describe, expect, it } from 'vitest';
import { fastRow, parseLedgerLines, serializeRow, type LedgerRow } from '../../src/core/ledger/index.js';

const AT = '2026-11-29T12:00:00.000Z';
const SHA = 'a'.repeat(40);
const base = { v: 1, plan_id: 'demo', stage: 3, run_id: 'run-1', at: AT } as const;

/** Every row kind, bare and with every optional field. */
const KINDS: Record<string, LedgerRow> = {
  startedBare: { ...base, status: 'started', lease_until: AT },
  startedFull: {
    ...base,
    status: 'started',
    actor: 'alice',
    branch: 'okstra/demo/stage-3',
    base_commit: SHA,
    head_commit: 'c'.repeat(64),
    lease_until: AT,
    claimant: { host: 'runner-1', pid: 4242, boot: 'b00t' },
  },
  startedNoBoot: { ...base, status: 'started', lease_until: AT, claimant: { host: 'h', pid: 1 } },
  doneBare: {
    ...base,
    status: 'done',
    head_commit: SHA,
    completed_at: AT,
    carry_path: 'plans/demo/carry/stage-3.json',
    report_path: 'plans/demo/reports/stage-3/run-1.json',
  },
  doneFull: {
    ...base,
    status: 'done',
    actor: 'bot',
    branch: 'b',
    base_commit: SHA,
    head_commit: SHA,
    completed_at: AT,
    carry_path: 'c.json',
    report_path: 'r.json',
  },
  failedBare: { ...base, status: 'failed', reason: 'error' },
  failedFull: {
    ...base,
    status: 'failed',
    actor: 'x',
    branch: 'y',
    base_commit: SHA,
    head_commit: SHA,
    reason: 'verdict-fail',
    report_path: 'plans/demo/reports/stage-3/run-1.json',
    detail: 'QA "npm test" failed\nwith\ttabs and é',
  },
  noMillis: { ...base, at: '2026-11-29T12:00:00Z', status: 'started', lease_until: '2026-02-28T23:59:59.123456Z' },
};

/** Values that break (or stretch) each field: wrong type, empty, out of range, near misses of each pattern. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  ' ',
  'x',
  'A',
  '..',
  '../x',
  '/abs',
  '\\\\abs',
  'a/../b',
  'a\nb',
  'x'.repeat(256),
  'y'.repeat(2001),
  'x'.repeat(2000),
  SHA.toUpperCase(),
  SHA.slice(1),
  'f'.repeat(64),
  '2026-02-29T00:00:00Z',
  '2028-02-29T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-11-29T24:00:00Z',
  '2026-11-29T12:00:00+01:00',
  '2026-11-29T12:00Z',
  '2026-11-29 12:00:00Z',
  'verdict-fail',
  'abandoned',
  'nope',
  'started',
  'done',
  'failed',
  'other-plan',
  'Demo',
  [],
  {},
  { host: 'h', pid: 1 },
  { host: 'h', pid: 0 },
  { host: '', pid: 1 },
  { host: 'h', pid: 1, boot: '' },
  { host: 'h', pid: 1, extra: 1 },
  { host: 'h' },
];

const FIELDS = [
  'v',
  'plan_id',
  'stage',
  'status',
  'run_id',
  'at',
  'actor',
  'branch',
  'base_commit',
  'head_commit',
  'lease_until',
  'claimant',
  'completed_at',
  'carry_path',
  'report_path',
  'reason',
  'detail',
  'unknown_key',
];

/** Each kind with each field set to each odd value, and with each field removed. */
function variants(): string[] {
  const out: string[] = [];
  for (const row of Object.values(KINDS)) {
    out.push(serializeRow(row), JSON.stringify(row));
    for (const field of FIELDS) {
      out.push(JSON.stringify(Object.fromEntries(Object.entries(row).filter(([k]) => k !== field))));
      for (const value of ODD_VALUES) out.push(JSON.stringify({ ...row, [field]: value }));
    }
  }
  return out;
}

const opts = { path: 'okstra-ledger:plans/demo/ledger.jsonl', planId: 'demo' };

describe('the fast row parse', () => {
  it('takes the fast path for every row kind okstra writes', () => {
    for (const [kind, row] of Object.entries(KINDS)) expect(fastRow(JSON.parse(serializeRow(row))), kind).toEqual(row);
  });

  it('agrees with the full zod schema on every kind, every field broken every way, row for row and message for message', () => {
    const lines = variants();
    expect(lines.length).toBeGreaterThan(5000);
    const text = `${lines.join('\n')}\n`;
    const fast = parseLedgerLines(text, opts);
    const schema = parseLedgerLines(text, { ...opts, schemaOnly: true });
    expect(fast).toEqual(schema);
    // Both outcomes occur, so the comparison is not between two all-valid (or all-broken) files.
    expect(fast.filter((l) => 'row' in l).length).toBeGreaterThan(100);
    expect(fast.filter((l) => 'problem' in l).length).toBeGreaterThan(1000);
  });

  it('never accepts what zod refuses (the fast check may only be stricter)', () => {
    for (const line of variants()) {
      const fast = fastRow(JSON.parse(line));
      if (fast === null) continue;
      const [schema] = parseLedgerLines(line, { ...opts, planId: fast.plan_id, schemaOnly: true });
      expect(schema && 'row' in schema ? schema.row : schema, line).toEqual(fast);
    }
  });

  it('gives the same messages as zod for lines that are not rows at all', () => {
    const bad = [
      'not json at all',
      '{"v":1}',
      '{"v":1,"plan_id":"demo",',
      '',
      '   ',
      '[]',
      'null',
      '42',
      '"text"',
      `${serializeRow(KINDS.doneBare as LedgerRow)}\r`,
      serializeRow({ ...(KINDS.failedBare as LedgerRow), plan_id: 'other' }),
      '{"__proto__":{"v":1},"v":1}',
    ];
    const text = `${bad.join('\n')}\n`;
    const fast = parseLedgerLines(text, opts);
    expect(fast).toEqual(parseLedgerLines(text, { ...opts, schemaOnly: true }));
    expect(fast.map((l) => ('problem' in l ? l.problem.slice(0, 30) : 'row'))).toEqual(
      [
        'not valid JSON (Unexpected toke',
        'not a valid ledger row: field ',
        'not valid JSON (Expected double',
        'blank line inside the ledger',
        'blank line inside the ledger',
        'not a valid ledger row: Invali',
        'not a valid ledger row: Invali',
        'not a valid ledger row: Invali',
        'not a valid ledger row: Invali',
        'row',
        'row belongs to plan "other", no',
        'not a valid ledger row: field ',
      ].map((s) => s.slice(0, 30)),
    );
  });

  it('numbers lines from firstLine when given (a segment read plan-wide), rows and problems alike', () => {
    const text = `${serializeRow(KINDS.doneBare as LedgerRow)}\nnot json\n`;
    const from1 = parseLedgerLines(text, opts);
    const from41 = parseLedgerLines(text, { ...opts, firstLine: 41 });
    expect(from1.map((l) => l.line)).toEqual([1, 2]);
    expect(from41.map((l) => l.line)).toEqual([41, 42]);
    expect(from41).toEqual(from1.map((l) => ({ ...l, line: l.line + 40 })));
  });
});
