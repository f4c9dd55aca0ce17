import { describe, expect, it } from 'vitest';
import {
  branchEntryRefusal,
  isFixRun,
  mustRebase,
  readinessRefusal,
  startsUnverified,
} from '../../src/core/graph/start-rules.js';
import type { StageReadiness } from '../../src/core/graph/readiness.js';

const ready = (reason: string | null): StageReadiness => ({
  kind: 'ready',
  failedBefore: reason === null ? null : { reason, runId: 'r1' },
});
const done: StageReadiness = { kind: 'done', headCommit: 'a'.repeat(40), runId: 'r0' };

describe('readinessRefusal', () => {
  it('lets a ready stage start, and a done one only to reconcile it', () => {
    expect(readinessRefusal(2, ready(null), false, 'pending')).toBeNull();
    expect(readinessRefusal(2, done, true, 'done')).toBeNull();
    expect(readinessRefusal(2, done, false, 'done')).toEqual({
      code: 'already-done',
      reason: `stage 2 is already done (head ${'a'.repeat(12)}, run r0); a done stage is not run again`,
    });
  });

  it('refuses reconcile of a stage that is not done, before anything else', () => {
    expect(readinessRefusal(3, ready(null), true, 'failed')?.code).toBe('nothing-to-reconcile');
    expect(readinessRefusal(3, { kind: 'blocked', waitingOn: [1] }, true, 'pending')?.reason).toContain(
      'its position is pending',
    );
  });

  it('names what a blocked stage waits on, and a claim taken meanwhile', () => {
    expect(readinessRefusal(3, { kind: 'blocked', waitingOn: [1, 2] }, false, 'pending')?.reason).toBe(
      'stage 3 is not ready: it depends on stage 1, 2, which are not done',
    );
    const started: StageReadiness = { kind: 'started', runId: 'r9', leaseUntil: 'x', stale: false };
    expect(readinessRefusal(3, started, false, 'started')).toEqual({
      code: 'in-progress',
      reason: 'stage 3 was claimed again by run r9 meanwhile',
    });
  });
});

describe('what a ready stage that failed before starts as', () => {
  it('is a fix run; a reopened dependency means a rebase and an unverified start', () => {
    expect(isFixRun(ready(null))).toBe(false);
    expect(isFixRun(ready('verdict'))).toBe(true);
    expect(mustRebase(ready('dependency-reopened'))).toBe(true);
    expect(mustRebase(ready('error'))).toBe(false);
    for (const reason of ['abandoned', 'error', 'unavailable', 'dependency-reopened'])
      expect(startsUnverified(ready(reason))).toBe(true);
    expect(startsUnverified(ready('verdict'))).toBe(false);
    expect(startsUnverified(done)).toBe(false);
  });
});

describe('branchEntryRefusal', () => {
  const entry = { n: 2, branch: 'okstra/p/2', existing: null, base: 'b'.repeat(40), fixRun: false, rebase: false };

  it('lets a fresh branch, a branch at the base and a fix run in', () => {
    expect(branchEntryRefusal(entry)).toBeNull();
    expect(branchEntryRefusal({ ...entry, existing: entry.base })).toBeNull();
    expect(branchEntryRefusal({ ...entry, existing: 'c'.repeat(40), fixRun: true, rebase: true })).toBeNull();
  });

  it('refuses --rebase without a failed run to move, and a leftover branch off the base', () => {
    expect(branchEntryRefusal({ ...entry, rebase: true })?.reason).toContain('stage 2 has no branch okstra/p/2');
    expect(branchEntryRefusal({ ...entry, existing: 'c'.repeat(40), rebase: true })?.code).toBe('nothing-to-rebase');
    expect(branchEntryRefusal({ ...entry, existing: 'c'.repeat(40) })).toEqual({
      code: 'branch-conflict',
      reason: `branch okstra/p/2 already exists at ${'c'.repeat(12)} but the ledger records no failed run of stage 2 to re-enter; delete it (\`git branch -D okstra/p/2\`) if it is left over`,
    });
  });
});
