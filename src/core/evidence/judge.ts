import { compareCounts, type TestCount } from '../test-counts/index.js';
import type { StageEvidence, TestTallyValue } from '../report/schema/evidence.js';

/** One QA command's result with the tests okstra counted in its output (null: not counted). */
export interface CountedRun {
  label: string;
  exitCode: number | null;
  passed: boolean;
  count: TestCount | null;
}

export interface EvidenceInput {
  tdd: 'red-green' | 'none';
  /** Test files the stage added or changed: laid over its base for the base run. */
  changedTests: readonly string[];
  head: readonly CountedRun[];
  /** The same commands at the base with `changedTests` laid over it; null when they were not run. */
  base: readonly CountedRun[] | null;
  baseCommit: string | null;
}

/** How many ids a report lists per entry: enough to find them, never the whole suite. */
export const LISTED_IDS = 50;

export function tally(count: TestCount | null): TestTallyValue | null {
  if (count === null) return null;
  return { format: count.format, run: count.run, passed: count.passed, failed: count.failed, skipped: count.skipped };
}

/**
 * okstra's own judgement of a stage's tests, from what the runners printed:
 * no test lost or newly skipped against the base, no failure hidden behind a
 * passing exit code, and — unless the stage says `tdd: none` — something that
 * fails at the base, so the tests that pass at the head could have failed.
 * Every problem is a blocking reason in the verdict.
 */
export function judgeStageEvidence(input: EvidenceInput): { evidence: StageEvidence; reasons: string[] } {
  const problems: StageEvidence['problems'] = [];
  for (const run of input.head)
    if (run.passed && run.count !== null && run.count.failed > 0)
      problems.push({
        label: run.label,
        kind: 'failures-masked',
        detail: `exited 0 although ${run.count.failed} test(s) failed${run.count.ids.failed.length > 0 ? `: ${listed(run.count.ids.failed, 10)}` : ''}`,
        ids: run.count.ids.failed.slice(0, LISTED_IDS),
      });
  for (const run of input.base ?? []) {
    const head = input.head.find((h) => h.label === run.label);
    for (const p of compareCounts(run.count, head?.count ?? null))
      problems.push({ label: run.label, kind: p.kind, detail: p.detail, ids: p.ids.slice(0, LISTED_IDS) });
  }
  const red = redAtBase(input);
  const greenAtHead = red.ids.filter((id) => input.head.some((h) => h.count?.ids.passed.includes(id)));
  const outcome: StageEvidence['outcome'] =
    input.base === null ? 'not-checked' : input.tdd === 'none' ? 'kept' : red.red ? 'red-green' : 'no-red';
  const evidence: StageEvidence = {
    tdd: input.tdd,
    outcome,
    changedTests: [...input.changedTests],
    baseCommit: input.base === null ? null : input.baseCommit,
    baseRun: (input.base ?? []).map((r) => ({
      label: r.label,
      exitCode: r.exitCode,
      passed: r.passed,
      tests: tally(r.count),
    })),
    redAtBase: red.ids.slice(0, LISTED_IDS),
    greenAtHead: greenAtHead.slice(0, LISTED_IDS),
    problems,
    notCounted: input.head.filter((h) => h.count === null).map((h) => h.label),
  };
  const reasons = problems.map(problemReason);
  if (outcome === 'no-red') reasons.push(noRedReason(input.changedTests));
  return { evidence, reasons };
}

/**
 * What failed at the base. A stage that changed tests proves itself with a
 * counted command that fails there (a failing test, or a file that cannot
 * load without the change); only where no command's tests were counted does
 * any failing command do. A stage that changed no test proves itself with a
 * QA command that fails at its base (`test -f the-new-file`, a build that
 * needs the new code).
 */
function redAtBase(input: EvidenceInput): { red: boolean; ids: string[] } {
  const base = input.base ?? [];
  const ids = [...new Set(base.flatMap((r) => r.count?.ids.failed ?? []))].sort();
  const counted = base.filter((r) => r.count !== null);
  if (input.changedTests.length > 0 && counted.length > 0)
    return { red: counted.some((r) => !r.passed || (r.count?.failed ?? 0) > 0), ids };
  return { red: base.some((r) => !r.passed), ids };
}

/** The detail names the tests already (compareCounts lists the first of them). */
export function problemReason(p: StageEvidence['problems'][number]): string {
  return `okstra: ${p.label}: ${p.detail}`;
}

function noRedReason(changedTests: readonly string[]): string {
  const what =
    changedTests.length > 0
      ? `the stage's tests (${listed(changedTests, 5)}) pass at its base too, without the change`
      : 'the stage added or changed no test, and every QA command passes at its base';
  return `okstra: no test fails without the change: ${what}; these tests do not test it (a stage that keeps behaviour says \`tdd: none\`)`;
}

/** `a, b, c and 4 more`. */
export function listed(items: readonly string[], shown: number): string {
  const head = items.slice(0, shown).join(', ');
  return items.length > shown ? `${head} and ${items.length - shown} more` : head;
}
