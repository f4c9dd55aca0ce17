export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const idx = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[idx] as number;
}

export function summarize(samplesMs: readonly number[]): { p50: number; p99: number; mean: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean };
}

export function fmt(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

/**
 * `npm run bench -- --smoke` (OKSTRA_BENCH_SMOKE=1): every suite once at a
 * tiny size, so the test command proves the suites still run. Read when a
 * suite runs, not when its module loads, so the flag holds however the
 * suite was imported.
 */
export function isSmoke(): boolean {
  return process.env.OKSTRA_BENCH_SMOKE === '1';
}

/** The full size of a measurement, or its tiny smoke size. */
export function sized<T>(full: T, smoke: T): T {
  return isSmoke() ? smoke : full;
}

const NOT_CHECKED = 'not checked (smoke size)';

/** Whether a target was met; a smoke run's tiny sizes say nothing about it. */
export function met(ok: boolean): string {
  return isSmoke() ? NOT_CHECKED : ok ? 'met' : 'MISSED';
}

export function verdict(value: number, target: number): string {
  return `target < ${target} ms: ${met(value < target)}`;
}
