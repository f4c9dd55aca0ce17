import { LedgerRowSchema, type LedgerRow } from './row.js';

/** A ledger line that cannot be read at all; reading stops rather than skipping it. */
export class LedgerFormatError extends Error {
  constructor(
    /** Where the file is, as `branch:path` (or the path alone when no branch is known). */
    readonly path: string,
    readonly line: number,
    readonly detail: string,
    readonly planId?: string,
    /** In a ledger with sealed segments, the line within `path`: `line` is then the plan-wide line `--drop-line` takes. */
    readonly localLine?: number,
  ) {
    const at = localLine === undefined ? `${path}:${line}` : `${path}:${localLine} (line ${line} of the plan's ledger)`;
    super(`${at}: ${detail}${planId ? `; remove it with \`${repairLineCommand(planId, line)}\`` : ''}`);
    this.name = 'LedgerFormatError';
  }
}

/** The command that removes one line of a plan's ledger (the reason is the human's to give). */
export function repairLineCommand(planId: string, line: number): string {
  return `okstra ledger repair --plan-id ${planId} --drop-line ${line} --reason "…"`;
}

/** One line of a ledger file, read without judging the rest: what `ledger repair` works on. */
export type LedgerLine = { line: number; raw: string; row: LedgerRow } | { line: number; raw: string; problem: string };

interface ParseOptions {
  path: string;
  planId: string;
  /** Every line through the full zod schema, skipping the fast path: the reference the fast path is tested and benched against. */
  schemaOnly?: boolean;
  /** The number of the text's first line (default 1): a segment's lines numbered plan-wide as they are read, not copied after. */
  firstLine?: number;
}

/**
 * Parses a JSONL ledger. Every line must be a valid row of this plan; the only
 * tolerated blank is the final newline. A corrupt line is an error, never a skip,
 * because a skipped `done` or `failed` row would silently change a stage's position.
 */
export function parseLedger(text: string, opts: ParseOptions): LedgerRow[] {
  return parseLedgerLines(text, opts).map((l) => {
    if ('problem' in l) throw new LedgerFormatError(opts.path, l.line, l.problem, opts.planId);
    return l.row;
  });
}

/** Every line with its row or its problem, in file order; never throws. */
export function parseLedgerLines(text: string, opts: ParseOptions): LedgerLine[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const schemaOnly = opts.schemaOnly === true;
  const first = opts.firstLine ?? 1;
  const out: LedgerLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const parsed = parseLine(raw, opts.planId, schemaOnly);
    const line = first + i;
    out.push(typeof parsed === 'string' ? { line, raw, problem: parsed } : { line, raw, row: parsed });
  }
  return out;
}

/** The row, or why the line is not one. */
function parseLine(raw: string, planId: string, schemaOnly: boolean): LedgerRow | string {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  // A line that opens an object is not blank: the trim (a copy of the line) is only for the others.
  if (text.charCodeAt(0) !== 123 && text.trim() === '') return 'blank line inside the ledger';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  return schemaOnly ? schemaRow(json, planId) : rowFromJson(json, planId);
}

/** A parsed JSON value as a row of plan `planId`, or why it is not one: the check every ledger line gets. */
export function rowFromJson(json: unknown, planId: string): LedgerRow | string {
  return schemaRow(json, planId);
}

/** The row by the full schema, or the schema's first complaint. */
function schemaRow(json: unknown, planId: string): LedgerRow | string {
  const parsed = LedgerRowSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `field "${issue.path.join('.')}": ` : '';
    return `not a valid ledger row: ${where}${issue?.message ?? 'invalid'}`;
  }
  if (parsed.data.plan_id !== planId) return `row belongs to plan "${parsed.data.plan_id}", not "${planId}"`;
  return parsed.data;
}

/** One row as one line; keys in a fixed order so identical rows serialise identically. */
export function serializeRow(row: LedgerRow): string {
  const order = [
    'v',
    'plan_id',
    'stage',
    'status',
    'run_id',
    'at',
    'actor',
    'branch',
    'base_commit',
    'head_commit',
    'lease_until',
    'claimant',
    'completed_at',
    'carry_path',
    'report_path',
    'reason',
    'detail',
    'plan_path',
    'plan_blob',
    'approver',
    'permission',
    'via',
    'url',
    'final_head',
    'final_branch',
    'done_heads',
    'fix_stages',
    'rebuild_stages',
    'mode',
    'pr_number',
    'pr_url',
  ];
  const record = row as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of order) if (record[key] !== undefined) sorted[key] = record[key];
  for (const key of Object.keys(record).sort())
    if (!(key in sorted) && record[key] !== undefined) sorted[key] = record[key];
  return JSON.stringify(sorted);
}
