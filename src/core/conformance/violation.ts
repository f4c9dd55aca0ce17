import { VIOLATION_RULES, type ViolationCode } from './codes.js';
import type { Violation } from './types.js';

/** A violation with the catalogue's hint unless the check has a more specific one. */
export function violation(
  code: ViolationCode,
  message: string,
  opts: { pointer?: string; hint?: string } = {},
): Violation {
  const v: Violation = { code, message, hint: opts.hint ?? VIOLATION_RULES[code].hint };
  if (opts.pointer !== undefined) v.pointer = opts.pointer;
  return v;
}
