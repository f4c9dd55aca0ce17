import { MAX_IDS, type TestCount, type TestCountFormat } from './types.js';

export type Outcome = 'passed' | 'failed' | 'skipped';

/** A count being read: numbers and id sets that lines and summaries add to. */
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  ids: Record<Outcome, Set<string>>;
}

export function newTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0, ids: { passed: new Set(), failed: new Set(), skipped: new Set() } };
}

export function addId(tally: Tally, outcome: Outcome, id: string): void {
  const trimmed = id.trim();
  if (trimmed !== '') tally.ids[outcome].add(trimmed);
}

function capped(ids: ReadonlySet<string>): string[] {
  // Sorted before the cap, so the same suite keeps the same ids on both sides.
  return [...ids].sort().slice(0, MAX_IDS);
}

export function toTestCount(format: TestCountFormat, tally: Tally): TestCount {
  return {
    format,
    run: tally.passed + tally.failed + tally.skipped,
    passed: tally.passed,
    failed: tally.failed,
    skipped: tally.skipped,
    ids: { passed: capped(tally.ids.passed), failed: capped(tally.ids.failed), skipped: capped(tally.ids.skipped) },
  };
}

/** The sum of several counts; the format is the first one's (several reports may mix runners). */
export function sumCounts(counts: readonly TestCount[]): TestCount | null {
  const first = counts[0];
  if (first === undefined) return null;
  const tally = newTally();
  for (const c of counts) {
    tally.passed += c.passed;
    tally.failed += c.failed;
    tally.skipped += c.skipped;
    for (const outcome of ['passed', 'failed', 'skipped'] as const) {
      for (const id of c.ids[outcome]) tally.ids[outcome].add(id);
    }
  }
  return toTestCount(first.format, tally);
}

/**
 * node's test runner's end-of-run summaries (`tests N`, `pass N`, `fail N`,
 * `cancelled N`, `skipped N`, `todo N`: one set per run, summed into
 * `tally`), as `summary` matches them with the word and the number as its
 * groups. Returns how many runs ended so: none, and the text is not this format.
 */
export function addNodeSummaries(text: string, summary: RegExp, tally: Tally): number {
  let runs = 0;
  for (const line of lines(text)) {
    const m = summary.exec(line);
    if (m === null) continue;
    const n = Number(m[2]);
    if (m[1] === 'tests') runs += 1;
    else if (m[1] === 'pass') tally.passed += n;
    else if (m[1] === 'fail' || m[1] === 'cancelled') tally.failed += n;
    else tally.skipped += n;
  }
  return runs;
}

/** Every line of `text`, for the line-oriented recognisers. */
export function lines(text: string): string[] {
  return text.split('\n');
}
