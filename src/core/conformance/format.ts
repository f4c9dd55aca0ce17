import type { Violation } from './types.js';

/** `code: message (at pointer)` with the hint on its own indented line, as the CLI prints it. */
export function formatViolation(v: Violation): string {
  const at = v.pointer ? ` (at ${v.pointer === '' ? '/' : v.pointer})` : '';
  return `${v.code}: ${v.message}${at}\n  hint: ${v.hint}`;
}
