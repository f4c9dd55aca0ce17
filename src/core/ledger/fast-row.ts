import { regexes } from 'zod/v4/core';
import { PLAN_ID_PATTERN, RUN_ID_PATTERN } from '../ids.js';
import { FAILED_REASONS, LEDGER_ROW_VERSION, type LedgerRow } from './row.js';

// The same patterns the zod schema (row.ts) checks, so this path can never accept what it rejects.
const ISO_UTC = regexes.datetime({ offset: false, local: false, precision: undefined });
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const REL_PATH = /^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))[^\n\r]+$/;
const REASONS: ReadonlySet<unknown> = new Set(FAILED_REASONS);

const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The two-digit number at `i`, or -1 when either character is not a digit. */
function twoDigits(v: string, i: number): number {
  const a = v.charCodeAt(i) - 48;
  const b = v.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ`, the one shape `Date.prototype.toISOString` writes
 * (for years 0–9999), checked by character codes: the schema's regex costs
 * more than everything else in a row together. Accepts a subset of what that
 * regex accepts (same calendar, leap years included); any other shape goes to it.
 */
export function isIsoMillisUtc(v: string): boolean {
  return !Number.isNaN(isoMillisUtcEpoch(v));
}

/**
 * `Date.parse(v)`, without its cost for the shape rows hold: a judgement of a
 * long ledger reads two timestamps a row, and Date.parse was most of it, then
 * Date.UTC after a separate shape check (~0.3 µs a call). Any other shape,
 * and an impossible date (which Date.parse rolls over), go to Date.parse.
 */
export function isoToEpochMs(v: string): number {
  const epoch = isoMillisUtcEpoch(v);
  return Number.isNaN(epoch) ? Date.parse(v) : epoch;
}

/** The instant of a string of {@link isIsoMillisUtc}'s shape, in one pass and integer arithmetic; NaN for anything else. */
function isoMillisUtcEpoch(v: string): number {
  if (v.length !== 24 || v.charCodeAt(23) !== 90 || v.charCodeAt(19) !== 46) return NaN;
  if (v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(10) !== 84) return NaN;
  if (v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58) return NaN;
  const century = twoDigits(v, 0);
  const yy = twoDigits(v, 2);
  const month = twoDigits(v, 5);
  const day = twoDigits(v, 8);
  const hour = twoDigits(v, 11);
  const minute = twoDigits(v, 14);
  const second = twoDigits(v, 17);
  const centis = twoDigits(v, 20);
  const lastMilli = v.charCodeAt(22) - 48;
  if (century < 0 || yy < 0 || centis < 0 || lastMilli < 0 || lastMilli > 9) return NaN;
  if (month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return NaN;
  if (second < 0 || second > 59) return NaN;
  const leap = yy === 0 ? century % 4 === 0 : yy % 4 === 0;
  if (day > (month === 2 ? (leap ? 29 : 28) : (DAYS_IN_MONTH[month] as number))) return NaN;
  const days = daysFromCivil(century * 100 + yy, month, day);
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + centis * 10 + lastMilli;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (years 0–9999, as Date.parse reads them), in whole numbers. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const isIso = (v: unknown): boolean => typeof v === 'string' && (isIsoMillisUtc(v) || ISO_UTC.test(v));
const isSha = (v: unknown): boolean => typeof v === 'string' && SHA.test(v);
const isRelPath = (v: unknown): boolean => typeof v === 'string' && REL_PATH.test(v);
const isPositiveInt = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isNonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const isBounded = (v: unknown, max: number): boolean => typeof v === 'string' && v.length > 0 && v.length <= max;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function keyCount(o: Record<string, unknown>): number {
  return Object.keys(o).length;
}

// Each check below counts the keys it accepted; a row fits only when that is every key it has, so an
// unknown key (or a key whose value is undefined, which JSON never yields) is refused. Reading an absent
// optional key gives undefined, never an inherited value: none of these names is on Object.prototype.

/** The keys every row has; 0 when one is missing or wrong. */
function commonKeys(o: Record<string, unknown>): number {
  const { v, plan_id: planId, stage, run_id: runId, at } = o;
  if (v !== LEDGER_ROW_VERSION || !isPositiveInt(stage) || !isIso(at)) return 0;
  if (typeof planId !== 'string' || !PLAN_ID_PATTERN.test(planId)) return 0;
  if (typeof runId !== 'string' || !RUN_ID_PATTERN.test(runId)) return 0;
  return 6; // with status, which chose the shape
}

/** Optional keys present and valid, or -1 when one is present and invalid. */
function optionalKeys(o: Record<string, unknown>, headCommit: boolean): number {
  let n = 0;
  if (o.actor !== undefined) {
    if (!isNonEmpty(o.actor)) return -1;
    n++;
  }
  if (o.branch !== undefined) {
    if (!isNonEmpty(o.branch)) return -1;
    n++;
  }
  if (o.base_commit !== undefined) {
    if (!isSha(o.base_commit)) return -1;
    n++;
  }
  if (headCommit && o.head_commit !== undefined) {
    if (!isSha(o.head_commit)) return -1;
    n++;
  }
  return n;
}

function isClaimant(v: unknown): boolean {
  if (!isPlainObject(v) || !isBounded(v.host, 255) || !isPositiveInt(v.pid)) return false;
  if (v.boot !== undefined && !isBounded(v.boot, 255)) return false;
  return keyCount(v) === (v.boot === undefined ? 2 : 3);
}

function startedKeys(o: Record<string, unknown>): number {
  if (!isIso(o.lease_until)) return -1;
  if (o.claimant !== undefined && !isClaimant(o.claimant)) return -1;
  const optional = optionalKeys(o, true);
  return optional < 0 ? -1 : 1 + optional + (o.claimant === undefined ? 0 : 1);
}

function doneKeys(o: Record<string, unknown>): number {
  if (!isSha(o.head_commit) || !isIso(o.completed_at) || !isRelPath(o.carry_path) || !isRelPath(o.report_path))
    return -1;
  const optional = optionalKeys(o, false);
  return optional < 0 ? -1 : 4 + optional;
}

function failedKeys(o: Record<string, unknown>): number {
  if (!REASONS.has(o.reason)) return -1;
  if (o.report_path !== undefined && !isRelPath(o.report_path)) return -1;
  if (o.detail !== undefined && !(typeof o.detail === 'string' && o.detail.length <= 2000)) return -1;
  const optional = optionalKeys(o, true);
  return optional < 0 ? -1 : 1 + optional + (o.report_path === undefined ? 0 : 1) + (o.detail === undefined ? 0 : 1);
}

const BY_STATUS: ReadonlyMap<unknown, (o: Record<string, unknown>) => number> = new Map([
  ['started', startedKeys],
  ['done', doneKeys],
  ['failed', failedKeys],
]);

/**
 * The row when `json` is exactly a row okstra could have written, else null.
 * A hand-written check of what LedgerRowSchema checks, several times
 * cheaper than zod's; it may refuse more than the schema (the caller then
 * asks zod, which gives the verdict and the message), never less.
 */
export function fastRow(json: unknown): LedgerRow | null {
  if (!isPlainObject(json)) return null;
  const byStatus = BY_STATUS.get(json.status);
  if (!byStatus) return null;
  const common = commonKeys(json);
  if (common === 0) return null;
  const specific = byStatus(json);
  // Every path that accepts has checked each field the schema names, with the schema's own patterns.
  return specific >= 0 && keyCount(json) === common + specific ? (json as LedgerRow) : null;
}
