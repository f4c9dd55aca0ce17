import { LedgerRowSchema, type LedgerRow } from './row.js';

/** A ledger line that cannot be trusted; reading stops rather than skipping it. */
export class LedgerFormatError extends Error {
  constructor(
    readonly path: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${path}:${line}: ${detail}`);
    this.name = 'LedgerFormatError';
  }
}

/**
 * Parses a JSONL ledger. Every line must be a valid row of this plan; the only
 * tolerated blank is the final newline. A corrupt line is an error, never a skip,
 * because a skipped `done` or `failed` row would silently change a stage's position.
 */
export function parseLedger(text: string, opts: { path: string; planId: string }): LedgerRow[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((raw, i) => parseLine(raw, i + 1, opts));
}

function parseLine(raw: string, line: number, opts: { path: string; planId: string }): LedgerRow {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (text.trim() === '') throw new LedgerFormatError(opts.path, line, 'blank line inside the ledger');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LedgerFormatError(opts.path, line, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = LedgerRowSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `field "${issue.path.join('.')}": ` : '';
    throw new LedgerFormatError(opts.path, line, `not a valid ledger row: ${where}${issue?.message ?? 'invalid'}`);
  }
  if (parsed.data.plan_id !== opts.planId) {
    throw new LedgerFormatError(opts.path, line, `row belongs to plan "${parsed.data.plan_id}", not "${opts.planId}"`);
  }
  return parsed.data;
}

/** One row as one line; keys in a fixed order so identical rows serialise identically. */
export function serializeRow(row: LedgerRow): string {
  const order = ['v', 'plan_id', 'stage', 'status', 'run_id', 'at', 'actor', 'branch', 'base_commit', 'head_commit', 'lease_until', 'claimant', 'completed_at', 'carry_path', 'report_path', 'reason', 'detail'];
  const record = row as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of order) if (record[key] !== undefined) sorted[key] = record[key];
  for (const key of Object.keys(record).sort()) if (!(key in sorted) && record[key] !== undefined) sorted[key] = record[key];
  return JSON.stringify(sorted);
}
