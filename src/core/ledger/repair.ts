import type { LedgerLine } from './parse-ledger.js';
import type { DistrustedRow } from './trust.js';

/** What a human asked `okstra ledger repair` to do. */
export type RepairSelection =
  /** Remove these 1-based lines; a believed row only with `force`. */
  | { kind: 'drop'; lines: readonly number[]; force?: boolean }
  /** Move every unreadable or distrusted line to the plan's quarantine file. */
  | { kind: 'quarantine-distrusted' };

export interface RepairMeta {
  planId: string;
  reason: string;
  actor: string;
  at: Date;
}

export interface RemovedLine {
  line: number;
  raw: string;
  /** Why the line was bad; null for a believed row dropped with force. */
  problem: string | null;
}

export interface RepairPlan {
  /** The ledger file after the repair. */
  ledgerText: string;
  removed: RemovedLine[];
  /** Lines to append to the quarantine file (JSONL, one record per removed line), or null when nothing is quarantined. */
  quarantine: string | null;
  /** The ledger commit's message: what was removed, why, and by whom. */
  message: string;
}

export type RepairDecision =
  { kind: 'repair'; plan: RepairPlan } | { kind: 'refused'; reason: string } | { kind: 'nothing'; reason: string };

/** The longest reason kept: it goes into a commit message and every quarantine record. */
export const MAX_REPAIR_REASON = 500;

/**
 * Decides a repair over the ledger as it is now (re-run after every
 * compare-and-swap conflict, like an append). Pure: the store supplies the
 * lines and which rows are distrusted.
 */
export function planRepair(
  lines: readonly LedgerLine[],
  distrusted: readonly DistrustedRow[],
  selection: RepairSelection,
  meta: RepairMeta,
): RepairDecision {
  const reason = meta.reason.trim();
  if (reason === '')
    return { kind: 'refused', reason: 'a repair needs --reason "…": it is recorded in the ledger commit' };
  if (reason.length > MAX_REPAIR_REASON || /[\r\n]/.test(reason))
    return { kind: 'refused', reason: `--reason must be one line of at most ${MAX_REPAIR_REASON} characters` };
  const problems = problemByLine(lines, distrusted);
  const chosen = choose(lines, problems, selection);
  if (typeof chosen === 'string') return { kind: 'refused', reason: chosen };
  if (chosen.size === 0)
    return { kind: 'nothing', reason: `the ledger of plan ${meta.planId} has no unreadable or distrusted line` };

  const removed: RemovedLine[] = lines
    .filter((l) => chosen.has(l.line))
    .map((l) => ({ line: l.line, raw: l.raw, problem: problems.get(l.line) ?? null }));
  const kept = lines
    .filter((l) => !chosen.has(l.line))
    .map((l) => `${l.raw}\n`)
    .join('');
  const quarantine =
    selection.kind === 'quarantine-distrusted'
      ? removed.map((r) => `${JSON.stringify(quarantineRecord(r, meta, reason))}\n`).join('')
      : null;
  return {
    kind: 'repair',
    plan: { ledgerText: kept, removed, quarantine, message: commitMessage(removed, selection, meta, reason) },
  };
}

function problemByLine(lines: readonly LedgerLine[], distrusted: readonly DistrustedRow[]): Map<number, string> {
  const problems = new Map<number, string>();
  for (const l of lines) if ('problem' in l) problems.set(l.line, l.problem);
  for (const d of distrusted) problems.set(d.line, d.reason);
  return problems;
}

function choose(
  lines: readonly LedgerLine[],
  problems: ReadonlyMap<number, string>,
  selection: RepairSelection,
): Set<number> | string {
  if (selection.kind === 'quarantine-distrusted') return new Set(problems.keys());
  if (selection.lines.length === 0) return 'name at least one --drop-line N';
  // Numbers, not positions: a ledger's rows keep theirs when a repair removes some.
  const known = new Set(lines.map((l) => l.line));
  const missing = selection.lines.filter((n) => !known.has(n));
  if (missing.length > 0)
    return `the ledger has ${lines.length} line${lines.length === 1 ? '' : 's'}; there is no line ${missing.join(', ')}`;
  const believed = selection.lines.filter((n) => !problems.has(n));
  if (believed.length > 0 && !selection.force) {
    return `line ${believed.join(', ')} ${believed.length === 1 ? 'is a believed row' : 'are believed rows'}; only unreadable or distrusted lines are dropped without --force (see \`okstra ledger show\`)`;
  }
  return new Set(selection.lines);
}

function quarantineRecord(r: RemovedLine, meta: RepairMeta, reason: string): Record<string, unknown> {
  return {
    v: 1,
    plan_id: meta.planId,
    quarantined_at: meta.at.toISOString(),
    by: meta.actor,
    reason,
    line: r.line,
    problem: r.problem,
    original: r.raw,
  };
}

function commitMessage(
  removed: readonly RemovedLine[],
  selection: RepairSelection,
  meta: RepairMeta,
  reason: string,
): string {
  const verb = selection.kind === 'quarantine-distrusted' ? 'quarantined' : 'dropped';
  const lines = removed.map(
    (r) => `line ${r.line}: ${r.problem ?? 'a believed row, dropped with --force'}\n  ${r.raw.slice(0, 500)}`,
  );
  return `okstra: ${meta.planId} ledger repair: ${verb} line ${removed.map((r) => r.line).join(', ')}\n\nReason: ${reason}\nRun by: ${meta.actor} at ${meta.at.toISOString()}\n\n${lines.join('\n')}\n`;
}
