import { performance } from 'node:perf_hooks';

/**
 * `OKSTRA_TIMINGS=1`: phase timings on stderr, to see where a hop's time goes
 * (issue 39: dispatch → claim). Each line is
 * `okstra-timing <ms since the process started> <label> <ms the phase took, or -> cpu <process CPU ms so far>`;
 * `npm run bench -- distributed` collects them into per-phase figures. Off,
 * every call is one boolean test: nothing is measured or written.
 */
const ON = process.env.OKSTRA_TIMINGS === '1';

export function timingsOn(): boolean {
  return ON;
}

function write(label: string, tookMs: number | null): void {
  // performance.now() counts from the process's start (its time origin), which is what a hop waits from; the
  // process's CPU so far beside it, which a loaded machine disturbs far less than the wall clock.
  const at = performance.now().toFixed(1);
  const usage = process.cpuUsage();
  const cpu = ((usage.user + usage.system) / 1000).toFixed(1);
  process.stderr.write(`okstra-timing ${at} ${label} ${tookMs === null ? '-' : tookMs.toFixed(1)} cpu ${cpu}\n`);
}

/** A point in the run: `label` reached now. */
export function mark(label: string): void {
  if (ON) write(label, null);
}

/** `work`'s duration under `label`, written when it settles (also when it fails). */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!ON) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    write(label, performance.now() - start);
  }
}

/** Parses one timing line; null for any other line. */
export function parseTiming(line: string): { at: number; label: string; tookMs: number | null; cpuMs: number } | null {
  const m = /okstra-timing (\d+(?:\.\d+)?) (\S+) (-|\d+(?:\.\d+)?) cpu (\d+(?:\.\d+)?)\s*$/.exec(line);
  if (!m) return null;
  return { at: Number(m[1]), label: m[2] ?? '', tookMs: m[3] === '-' ? null : Number(m[3]), cpuMs: Number(m[4]) };
}
