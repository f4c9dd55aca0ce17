/**
 * The rows of a ledger written before rows were commits (one rewritten
 * `ledger.jsonl` per plan, with sealed segments), as its first append in the
 * commit format froze them: every line as it was, in order (they keep their
 * numbers, 1..n; the first commit row is n + 1), and what that append found
 * of each done row's commit, which no later reader could find again without
 * the old format's blame. Written once, in the migrating commit; never
 * rewritten.
 */
export interface LegacyRows {
  planId: string;
  /** The old ledger's lines, unparsed: a line that is no row stops readers as any bad row does. */
  lines: readonly string[];
  /** Line → why the commit that introduced that done row did not add its report or hold its carry. */
  problems: ReadonlyMap<number, string>;
}

export function legacyPath(planId: string): string {
  return `plans/${planId}/legacy.json`;
}

export function serializeLegacy(legacy: LegacyRows): string {
  return `${JSON.stringify({ v: 1, plan: legacy.planId, lines: legacy.lines, problems: [...legacy.problems] })}\n`;
}

/** The frozen rows, or why the file is not such a record (a reader stops on it: the rows it held are unknown). */
export function parseLegacy(text: string, planId: string): LegacyRows | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  if (typeof json !== 'object' || json === null) return 'not an object';
  const f = json as Record<string, unknown>;
  if (f.v !== 1 || f.plan !== planId) return `not the frozen rows of plan ${planId}`;
  const { lines, problems } = f;
  if (!Array.isArray(lines) || !lines.every((l) => typeof l === 'string')) return '"lines" is not a list of lines';
  if (!Array.isArray(problems)) return '"problems" is not a list';
  const map = new Map<number, string>();
  for (const p of problems as unknown[]) {
    if (!Array.isArray(p) || p.length !== 2) return 'a problem is not [line, reason]';
    const [line, reason] = p as unknown[];
    if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1 || line > lines.length)
      return 'a problem names no line';
    if (typeof reason !== 'string' || reason === '') return 'a problem has no reason';
    map.set(line, reason);
  }
  return { planId, lines: lines as string[], problems: map };
}
