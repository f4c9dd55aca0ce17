import { describe, expect, it } from 'vitest';
import {
  isClaimantGone,
  judgeClaimant,
  LedgerRowSchema,
  parseLedger,
  serializeRow,
  type StartedRow,
} from '../../src/core/ledger/index.js';

function started(claimant?: StartedRow['claimant']): StartedRow {
  return {
    v: 1,
    plan_id: 'p',
    stage: 1,
    status: 'started',
    run_id: 'r1',
    at: '2026-11-29T11:00:00Z',
    lease_until: '2026-11-29T13:00:00Z',
    ...(claimant ? { claimant } : {}),
  };
}

describe('started row claimant', () => {
  it('is optional: a row written before it existed still parses', () => {
    const old = JSON.stringify(started());
    expect(parseLedger(`${old}\n`, { path: 'x', planId: 'p' })).toEqual([started()]);
  });

  it('round-trips through serializeRow and the schema', () => {
    const row = started({ host: 'runner-1', pid: 4242, boot: 'b-1' });
    expect(parseLedger(`${serializeRow(row)}\n`, { path: 'x', planId: 'p' })).toEqual([row]);
  });

  it('rejects a claimant of the wrong shape', () => {
    for (const claimant of [
      { host: '', pid: 1 },
      { host: 'h', pid: 0 },
      { host: 'h', pid: 1.5 },
      { host: 'h' },
      { host: 'h', pid: 1, extra: true },
    ]) {
      expect(LedgerRowSchema.safeParse({ ...started(), claimant }).success, JSON.stringify(claimant)).toBe(false);
    }
  });
});

describe('judgeClaimant', () => {
  it('cannot judge a row without a claimant', () => {
    const j = judgeClaimant(started(), { host: 'h', alivePids: [] });
    expect(j.gone).toBe(false);
    expect(j.reason).toContain('recorded no claimant');
  });

  it('cannot judge a claim made on another host, even when the pid is not running here', () => {
    const j = judgeClaimant(started({ host: 'other', pid: 7 }), { host: 'h', alivePids: [] });
    expect(j).toEqual({ gone: false, reason: 'run r1 claimed the stage on host other, not this host (h)' });
  });

  it('keeps a claim whose pid is alive on this host', () => {
    expect(isClaimantGone(started({ host: 'h', pid: 7 }), { host: 'h', alivePids: new Set([1, 7]) })).toBe(false);
    expect(isClaimantGone(started({ host: 'h', pid: 7 }), { host: 'h', alivePids: [7] })).toBe(false);
  });

  it('ends a claim whose pid is gone from this host', () => {
    const j = judgeClaimant(started({ host: 'h', pid: 7 }), { host: 'h', alivePids: new Set([1, 8]) });
    expect(j).toEqual({ gone: true, reason: "run r1's process 7 on h is no longer running" });
  });

  it('ends a claim made before a reboot, even when its pid was reused', () => {
    const j = judgeClaimant(started({ host: 'h', pid: 7, boot: 'old' }), { host: 'h', alivePids: [7], boot: 'new' });
    expect(j.gone).toBe(true);
    expect(j.reason).toContain('rebooted');
  });

  it('falls back to the pid when either side lacks a boot id', () => {
    expect(isClaimantGone(started({ host: 'h', pid: 7 }), { host: 'h', alivePids: [7], boot: 'new' })).toBe(false);
    expect(isClaimantGone(started({ host: 'h', pid: 7, boot: 'old' }), { host: 'h', alivePids: [7] })).toBe(false);
    expect(
      isClaimantGone(started({ host: 'h', pid: 7, boot: 'same' }), { host: 'h', alivePids: [7], boot: 'same' }),
    ).toBe(false);
  });
});
