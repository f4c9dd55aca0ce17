/** The runner output a count was read from. */
export type TestCountFormat =
  'tap' | 'node-spec' | 'vitest' | 'jest' | 'pytest' | 'junit' | 'go-json' | 'go-text' | 'cargo';

/** How many tests one QA command ran, read from its output or its report files. */
export interface TestCount {
  format: TestCountFormat;
  /** Tests that ran or were skipped: always passed + failed + skipped. */
  run: number;
  /** Passed, and pytest's xpassed (an unexpected pass is still a test that ran). */
  passed: number;
  /** Failed, plus node's cancelled and pytest/JUnit errors: the test ran and did not pass. */
  failed: number;
  /**
   * Did not run its body: skipped, todo (node, vitest, jest), ignored (cargo),
   * pending (jest), xfailed (pytest, which JUnit also reports as skipped).
   * One bucket, because an executor can silence a test with any of them.
   */
  skipped: number;
  /** Test ids per outcome where the runner names them (may be empty when only a summary line is known); at most MAX_IDS each, sorted, unique. */
  ids: { passed: string[]; failed: string[]; skipped: string[] };
}

/** Caps each id list: a comparison needs names, not a copy of a huge suite's listing. */
export const MAX_IDS = 2000;
