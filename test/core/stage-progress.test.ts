import { describe, expect, it } from 'vitest';
import { dispatchOf } from '../../src/core/progress/phases.js';
import {
  decideUpdate,
  hasNewTransition,
  renderProgress,
  spendSoFar,
  startProgress,
  transitions,
  withActivity,
  withLine,
} from '../../src/core/progress/stage-progress.js';
import type { ActivityFacts } from '../../src/core/progress/activity-text.js';

const dispatch = (worker: string, role = 'verifier'): string =>
  `PROGRESS: phase-4-dispatch worker=${worker} model=claude-sonnet-4-5 role=${role}`;
const event = (worker: string, e: ActivityFacts['event'], role = 'verifier'): ActivityFacts => ({
  at: '2026-01-01T12:00:00.000Z',
  worker,
  role,
  event: e,
});

describe('a running stage as its check shows it', () => {
  it('reads the worker of a dispatch line, names with spaces included, and nothing from other lines', () => {
    expect(dispatchOf(dispatch('Claude worker'))).toEqual({ worker: 'Claude worker', role: 'verifier' });
    expect(dispatchOf('PROGRESS: phase-4-dispatch worker=A model=default role=executor')).toEqual({
      worker: 'A',
      role: 'executor',
    });
    expect(dispatchOf('PROGRESS: phase-5-collect worker=A status=done')).toBeNull();
    expect(dispatchOf('worker=A model=x role=y')).toBeNull();
  });

  it('folds phases, dispatches, running token counts and ends into the spend so far', () => {
    let p = startProgress(0);
    p = withLine(p, 'PROGRESS: phase-5-qa label=t exit=0 passed=true', 1);
    p = withLine(p, dispatch('A worker'), 10);
    p = withLine(p, dispatch('B worker'), 20);
    p = withLine(p, dispatch('B worker'), 30);
    expect(p.running.map((w) => [w.worker, w.since])).toEqual([
      ['A worker', 10],
      ['B worker', 20],
    ]);
    // Running totals replace each other; an event of a worker not running changes nothing.
    p = withActivity(p, event('A worker', { kind: 'tokens', inputTokens: 100, outputTokens: 10, costUsd: 0.01 }));
    p = withActivity(p, event('A worker', { kind: 'tokens', inputTokens: 200, outputTokens: 20, costUsd: 0.02 }));
    p = withActivity(p, event('Z worker', { kind: 'tokens', inputTokens: 999, outputTokens: 0 }));
    p = withActivity(p, event('B worker', { kind: 'tokens', inputTokens: 50, outputTokens: 0 }));
    expect(spendSoFar(p)).toEqual({ tokens: 270, costUsd: 0.02, costComplete: false });
    // The metered usage of the end wins when it has any; a CLI that reports none keeps its streamed count.
    p = withActivity(
      p,
      event('A worker', { kind: 'finished', status: 'done', inputTokens: 0, outputTokens: 0, costUsd: null }),
    );
    p = withActivity(
      p,
      event('B worker', { kind: 'finished', status: 'done', inputTokens: 500, outputTokens: 5, costUsd: 0.5 }),
    );
    expect(p.running).toEqual([]);
    expect(spendSoFar(p)).toEqual({ tokens: 725, costUsd: 0.52, costComplete: true });
    expect(p.phase).toBe('verify');
  });

  it('says each transition once: the phase and each (phase, worker)', () => {
    let p = withLine(startProgress(0), dispatch('A worker', 'executor'), 1);
    expect(transitions(p)).toEqual(['execute', 'execute\u0000A worker\u0000executor']);
    const sent = new Set(transitions(p));
    expect(hasNewTransition(p, sent)).toBe(false);
    p = withLine(p, 'PROGRESS: phase-5-qa label=t exit=0 passed=true', 2);
    expect(hasNewTransition(p, sent)).toBe(true);
    expect(transitions(startProgress(0))).toEqual([]);
  });

  it('decides: idle when closed, in flight or with nothing new; else send, or wait out the interval', () => {
    const base = { closed: false, inFlight: false, due: true, now: 5_000, lastSentAt: 0, minIntervalMs: 10_000 };
    expect(decideUpdate(base)).toEqual({ kind: 'wait', ms: 5_000 });
    expect(decideUpdate({ ...base, now: 10_000 })).toEqual({ kind: 'send' });
    expect(decideUpdate({ ...base, closed: true, now: 20_000 })).toEqual({ kind: 'idle' });
    expect(decideUpdate({ ...base, inFlight: true, now: 20_000 })).toEqual({ kind: 'idle' });
    expect(decideUpdate({ ...base, due: false, now: 20_000 })).toEqual({ kind: 'idle' });
  });

  it('renders the phase, the running workers (escaped), the elapsed time and the spend', () => {
    let p = withLine(startProgress(0), dispatch('A *worker*', 'executor'), 5_000);
    p = withActivity(p, event('A *worker*', { kind: 'tokens', inputTokens: 1200, outputTokens: 34 }, 'executor'));
    const out = renderProgress(p, 65_000, { intro: 'okstra is running stage 1.', minIntervalMs: 10_000 });
    expect(out.title).toBe('Running execute: A *worker* running · 1m05s · 1.2k tokens');
    expect(out.summary).toContain('**Phase:** execute · 1m05s since the stage started');
    expect(out.summary).toContain('- A \\*worker\\* (executor) for 1m00s, 1,234 tokens');
    expect(out.summary).toContain('**Spend so far:** 1,234 tokens · cost unknown');
    expect(out.summary).toContain('at most every 10s');
    const idle = renderProgress(startProgress(0), 500, { intro: '', minIntervalMs: 500 });
    expect(idle.title).toBe('Running starting · 0s · 0 tokens');
    expect(idle.summary).toContain('**Running:** no worker at the moment');
    const long = renderProgress(withLine(startProgress(0), dispatch('W'.repeat(400)), 0), 0, {
      intro: '',
      minIntervalMs: 0,
    });
    expect(long.title.length).toBeLessThanOrEqual(200);
  });
});
