import type { FinalReport } from '../schema/final-report.js';
import type { Section } from '../budget.js';
import { tableHead } from '../../markdown/markdown.js';
import { codeBlock, escapeInline, fenceFor, inlineCode, stripInvisible } from '../../text/escape.js';
import { clip } from '../../text/truncate.js';
import { formatCount, formatCost, formatDuration, formatRunUsage, formatUsage } from '../format.js';
import { counted, details, section } from './section.js';

/** The run's bookkeeping: usage per worker, the gateway's model requests, the roster, progress, the carry JSON and the ledger row. */

/**
 * Tokens and cost per worker, one line each: the short formats' view of
 * spend (the full formats have the roster table).
 */
export function workerUsageSection(report: FinalReport, priority: number): Section {
  const workers = report.usage.workers;
  if (workers.length === 0) return section('usage', 'usage per worker', priority, '', []);
  const items = workers.map((w) => `- ${escapeInline(w.worker)}: ${formatUsage(w)}\n`);
  return counted(section('usage', 'usage per worker', priority, '**Usage by worker**\n\n', items, '\n'));
}

function requestRow(r: NonNullable<FinalReport['usage']['requests']>[number]): string {
  const status = r.refused ? `refused (${r.refused})` : r.status === null ? 'no response' : String(r.status);
  const cached =
    r.cachedInputTokens + r.cacheWriteTokens > 0
      ? ` (${formatCount(r.cachedInputTokens)} cached, ${formatCount(r.cacheWriteTokens)} cache write)`
      : '';
  const first = r.firstByteMs === null ? '—' : formatDuration(Math.round(r.firstByteMs));
  return (
    `| ${escapeInline(r.worker)} | ${escapeInline(r.role)} | ${r.model ? inlineCode(clip(r.model, 80, '…'), { inTable: true }) : '—'} | ${inlineCode(clip(r.path, 120, '…'), { inTable: true })} | ${status} | ` +
    `${formatCount(r.inputTokens)} in${cached} / ${formatCount(r.outputTokens)} out | ${r.billing === 'subscription' ? 'subscription' : formatCost(r.costUsd, true)} | ${formatDuration(Math.round(r.durationMs))} | ${first} | ${r.retries} |\n`
  );
}

/** Every model request the gateway metered, for the full report only (a run makes hundreds). */
export function requestsSection(report: FinalReport, priority: number): Section {
  const requests = report.usage.requests ?? [];
  if (requests.length === 0) return section('requests', 'model requests', priority, '', []);
  const table = tableHead([
    'worker',
    'role',
    'model',
    'path',
    'status',
    'tokens',
    'cost',
    'time',
    'first byte',
    'retries',
  ]);
  const d = details(`Model requests (${formatCount(requests.length)}, metered by okstra's gateway)`, table);
  return counted(
    section(
      'requests',
      'model requests',
      priority,
      d.head,
      { count: requests.length, item: (i) => requestRow(requests[i] as (typeof requests)[number]) },
      d.tail,
    ),
  );
}

export function rosterSection(report: FinalReport, priority: number): Section {
  const table = tableHead(['roster name', 'function', 'provider', 'model', 'usage']);
  const usageOf = new Map(report.usage.workers.map((u) => [u.worker, u]));
  const items = report.roster.map(
    (r) =>
      `| ${escapeInline(r.name)} | ${r.function} | ${r.provider} | ${r.model ? inlineCode(r.model, { inTable: true }) : '—'} | ${formatUsage(usageOf.get(r.name) ?? null)} |\n`,
  );
  const d = details(`Roster and usage (total ${formatRunUsage(report)})`, table);
  return section('roster', 'roster and usage', priority, d.head, items, d.tail);
}

export function progressSection(report: FinalReport, priority: number): Section {
  const lines = report.progress.map((p) => `${p.at}  ${stripInvisible(p.line)}\n`);
  const a = report.activity;
  // The stream itself stays on the ledger branch; the report only says where.
  const activity = a
    ? `Worker activity: ${a.events} event${a.events === 1 ? '' : 's'}${a.droppedEvents > 0 ? ` (${a.droppedEvents} more left out at the size bound)` : ''} in ${inlineCode(a.path)} on the ledger branch.\n\n`
    : '';
  if (lines.length === 0) return section('progress', 'progress checkpoints', priority, activity, []);
  // One fence around all lines, so it must outlast any backtick run in any of them.
  const fence = fenceFor(lines.join(''));
  const d = details(`Progress checkpoints (${lines.length})`, `${fence}text\n`);
  return counted(
    section('progress', 'progress checkpoints', priority, `${activity}${d.head}`, lines, `${fence}\n${d.tail}`),
  );
}

export function carryJsonSection(report: FinalReport, priority: number): Section {
  const json = report.stageSidecarEvidence.carryJson;
  if (json === null) return section('carry-json', 'carry JSON', priority, '', []);
  const d = details('Stage Carry Evidence JSON', `${codeBlock(json, 'json')}\n`);
  return section('carry-json', 'carry JSON', priority, d.head, [], d.tail);
}

export function ledgerRowSection(report: FinalReport, priority: number): Section {
  const row = report.ledgerRow;
  const body =
    row === null ? '_No terminal ledger row was appended._\n' : `${codeBlock(JSON.stringify(row), 'json')}\n`;
  const d = details(`Ledger row (${row?.status ?? 'none'})`, body);
  return section('ledger-row', 'ledger row', priority, d.head, [], d.tail);
}
