import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestCount } from '../../../src/core/test-counts/index.js';

/**
 * Runner output captured by running each runner on a throwaway project
 * (one passing, one failing, one skipped, one todo test and a nested one,
 * where the runner has them); see test/fixtures/runner-output/. The
 * exceptions are said where they are read.
 */
export function runnerOutput(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../fixtures/runner-output/${name}`, import.meta.url)), 'utf8');
}

/** The numbers of a count, to compare in one `toEqual`. */
export function numbers(count: TestCount | null): Omit<TestCount, 'ids'> | null {
  if (count === null) return null;
  const { format, run, passed, failed, skipped } = count;
  return { format, run, passed, failed, skipped };
}

/** A count of named tests, as a runner that names them would give it. */
export function namedCount(passed: string[], failed: string[] = [], skipped: string[] = []): TestCount {
  return {
    format: 'tap',
    run: passed.length + failed.length + skipped.length,
    passed: passed.length,
    failed: failed.length,
    skipped: skipped.length,
    ids: { passed: [...passed].sort(), failed: [...failed].sort(), skipped: [...skipped].sort() },
  };
}
