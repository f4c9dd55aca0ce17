/**
 * A stand-in for the bundled Action, for tests of the simulation's own
 * rules (scheduling, concurrency, tokens): each main step waits until the
 * test releases its run (or the run is cancelled), then exits with the
 * code the test gave; post steps end at once.
 */
import type { JobExecutor, RunJob, StepRun } from './runner.js';

export interface FakeExecutor extends JobExecutor {
  /** Ends the run's main step with this exit code (default 0). */
  release(runId: number, exitCode?: number): void;
  /** Resolves once the run's main step has started. */
  started(runId: number): Promise<void>;
  /** Each step as it started: run, entry, inputs, and the token the job held. */
  calls: Array<{ runId: number; entry: StepRun['entry']; inputs: Record<string, string>; token: string }>;
}

export function fakeExecutor(): FakeExecutor {
  const gates = new Map<number, (code: number) => void>();
  const early = new Map<number, number>();
  const starts = new Map<number, { promise: Promise<void>; resolve: () => void }>();
  const startOf = (id: number) => {
    let s = starts.get(id);
    if (!s) {
      let resolve = (): void => undefined;
      const promise = new Promise<void>((r) => (resolve = r));
      s = { promise, resolve };
      starts.set(id, s);
    }
    return s;
  };
  const calls: FakeExecutor['calls'] = [];
  return {
    calls,
    prepare: () => Promise.resolve(),
    step: (job: RunJob, step: StepRun, signal: AbortSignal) => {
      calls.push({ runId: job.run.id, entry: step.entry, inputs: step.inputs, token: job.run.token });
      const done = { outputs: {}, state: {}, stdout: '', stderr: '' };
      if (step.entry === 'post') return Promise.resolve({ exitCode: 0, ...done });
      startOf(job.run.id).resolve();
      return new Promise((resolve) => {
        const end = (exitCode: number): void => resolve({ exitCode, ...done });
        const code = early.get(job.run.id);
        if (code !== undefined) return end(code);
        gates.set(job.run.id, end);
        // An interrupted process exits 130, as a node process does on SIGINT.
        signal.addEventListener('abort', () => end(130), { once: true });
      });
    },
    release: (runId, exitCode = 0) => {
      const gate = gates.get(runId);
      if (gate) gate(exitCode);
      else early.set(runId, exitCode);
    },
    started: (runId) => startOf(runId).promise,
  };
}
