/**
 * Small readers for what agent CLIs print: one JSON object, JSON Lines, or
 * pretty-printed JSON objects mixed with log lines. None of them throws;
 * what cannot be read is skipped, and the adapter decides what a missing
 * piece means.
 */

export type JsonObject = Record<string, unknown>;

function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

function tryParse(text: string): JsonObject | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The text as one JSON object, or else its last line that is one (a CLI may log before its result). */
export function parseJsonObject(text: string): JsonObject | null {
  const whole = tryParse(text.trim());
  if (whole) return whole;
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (line.startsWith('{')) {
      const parsed = tryParse(line);
      if (parsed) return parsed;
    }
  }
  return null;
}

/** Every line of JSON Lines output that is a JSON object, in order. */
export function parseJsonLines(text: string): JsonObject[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('{'))
    .map(tryParse)
    .filter((o): o is JsonObject => o !== null);
}

/**
 * Pretty-printed JSON objects inside log output: each block from a line that
 * is exactly `{` to the next line that is exactly `}` (Gemini CLI's error
 * report on stderr looks like that, between warnings and stack traces).
 */
export function jsonBlocks(text: string): JsonObject[] {
  const lines = text.split('\n');
  const found: JsonObject[] = [];
  for (let start = 0; start < lines.length; start++) {
    if ((lines[start] ?? '').trimEnd() !== '{') continue;
    for (let end = start + 1; end < lines.length; end++) {
      if ((lines[end] ?? '').trimEnd() !== '}') continue;
      const parsed = tryParse(lines.slice(start, end + 1).join('\n'));
      if (parsed) {
        found.push(parsed);
        start = end;
      }
      break;
    }
  }
  return found;
}

export function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function objectAt(value: unknown, key: string): JsonObject | null {
  return asObject(asObject(value)?.[key]);
}

export function stringAt(value: unknown, key: string): string | null {
  const v = asObject(value)?.[key];
  return typeof v === 'string' ? v : null;
}

/**
 * A vendor error body (`{"error":{"message":…}}`) that a CLI passed on as
 * its message, reduced to the message; other text is returned unchanged.
 */
export function unwrapApiErrorBody(message: string): string {
  const trimmed = message.trim();
  if (!trimmed.startsWith('{')) return message;
  const body = tryParse(trimmed);
  const inner = stringAt(objectAt(body, 'error'), 'message') ?? stringAt(body, 'message');
  return inner ?? message;
}
