/**
 * The `PROGRESS:` checkpoint grammar (docs/report.md, "Checkpoint lines"):
 *
 *   line   = "PROGRESS:" 1*SP phase [ 1*SP rest ]
 *   phase  = [a-z0-9] *[a-z0-9.-]            e.g. phase-4-dispatch, phase-5.5-convergence
 *   rest   = [ text ] *( field )
 *   field  = key "=" value
 *   key    = [a-z] *[a-z0-9_]                preceded by whitespace or the start of rest
 *   value  = everything up to the next whitespace-preceded `key=` or the end, trimmed
 *
 * A value may contain spaces (`worker=Codex worker model=gpt-5.5` has worker
 * "Codex worker"), which is why values run to the next key rather than to the
 * next space. Roster names cannot contain `=`, so they never look like a key.
 */

export interface Checkpoint {
  phase: string;
  /** Free text before the first field, e.g. "complete" or "preparing 3 worker prompts". */
  text: string;
  fields: Record<string, string>;
}

const LINE = /^\s*PROGRESS:\s+([a-z0-9][a-z0-9.-]*)(?:\s+(.*))?$/;
const KEY = /(?:^|\s)([a-z][a-z0-9_]*)=/g;

/** The checkpoint in `line`, or null when the line is not a `PROGRESS:` line. */
export function parseCheckpoint(line: string): Checkpoint | null {
  const m = LINE.exec(line.trim());
  if (!m) return null;
  const phase = m[1] ?? '';
  const rest = m[2] ?? '';
  const keys = [...rest.matchAll(KEY)].map((m) => {
    const key = m[1] ?? '';
    const valueStart = (m.index ?? 0) + m[0].length;
    return { key, start: valueStart - key.length - 1, valueStart };
  });
  const fields: Record<string, string> = {};
  for (const [i, k] of keys.entries()) {
    const end = keys[i + 1]?.start ?? rest.length;
    // The first occurrence wins: a repeated key is more likely free text than an intended override.
    if (!(k.key in fields)) fields[k.key] = collapse(rest.slice(k.valueStart, end));
  }
  const text = collapse(keys.length > 0 ? rest.slice(0, keys[0]?.start ?? 0) : rest);
  return { phase, text, fields };
}

function collapse(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}

/** `Codex worker` → `codex-worker`: the one alternative spelling of a roster name a checkpoint may use. */
export function hyphenatedRosterName(name: string): string {
  return collapse(name).toLowerCase().replace(/ /g, '-');
}

/** Whether a checkpoint's `worker=` value names this roster worker. Functional labels (`Codex verifier`) do not. */
export function namesRosterWorker(value: string, rosterName: string): boolean {
  const v = collapse(value);
  return v === collapse(rosterName) || v === hyphenatedRosterName(rosterName);
}

export const DISPATCH_PHASE = 'phase-4-dispatch';
export const COLLECT_PHASE = 'phase-5-collect';
