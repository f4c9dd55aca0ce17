/**
 * What an append's ledger commit says about the ledger it was decided on.
 *
 * Before it appends, a store judges every `done` row of the plan: the commit
 * that introduced the row must add its report and hold its carry (its
 * provenance). Finding that commit is a `git blame` per file, and a reader
 * that has judged nothing yet (every Action job, every `okstra run`) blamed
 * the whole history: seconds for a ledger of ten thousand rows grown one
 * commit a row. So each append writes down, in its commit message, the
 * verdicts it reached and exactly which content they are about (the segment
 * folder's tree id, the live file's blob id and its line count at the
 * parent). A later reader takes them when the content still is that, and
 * judges only the lines the commit itself added, from the commit's own diff.
 * Anything that does not fit (no statement, another layout, a repaired
 * segment, a hand-made commit) is judged by blame as before.
 */
export interface ProvenanceStatement {
  planId: string;
  /** The tree id of the plan's segment folder at the parent; null: the parent had no folder. */
  segments: string | null;
  /** The blob id of the plan's live `ledger.jsonl` at the parent; null: the parent had none. */
  live: string | null;
  /** How many lines that live file held. */
  liveLines: number;
  /**
   * The blob id of the plan's fold file (fold.ts) at the parent when the
   * appender took it as the judgement of the segments, else null: the
   * appender vouches for it as for its own verdicts.
   */
  fold: string | null;
  /** Plan-wide line → why that done row's ledger commit does not add its report and hold its carry; other done rows are fine. */
  problems: ReadonlyMap<number, string>;
}

const HEAD = 'okstra-provenance:';
const PROBLEM = 'okstra-provenance-problem:';
const OBJECT_ID = '[0-9a-f]{40}(?:[0-9a-f]{24})?';
const HEAD_LINE = new RegExp(
  `^${HEAD} v1 plan=(\\S+) segments=(none|${OBJECT_ID}) live=(none|${OBJECT_ID}) lines=(0|[1-9]\\d{0,8}) fold=(none|${OBJECT_ID}) problems=(0|[1-9]\\d{0,3})$`,
);
const PROBLEM_LINE = new RegExp(`^${PROBLEM} ([1-9]\\d{0,8}) (\\S.*)$`);

/**
 * A statement with more problems than this is not written: readers then blame, as for a commit without one.
 * A ledger with that many provenance problems has been tampered with at length, and its next reader should look.
 */
export const MAX_STATED_PROBLEMS = 100;

/**
 * The statement as lines for the end of a commit message, or null when it
 * cannot be written so that it reads back exactly (a reason with a line
 * break, too many problems): the commit then says nothing, which costs its
 * readers a blame and misleads none of them.
 */
export function formatProvenance(s: ProvenanceStatement): string | null {
  if (s.problems.size > MAX_STATED_PROBLEMS || /\s/.test(s.planId)) return null;
  if (s.live === null && s.liveLines !== 0) return null;
  const problems = [...s.problems].sort(([a], [b]) => a - b);
  if (problems.some(([line, reason]) => !Number.isSafeInteger(line) || line < 1 || !/^\S[^\n\r]*$/.test(reason)))
    return null;
  return [
    `${HEAD} v1 plan=${s.planId} segments=${s.segments ?? 'none'} live=${s.live ?? 'none'} lines=${s.liveLines} fold=${s.fold ?? 'none'} problems=${problems.length}`,
    ...problems.map(([line, reason]) => `${PROBLEM} ${line} ${reason}`),
  ].join('\n');
}

/**
 * The statement a commit message holds, or null when it holds none that
 * reads back whole: no head line, two of them, a count that does not match
 * the problem lines, a line named twice. A reader that gets null blames.
 */
export function parseProvenance(message: string): ProvenanceStatement | null {
  const lines = message.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const heads = lines.filter((l) => l.startsWith(HEAD));
  if (heads.length !== 1) return null;
  const head = HEAD_LINE.exec(heads[0] as string);
  if (!head) return null;
  const [, planId, segments, live, liveLines, fold, count] = head as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (live === 'none' && liveLines !== '0') return null;
  const problems = new Map<number, string>();
  for (const l of lines) {
    if (!l.startsWith(PROBLEM)) continue;
    const m = PROBLEM_LINE.exec(l);
    if (!m) return null;
    const line = Number(m[1]);
    if (problems.has(line)) return null;
    problems.set(line, m[2] as string);
  }
  if (problems.size !== Number(count)) return null;
  return {
    planId,
    segments: segments === 'none' ? null : segments,
    live: live === 'none' ? null : live,
    liveLines: Number(liveLines),
    fold: fold === 'none' ? null : fold,
    problems,
  };
}
