import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the slow tier's files start in. Two or more run at once (vitest.config.ts), each to its end, so a long
 * file that starts last runs alone while the other workers idle: on a clean clone (CI) vitest has no durations of its
 * own and starts the largest files first, and the longest slow files are small ones (a contract test is a few lines
 * over test/contract/suite.ts), so they came last and one worker ran alone at the end (for 20 s in the run measured).
 * Longest first leaves the short files to fill in at the end.
 *
 * A file's expected duration is vitest's own from this machine's last run when it has one, else the one recorded in
 * SLOW_DURATIONS (`npm run test:durations` writes it from the last `npm test`), else unknown: an unknown file starts
 * first, as vitest starts files it has not seen. A file that failed last time also starts first, as vitest does.
 * Every other project keeps vitest's order.
 */
export const SLOW_DURATIONS = 'test/slow-durations.json';

/** The project whose order this sets (vitest.config.ts). */
export const SLOW_PROJECT = 'slow';

/** Seconds a file is expected to take; `failed` when it failed last time; undefined when nothing is known. */
export type Expected = { seconds: number; failed: boolean } | undefined;

/**
 * `items` longest first: the ones to start first (unknown, or failed last time) keep their order at the front, the
 * rest follow by expected time, longest first, ties in their given order.
 */
export function longestFirst<T>(items: readonly T[], expected: (item: T) => Expected): T[] {
  const keyed = items.map((item, index) => ({ item, index, e: expected(item) }));
  const first = keyed.filter((k) => k.e === undefined || k.e.failed);
  const rest = keyed.filter((k) => k.e !== undefined && !k.e.failed);
  rest.sort((a, b) => (b.e?.seconds ?? 0) - (a.e?.seconds ?? 0) || a.index - b.index);
  return [...first, ...rest].map((k) => k.item);
}

/** The recorded durations, file (from the repository's root, with `/`) → seconds; empty when there are none. */
export function recordedDurations(root: string): Map<string, number> {
  const path = join(root, SLOW_DURATIONS);
  if (!existsSync(path)) return new Map();
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${SLOW_DURATIONS}: expected an object of file → seconds; run npm run test:durations to write it`);
  const out = new Map<string, number>();
  for (const [file, seconds] of Object.entries(parsed))
    if (typeof seconds === 'number' && Number.isFinite(seconds)) out.set(file, seconds);
  return out;
}

export class SlowLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const recorded = recordedDurations(root);
    const name = (spec: TestSpecification): string => relative(root, spec.moduleId).split(sep).join('/');
    const expected = (spec: TestSpecification): Expected => {
      const own = this.ctx.cache.getFileTestResults(`${spec.project.name}:${name(spec)}`);
      if (own) return { seconds: own.duration / 1000, failed: own.failed };
      const seconds = recorded.get(name(spec));
      return seconds === undefined ? undefined : { seconds, failed: false };
    };
    const slow = longestFirst(
      sorted.filter((spec) => spec.project.name === SLOW_PROJECT),
      expected,
    );
    // The base order keeps the projects in their groups: the slow files take the slow files' places, in the new order.
    let next = 0;
    return sorted.map((spec) => (spec.project.name === SLOW_PROJECT ? (slow[next++] as TestSpecification) : spec));
  }
}
