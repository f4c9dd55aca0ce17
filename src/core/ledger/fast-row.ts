import { regexes } from 'zod/v4/core';
import { PLAN_ID_PATTERN, RUN_ID_PATTERN } from '../ids.js';
import { FAILED_REASONS, LEDGER_ROW_VERSION, type LedgerRow } from './row.js';

// The same patterns the zod schema (row.ts) checks, so this path can never accept what it rejects.
const ISO_UTC = regexes.datetime({ offset: false, local: false, precision: undefined });
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const REL_PATH = /^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/;
const REASONS: ReadonlySet<unknown> = new Set(FAILED_REASONS);

type Check = (value: unknown) => boolean;

const isIso: Check = (v) => typeof v === 'string' && ISO_UTC.test(v);
const isSha: Check = (v) => typeof v === 'string' && SHA.test(v);
const isRelPath: Check = (v) => typeof v === 'string' && REL_PATH.test(v);
const isPositiveInt: Check = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isNonEmpty: Check = (v) => typeof v === 'string' && v.length > 0;
const isBounded =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length > 0 && v.length <= max;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface Fields {
  checks: Readonly<Record<string, Check>>;
  /** The keys that must be present; the others in `checks` are optional. */
  requiredKeys: ReadonlySet<string>;
}

/** `required` and `optional` keys with their checks (a key in both is required); anything else is an unknown key. */
function fields(required: Record<string, Check>, optional: Record<string, Check> = {}): Fields {
  return { checks: { ...optional, ...required }, requiredKeys: new Set(Object.keys(required)) };
}

const CLAIMANT = fields({ host: isBounded(255), pid: isPositiveInt }, { boot: isBounded(255) });
const isClaimant: Check = (v) => isPlainObject(v) && fits(v, CLAIMANT);

const COMMON_REQUIRED: Record<'v' | 'plan_id' | 'stage' | 'status' | 'run_id' | 'at', Check> = {
  v: (v) => v === LEDGER_ROW_VERSION,
  plan_id: (v) => typeof v === 'string' && PLAN_ID_PATTERN.test(v),
  stage: isPositiveInt,
  status: () => true,
  run_id: (v) => typeof v === 'string' && RUN_ID_PATTERN.test(v),
  at: isIso,
};
const COMMON_OPTIONAL: Record<'actor' | 'branch' | 'base_commit' | 'head_commit', Check> = {
  actor: isNonEmpty,
  branch: isNonEmpty,
  base_commit: isSha,
  head_commit: isSha,
};

const BY_STATUS: ReadonlyMap<unknown, Fields> = new Map([
  ['started', fields({ ...COMMON_REQUIRED, lease_until: isIso }, { ...COMMON_OPTIONAL, claimant: isClaimant })],
  [
    'done',
    fields(
      { ...COMMON_REQUIRED, head_commit: isSha, completed_at: isIso, carry_path: isRelPath, report_path: isRelPath },
      COMMON_OPTIONAL, // head_commit: the required check above wins
    ),
  ],
  [
    'failed',
    fields(
      { ...COMMON_REQUIRED, reason: (v) => REASONS.has(v) },
      { ...COMMON_OPTIONAL, report_path: isRelPath, detail: (v) => typeof v === 'string' && v.length <= 2000 },
    ),
  ],
]);

/** Every key known and valid, every required key present. */
function fits(record: Record<string, unknown>, f: Fields): boolean {
  let required = 0;
  for (const key of Object.keys(record)) {
    const check = Object.hasOwn(f.checks, key) ? f.checks[key] : undefined;
    if (!check || !check(record[key])) return false;
    if (f.requiredKeys.has(key)) required++;
  }
  return required === f.requiredKeys.size;
}

/**
 * The row when `json` is exactly a row okstra could have written, else null.
 * A hand-written check of what LedgerRowSchema checks, several times
 * cheaper than zod's; it may refuse more than the schema (the caller then
 * asks zod, which gives the verdict and the message), never less.
 */
export function fastRow(json: unknown): LedgerRow | null {
  if (!isPlainObject(json)) return null;
  const shape = BY_STATUS.get(json.status);
  // Every path that accepts has checked each field the schema names, with the schema's own patterns.
  return shape && fits(json, shape) ? (json as LedgerRow) : null;
}
