import { MAX_IDS, type TestCount } from './types.js';

export type CountProblemKind = 'no-tests' | 'fewer-tests' | 'more-skipped' | 'lost-tests' | 'newly-skipped';

export interface CountProblem {
  kind: CountProblemKind;
  /** A short sentence with the numbers (and at most DETAIL_IDS ids). */
  detail: string;
  /** The tests concerned, where the runner named them; at most MAX_IDS. */
  ids: string[];
}

const DETAIL_IDS = 20;

/**
 * What the head's count says about the stage's tests against the base's
 * (the same command at both). More tests at the head is what a stage
 * normally does; fewer, or more skipped, is what deleting or silencing
 * tests looks like. Nothing when either side was not counted.
 */
export function compareCounts(base: TestCount | null, head: TestCount | null): CountProblem[] {
  if (base === null || head === null) return [];
  if (base.run > 0 && head.run === 0) {
    return [{ kind: 'no-tests', detail: `${tests(base.run)} ran at the base, none here`, ids: [] }];
  }
  const problems: CountProblem[] = [];
  if (head.run < base.run) {
    problems.push({ kind: 'fewer-tests', detail: `${tests(base.run)} ran at the base, ${head.run} here`, ids: [] });
  }
  if (head.skipped > base.skipped) problems.push(moreSkipped(base, head));
  const lost = lostTests(base, head);
  if (lost.length > 0) {
    const detail = `${tests(lost.length)} that passed at the base did not run here`;
    problems.push({ kind: 'lost-tests', detail: withIds(detail, lost), ids: lost });
  }
  const skippedNow = new Set(head.ids.skipped);
  const newlySkipped = base.ids.passed.filter((id) => skippedNow.has(id));
  if (newlySkipped.length > 0) {
    const detail = `${tests(newlySkipped.length)} that passed at the base ${newlySkipped.length === 1 ? 'is' : 'are'} skipped here`;
    problems.push({ kind: 'newly-skipped', detail: withIds(detail, newlySkipped), ids: newlySkipped });
  }
  return problems;
}

function moreSkipped(base: TestCount, head: TestCount): CountProblem {
  const more = head.skipped - base.skipped;
  // A capped base list would make skips it left out look new.
  const skippedBefore = new Set(base.ids.skipped);
  const ids = base.ids.skipped.length < MAX_IDS ? head.ids.skipped.filter((id) => !skippedBefore.has(id)) : [];
  const detail = `${more} more ${more === 1 ? 'test' : 'tests'} skipped than at the base (${base.skipped} → ${head.skipped})`;
  return { kind: 'more-skipped', detail: withIds(detail, ids), ids };
}

/** Ids that passed at the base and are nowhere at the head. */
function lostTests(base: TestCount, head: TestCount): string[] {
  const headIds = [...head.ids.passed, ...head.ids.failed, ...head.ids.skipped];
  if (base.ids.passed.length === 0 || headIds.length === 0) return [];
  // A capped list drops the ids that sort last: a test added at the head could push a base id out of it.
  const capped = (c: TestCount): boolean => Object.values(c.ids).some((ids) => ids.length >= MAX_IDS);
  if (capped(base) || capped(head)) return [];
  const seen = new Set(headIds);
  return base.ids.passed.filter((id) => !seen.has(id));
}

function tests(n: number): string {
  return `${n} ${n === 1 ? 'test' : 'tests'}`;
}

function withIds(detail: string, ids: readonly string[]): string {
  if (ids.length === 0) return detail;
  const shown = ids.slice(0, DETAIL_IDS).join(', ');
  const more = ids.length > DETAIL_IDS ? ` and ${ids.length - DETAIL_IDS} more` : '';
  return `${detail}: ${shown}${more}`;
}
