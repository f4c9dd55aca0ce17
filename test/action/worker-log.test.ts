/**
 * The workers' activity in the Action's log: one live line per event, and
 * per finished worker one group of its own lines, placed between the phase
 * groups (never inside one: groups cannot nest).
 */
import { describe, expect, it } from 'vitest';
import { PhaseLog, WorkerLog, type ActionIo } from '../../src/action/io.js';
import type { ActivityFacts } from '../../src/core/progress/activity-text.js';

function recorder(): { out: string[]; io: ActionIo } {
  const out: string[] = [];
  const io = {
    info: (l: string) => out.push(l),
    startGroup: (t: string) => out.push(`[${t}]`),
    endGroup: () => out.push('[end]'),
  } as unknown as ActionIo;
  return { out, io };
}

const at = (s: number): string => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();
const tool = (worker: string, s: number, file: string): ActivityFacts => ({
  at: at(s),
  worker,
  role: 'verifier',
  event: { kind: 'tool', name: 'Read', file },
});
const finished = (worker: string, s: number, status = 'done'): ActivityFacts => ({
  at: at(s),
  worker,
  role: 'verifier',
  event: { kind: 'finished', status, inputTokens: 1000, outputTokens: 234, costUsd: null },
});

/** The log as the session wires it: the phase groups first, then the workers' clocks. */
function wired(io: ActionIo, scrub: (t: string) => string = (t) => t, maxLines?: number) {
  const log = new PhaseLog(io, scrub);
  let clock = Date.parse(at(0));
  const workers = new WorkerLog(log, () => new Date(clock), maxLines);
  return {
    log,
    workers,
    line: (text: string, s?: number) => {
      if (s !== undefined) clock = Date.parse(at(s));
      log.line(text);
      workers.line(text);
    },
  };
}

describe('worker groups in the Action log', () => {
  it('streams each event live and closes a group per worker between the phase groups, reopening the phase after it', () => {
    const { out, io } = recorder();
    const w = wired(io);
    w.log.setStage(1);
    w.line('PROGRESS: phase-5-qa label=t exit=0 passed=true', 0);
    w.line('PROGRESS: phase-4-dispatch worker=Alpha worker model=default role=verifier', 1);
    w.line('PROGRESS: phase-4-dispatch worker=Beta worker model=default role=verifier', 1);
    w.workers.activity(tool('Alpha worker', 2, 'src/a.ts'));
    w.workers.activity(tool('Beta worker', 3, 'src/b.ts'));
    w.workers.activity(tool('Alpha worker', 4, 'src/c.ts'));
    w.workers.activity(finished('Alpha worker', 6));
    w.line('PROGRESS: phase-5-collect worker=Alpha worker status=done');
    w.workers.activity(finished('Beta worker', 75, 'timeout'));
    w.line('PROGRESS: phase-6-synthesis stage=1');
    w.log.close();
    expect(out).toEqual([
      '[stage 1 · verify · PROGRESS: phase-5-qa label=t exit=0 passed=true]',
      'PROGRESS: phase-4-dispatch worker=Alpha worker model=default role=verifier',
      'PROGRESS: phase-4-dispatch worker=Beta worker model=default role=verifier',
      '12:00:02 Alpha worker (verifier) tool Read src/a.ts',
      '12:00:03 Beta worker (verifier) tool Read src/b.ts',
      '12:00:04 Alpha worker (verifier) tool Read src/c.ts',
      '[end]',
      '[Alpha worker · verifier · done · 5s · 1.2k tokens]',
      '12:00:02 Alpha worker (verifier) tool Read src/a.ts',
      '12:00:04 Alpha worker (verifier) tool Read src/c.ts',
      '[end]',
      '[stage 1 · verify (continued)]',
      'PROGRESS: phase-5-collect worker=Alpha worker status=done',
      '[end]',
      '[Beta worker · verifier · timeout · 1m14s · 1.2k tokens]',
      '12:00:03 Beta worker (verifier) tool Read src/b.ts',
      '[end]',
      '[stage 1 · verify (continued)]',
      '[end]',
      '[stage 1 · synthesis · PROGRESS: phase-6-synthesis stage=1]',
      '[end]',
    ]);
    // Groups balance: never two open at once.
    let depth = 0;
    for (const l of out) {
      if (l === '[end]') depth -= 1;
      else if (l.startsWith('[')) depth += 1;
      expect(depth === 0 || depth === 1, out.join('\n')).toBe(true);
    }
    expect(depth).toBe(0);
  });

  it('caps the lines of a group and says how many were left out; a worker without events still gets its group', () => {
    const { out, io } = recorder();
    const w = wired(io, (t) => t, 2);
    w.line('PROGRESS: phase-4-dispatch worker=Alpha worker model=default role=verifier', 0);
    for (let i = 1; i <= 5; i++) w.workers.activity(tool('Alpha worker', i, `src/f${i}.ts`));
    w.workers.activity(finished('Alpha worker', 9));
    w.line('PROGRESS: phase-4-dispatch worker=Quiet worker model=default role=verifier', 9);
    w.workers.activity(finished('Quiet worker', 10));
    const groups = out.slice(out.indexOf('[Alpha worker · verifier · done · 9s · 1.2k tokens]'));
    expect(groups).toEqual([
      '[Alpha worker · verifier · done · 9s · 1.2k tokens]',
      '12:00:01 Alpha worker (verifier) tool Read src/f1.ts',
      '12:00:02 Alpha worker (verifier) tool Read src/f2.ts',
      "… 3 more lines left out (all above, and in the run's activity artifact)",
      '[end]',
      '[verify (continued)]',
      'PROGRESS: phase-4-dispatch worker=Quiet worker model=default role=verifier',
      '[end]',
      '[Quiet worker · verifier · done · 1s · 1.2k tokens]',
      '(no events streamed by this worker)',
      '[end]',
      '[verify (continued)]',
    ]);
  });

  it('scrubs live lines and group titles; an event of a worker never dispatched gets a group without a duration', () => {
    const { out, io } = recorder();
    const w = wired(io, (t) => t.replaceAll('hunter2hunter2', '***'));
    w.workers.activity(tool('Alpha worker', 1, 'hunter2hunter2.txt'));
    w.workers.activity({ ...finished('Alpha worker', 2), worker: 'Alpha worker' });
    expect(out.join('\n')).not.toContain('hunter2hunter2');
    expect(out).toContain('[Alpha worker · verifier · done · 1.2k tokens]');
    expect(out).toContain('12:00:01 Alpha worker (verifier) tool Read ***.txt');
  });

  it("titles a worker that reports no usage at its end with the CLI's own streamed total", () => {
    const { out, io } = recorder();
    const w = wired(io);
    w.line('PROGRESS: phase-4-dispatch worker=Alpha worker model=default role=verifier', 0);
    w.workers.activity({
      ...tool('Alpha worker', 1, 'a'),
      event: { kind: 'tokens', inputTokens: 300, outputTokens: 30 },
    });
    w.workers.activity({
      ...finished('Alpha worker', 2),
      event: { kind: 'finished', status: 'error', inputTokens: 0, outputTokens: 0, costUsd: null },
    });
    expect(out).toContain('[Alpha worker · verifier · error · 2s · 330 tokens]');
  });
});
