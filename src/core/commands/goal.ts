import { shown, type Checked } from './values.js';

/**
 * The words after `/okstra plan` / `/okstra replan`: free text added to the
 * planner's goal. Unlike every other argument it is prose, so it is not held
 * to the plain-value characters; it is bounded instead, and refused when it
 * holds characters that hide or reorder what a reader sees (control
 * characters, bidirectional overrides, zero-width marks): the person who
 * approves the plan must be able to read the goal that produced it. It stays
 * untrusted text for everyone downstream (the Action fences it in the prompt).
 */

/** Long enough for a paragraph of instructions; the title and body carry the rest. */
export const MAX_GOAL_CHARS = 2000;

// C0 controls but tab, DEL, C1 controls; bidi embeddings, overrides and isolates; zero-width and BOM marks.
// eslint-disable-next-line no-control-regex -- these are exactly the characters this rule refuses
const HIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

export function goalText(raw: string): Checked<string | null> {
  const text = raw.trim().replace(/[ \t]+/g, ' ');
  if (text === '') return { ok: true, value: null };
  const hidden = HIDDEN.exec(text);
  if (hidden)
    return {
      ok: false,
      error: `the goal text holds the invisible character U+${(hidden[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}; write it as plain text`,
    };
  if ([...text].length > MAX_GOAL_CHARS)
    return {
      ok: false,
      error: `the goal text is ${[...text].length} characters; okstra takes at most ${MAX_GOAL_CHARS} after the command (put the rest in the issue's body)`,
    };
  if (text.startsWith('--'))
    return {
      ok: false,
      error: `${shown(text.split(' ')[0] ?? text)} is not an option here: the words after the command are added to the goal as text (start them with a word, not \`--\`)`,
    };
  return { ok: true, value: text };
}
