import { splitLines } from './fence-lines.js';

/**
 * The planner's output contract: the whole plan file between two marker
 * lines. Markers rather than a code fence, because a plan holds fenced blocks
 * of its own (validation commands, examples) that a fence would have to
 * out-count; a marker line cannot be confused with anything a plan contains.
 */

export const PLAN_OPEN_MARKER = '<<<OKSTRA-PLAN';
export const PLAN_CLOSE_MARKER = 'OKSTRA-PLAN>>>';

export type PlanDraftParse = { ok: true; markdown: string } | { ok: false; problem: string };

const WHAT_TO_DO = `put the whole plan file between a line \`${PLAN_OPEN_MARKER}\` and a line \`${PLAN_CLOSE_MARKER}\`, each alone on its line`;

/** Trailing spaces are tolerated on a marker line (agents and terminals add them); nothing else is. */
function isMarker(line: string, marker: string): boolean {
  return line.trimEnd() === marker;
}

/**
 * The plan text from a planner's final message. The LAST complete pair of
 * markers counts, so a planner that quotes the contract or shows a first
 * draft before its final one is read by what it delivered last.
 */
export function parsePlanDraft(finalText: string): PlanDraftParse {
  const lines = splitLines(finalText);
  let close = -1;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if (isMarker(lines[i] ?? '', PLAN_CLOSE_MARKER)) {
      close = i;
      break;
    }
  }
  let open = -1;
  for (let i = close - 1; i >= 0; i -= 1) {
    if (isMarker(lines[i] ?? '', PLAN_OPEN_MARKER)) {
      open = i;
      break;
    }
  }
  if (close < 0 || open < 0) {
    const seen =
      close >= 0
        ? `a \`${PLAN_CLOSE_MARKER}\` line (line ${close + 1}) with no \`${PLAN_OPEN_MARKER}\` line before it`
        : lines.some((line) => isMarker(line, PLAN_OPEN_MARKER))
          ? `a \`${PLAN_OPEN_MARKER}\` line that is never closed by a \`${PLAN_CLOSE_MARKER}\` line`
          : 'no plan markers';
    return { ok: false, problem: `the final message holds ${seen}: ${WHAT_TO_DO}` };
  }
  const body = lines.slice(open + 1, close).join('\n');
  if (body.trim() === '') {
    return {
      ok: false,
      problem: `the plan between the markers (lines ${open + 1}-${close + 1}) is empty: ${WHAT_TO_DO}`,
    };
  }
  return { ok: true, markdown: `${body.replace(/\n+$/, '')}\n` };
}
