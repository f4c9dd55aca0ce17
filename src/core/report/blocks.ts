import type { FinalReport, Finding, QaResult } from './schema/final-report.js';
import { listItems, type Section } from './budget.js';
import { codeBlock, escapeBlock, escapeInline, fenceFor, inlineCode, stripInvisible } from '../text/escape.js';
import { clip, tail } from '../text/truncate.js';
import { failedWorkers, type FailedWorker } from './failure.js';
import {
  compareFindings,
  findingLocation,
  findingWho,
  formatCount,
  formatCost,
  formatDuration,
  formatRunUsage,
  formatUsage,
  qaOutcomeText,
  shortSha,
  stageHeading,
  verdictLabel,
  workerStatusText,
} from './format.js';

/**
 * The building blocks of every Markdown format: each returns a `Section` so
 * the comment and check-run renderers can cut them to a size limit, while the
 * full report simply keeps them all. All text that did not come from okstra
 * itself passes through the escapers in src/core/text.
 */

/** How much of each long text a format shows. `Infinity` everywhere is the full report. */
export interface DetailLimits {
  /** Characters of a finding's detail. */
  findingDetail: number;
  /** Characters of one verdict reason, the withheld reason or a finding title. */
  reason: number;
  /** Lines and characters of a QA command's output tail. */
  outputLines: number;
  outputChars: number;
  /** Characters of the executor summary. */
  summary: number;
}

export const FULL_DETAIL: DetailLimits = {
  findingDetail: Number.POSITIVE_INFINITY,
  reason: Number.POSITIVE_INFINITY,
  outputLines: Number.POSITIVE_INFINITY,
  outputChars: Number.POSITIVE_INFINITY,
  summary: Number.POSITIVE_INFINITY,
};

const CUT = ' … (cut)';

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${prefix}${line}`))
    .join('\n');
}

type Items = readonly string[] | Pick<Section, 'count' | 'item'>;

function section(
  id: string,
  label: string,
  priority: number,
  head: string,
  items: Items,
  tailText = '',
  required = false,
): Section {
  const lazy = 'count' in items ? items : listItems(items);
  return { id, label, priority, head, tail: tailText, required, count: lazy.count, item: lazy.item };
}

/** A fixed paragraph, e.g. the comment marker or the counts line. */
export function textSection(id: string, text: string, opts: { priority?: number; required?: boolean } = {}): Section {
  return section(id, id, opts.priority ?? 0, text, [], '', opts.required ?? false);
}

/** A section whose items are what its label names, so a cut can say "12 of 40". */
function counted(s: Section): Section {
  return { ...s, counted: true };
}

function details(summary: string, body: string): { head: string; tail: string } {
  return { head: `<details><summary>${summary}</summary>\n\n${body}`, tail: '\n</details>\n\n' };
}

export function headlineSection(report: FinalReport, level: '##' | '###'): Section {
  const run = report.run;
  const trigger = run.trigger.actor
    ? `${run.trigger.kind} by ${escapeInline(clip(run.trigger.actor, 100, '…'))}`
    : run.trigger.kind;
  const facts = [
    `attempt ${run.attempt}`,
    trigger,
    formatDuration(run.durationMs),
    `${inlineCode(clip(report.git.branch, 200, '…'))} ${shortSha(report.git.baseCommit)}..${shortSha(report.git.headCommit)}${report.git.reusedBranch ? ' (fix run on the preserved branch)' : ''}`,
  ];
  const head = `${level} ${verdictLabel(report)} — ${stageHeading(report)}\n\n${facts.join(' · ')}\n\n`;
  return section('headline', 'headline', 0, head, [], '', true);
}

/** Room for an upstream error message in a table cell or a one-line status. */
const UPSTREAM_IN_LINE = 200;

/** The statement every reader must see when agents were not isolated from okstra's secrets. */
export const NO_ISOLATION_WARNING =
  "⚠️ **Agents ran with okstra's own privileges (isolation: none): they could read the run's secrets.**";

/**
 * How the agents were kept from okstra's secrets. `none` is a warning that
 * is never cut; the isolated case is one quiet line. Reports written before
 * isolation was recorded say nothing rather than guess.
 */
export function isolationSection(report: FinalReport): Section {
  const iso = report.isolation;
  if (!iso) return section('isolation', 'isolation statement', 1, '', []);
  if (iso.mode === 'none')
    return section('isolation', 'isolation statement', 0, `${NO_ISOLATION_WARNING}\n\n`, [], '', true);
  return section(
    'isolation',
    'isolation statement',
    1,
    `🔒 **Isolation:** ${escapeInline(clip(iso.detail, 300, '…'))}\n\n`,
    [],
  );
}

/** The budget that stopped the run: which limit, what was spent, whose request was refused. Never cut. */
export function budgetSection(report: FinalReport): Section {
  const b = report.usage.budgetExceeded;
  if (!b) return section('budget', 'budget refusal', 0, '', []);
  const limit = `the ${b.scope} budget (${inlineCode(`budgets.${b.scope}`)}) of ${escapeInline(clip(b.limit, 100, '…'))}`;
  const spent = escapeInline(clip(b.spent, 100, '…'));
  // A reservation refused: the limit was not reached, the request's worst case did not fit in what was left.
  const what = b.reservation
    ? `${limit} had ${escapeInline(clip(b.headroom ?? 'unknown', 100, '…'))} left with ${spent} spent; the model gateway refused a request of ${escapeInline(b.worker)} that could have cost ${escapeInline(clip(b.reservation, 100, '…'))}`
    : `${limit} was reached with ${spent} spent; the model gateway refused the next request of ${escapeInline(b.worker)}`;
  const text = `💸 **Budget exceeded:** ${what}.\n\n`;
  return section('budget', 'budget refusal', 0, text, [], '', true);
}

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
  const table =
    '| worker | role | model | path | status | tokens | cost | time | first byte | retries |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n';
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

/** Reasons come first of everything optional, but are not required: a run could list more than any limit holds. */
export function reasonsSection(report: FinalReport, limits: DetailLimits): Section {
  const items = report.verdict.reasons.map((r) => `- ${escapeInline(clip(r, limits.reason, CUT))}\n`);
  return counted(
    section(
      'reasons',
      'verdict reasons',
      0,
      items.length > 0 ? '**Why:**\n\n' : '',
      items,
      items.length > 0 ? '\n' : '',
    ),
  );
}

/** The carry outcome, stated plainly: written where, or withheld and why. */
export function sidecarSection(report: FinalReport, limits: DetailLimits): Section {
  const ev = report.stageSidecarEvidence;
  const text =
    'withheld' in ev
      ? `**Carry withheld** — \`carry/stage-${ev.stageNumber}.json\` was not written: ${escapeInline(clip(ev.withheld, limits.reason, CUT))}\n\n`
      : `**Carry written** to ${inlineCode(ev.carryPath)}.\n\n`;
  return section('carry', 'carry outcome', 0, text, [], '', true);
}

export function findingItem(f: Finding, limits: DetailLimits): string {
  const state = f.disposition === 'standing' ? '' : ` (${f.disposition})`;
  const head = `- **${f.severity}**${state} · ${inlineCode(f.id)} · **${escapeInline(clip(f.title, limits.reason, CUT))}** — ${findingLocation(f)} · ${findingWho(f)}\n`;
  const detail =
    f.detail.trim() === '' ? '' : `\n${indent(escapeBlock(clip(f.detail, limits.findingDetail, CUT)), '  ')}\n\n`;
  return `${head}${detail}`;
}

/** Findings as a list, in severity order; `collapsed` puts them in a `<details>` block. Items render on demand. */
export function findingsSection(
  id: string,
  label: string,
  priority: number,
  findings: readonly Finding[],
  limits: DetailLimits,
  collapsed: boolean,
): Section {
  if (findings.length === 0) return section(id, label, priority, '', []);
  const sorted = [...findings].sort(compareFindings);
  const items = { count: sorted.length, item: (i: number) => findingItem(sorted[i] as Finding, limits) };
  const title = `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} (${formatCount(sorted.length)})`;
  if (collapsed) {
    const d = details(title, '');
    return counted(section(id, label, priority, d.head, items, d.tail));
  }
  return counted(section(id, label, priority, `**${title}**\n\n`, items, '\n'));
}

function qaRow(q: QaResult): string {
  const exit = q.exitCode === null ? 'killed' : String(q.exitCode);
  return `| ${q.passed ? '✅' : '❌'} | ${q.source} | ${escapeInline(q.label) || '—'} | ${inlineCode(q.cmd, { inTable: true })} | ${exit} | ${formatDuration(q.durationMs)} |\n`;
}

export function qaSection(report: FinalReport, priority: number, collapsed: boolean): Section {
  const total = report.qa.length;
  const title = `QA commands (${qaOutcomeText(report)})`;
  const table = '| | source | label | command | exit | time |\n| --- | --- | --- | --- | --- | --- |\n';
  const items = report.qa.map(qaRow);
  if (total === 0) return section('qa', 'QA results', priority, `**${title}**\n\n`, []);
  if (collapsed) {
    const d = details(title, table);
    return section('qa', 'QA results', priority, d.head, items, d.tail);
  }
  return section('qa', 'QA results', priority, `**${title}**\n\n${table}`, items, '\n');
}

/** Output tails of QA commands; `onlyFailed` for the short formats, where a passing command's output says nothing. */
export function qaOutputSection(
  report: FinalReport,
  priority: number,
  limits: DetailLimits,
  onlyFailed: boolean,
): Section {
  const shown = report.qa.filter((q) => (!onlyFailed || !q.passed) && q.outputTail.trim() !== '');
  const items = shown.map((q) => {
    const exit = q.exitCode === null ? 'killed' : `exit ${q.exitCode}`;
    const out = tail(q.outputTail, limits.outputLines, limits.outputChars);
    return `<details><summary>${escapeInline(clip(q.label || q.cmd, 200, '…'))} — ${exit}</summary>\n\n${codeBlock(out)}\n\n</details>\n`;
  });
  const label = onlyFailed ? 'output of failed QA commands' : 'QA output';
  return section(
    'qa-output',
    label,
    priority,
    items.length > 0 ? `**${label[0]?.toUpperCase()}${label.slice(1)}**\n\n` : '',
    items,
    items.length > 0 ? '\n' : '',
  );
}

/** `3 files (tool events)`, `3 files (self-reported)`, plus what was cited unopened: how far the evidence list can be believed. */
function evidenceCell(
  w: Pick<FinalReport['verifiers'][number], 'evidenceRead' | 'evidence' | 'unreadCitations'>,
): string {
  const count = `${w.evidenceRead.length} file${w.evidenceRead.length === 1 ? '' : 's'}`;
  const source = w.evidence === 'events' ? ' (tool events)' : w.evidence === 'self-reported' ? ' (self-reported)' : '';
  const unread = w.unreadCitations ?? [];
  const shown = unread
    .slice(0, 3)
    .map((p) => inlineCode(p, { inTable: true }))
    .join(', ');
  const more = unread.length > 3 ? ` and ${unread.length - 3} more` : '';
  return `${count}${source}${unread.length > 0 ? `; cited unopened: ${shown}${more}` : ''}`;
}

export function verifiersSection(report: FinalReport, priority: number, collapsed: boolean): Section {
  const table =
    '| worker | status | verdict | findings | evidence read | time | usage |\n| --- | --- | --- | --- | --- | --- | --- |\n';
  const items = report.verifiers.map(
    (v) =>
      `| ${escapeInline(v.worker)} | ${workerStatusText(v.status, v.upstreamError, UPSTREAM_IN_LINE)} | ${v.verdict ?? '—'} | ${v.findings.length} | ${evidenceCell(v)} | ${formatDuration(v.durationMs)} | ${formatUsage(v.usage)} |\n`,
  );
  const verdicts = report.verifiers.map((v) => v.verdict ?? v.status).join(', ');
  const title = `Verifiers (${report.verifiers.length}${verdicts ? `: ${verdicts}` : ''})`;
  if (items.length === 0) return section('verifiers', 'verifiers', priority, `**Verifiers:** none ran.\n\n`, []);
  if (collapsed) {
    const d = details(title, table);
    return section('verifiers', 'verifiers', priority, d.head, items, d.tail);
  }
  return section('verifiers', 'verifiers', priority, `**${title}**\n\n${table}`, items, '\n');
}

export function executorSection(report: FinalReport, priority: number, limits: DetailLimits): Section {
  const e = report.executor;
  const commits = e.commits.map((c) => `- ${inlineCode(shortSha(c.sha))} ${escapeInline(c.subject)}\n`);
  const summary = e.summary.trim() === '' ? '_No summary._' : escapeBlock(clip(e.summary, limits.summary, CUT));
  const d = details(
    `Executor: ${escapeInline(e.worker)} — ${workerStatusText(e.status, e.upstreamError, UPSTREAM_IN_LINE)}, ${formatDuration(e.durationMs)}, ${e.commits.length} commit${e.commits.length === 1 ? '' : 's'}`,
    `${summary}\n\nUsage: ${formatUsage(e.usage)}\n\n`,
  );
  return section('executor', 'executor summary and commits', priority, d.head, commits, d.tail);
}

export function rosterSection(report: FinalReport, priority: number): Section {
  const table = '| roster name | function | provider | model | usage |\n| --- | --- | --- | --- | --- |\n';
  const usageOf = new Map(report.usage.workers.map((u) => [u.worker, u]));
  const items = report.roster.map(
    (r) =>
      `| ${escapeInline(r.name)} | ${r.function} | ${r.provider} | ${r.model ? inlineCode(r.model, { inTable: true }) : '—'} | ${formatUsage(usageOf.get(r.name) ?? null)} |\n`,
  );
  const d = details(`Roster and usage (total ${formatRunUsage(report)})`, table);
  return section('roster', 'roster and usage', priority, d.head, items, d.tail);
}

export function convergenceSection(report: FinalReport, priority: number): Section {
  const c = report.convergence;
  let text = `**Convergence:** ${c.rounds} round${c.rounds === 1 ? '' : 's'}, ${c.disputed} disputed, ${c.resolved} resolved.`;
  if (report.critic) {
    const k = report.critic;
    text += ` **Critic:** ${escapeInline(k.worker)} — ${workerStatusText(k.status, k.upstreamError, UPSTREAM_IN_LINE)}, ${k.gaps} gap${k.gaps === 1 ? '' : 's'}${k.evidence ? `, evidence ${evidenceCell(k)}` : ''}.`;
  }
  return section('convergence', 'convergence', priority, `${text}\n\n`, []);
}

export function gitSection(report: FinalReport, priority: number): Section {
  const g = report.git;
  const stat = `${g.diffStat.filesChanged} files changed, +${formatCount(g.diffStat.insertions)} −${formatCount(g.diffStat.deletions)}`;
  const items = g.outOfPlanFiles.map((p) => `- ${inlineCode(p)}\n`);
  const head = `**Diff:** ${stat} (${inlineCode(`${shortSha(g.baseCommit)}..${shortSha(g.headCommit)}`)})${items.length > 0 ? `; ${items.length} outside the plan's files:` : '.'}\n\n`;
  return section('git', 'diff stat and files outside the plan', priority, head, items, items.length > 0 ? '\n' : '');
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

export function errorsSection(report: FinalReport, priority: number, limits: DetailLimits): Section {
  const items = report.errors.map(
    (e) => `- ${e.at} · ${escapeInline(e.phase)}: ${escapeInline(clip(e.message, limits.reason, CUT))}\n`,
  );
  return counted(
    section(
      'errors',
      'run errors',
      priority,
      items.length > 0 ? `**Run errors (${items.length})**\n\n` : '',
      items,
      items.length > 0 ? '\n' : '',
    ),
  );
}

function failedWorkerItem(w: FailedWorker, limits: DetailLimits): string {
  const role = w.role === 'reverify' ? `re-verify of ${inlineCode(w.findingId ?? '?')}` : w.role;
  const head = `- **${escapeInline(w.worker)}** (${role}) — ${workerStatusText(w.status, w.upstreamError, UPSTREAM_IN_LINE)}: ${escapeInline(clip(w.failure.reason, limits.reason, CUT))}\n`;
  if (w.failure.stderrTail.trim() === '') return `${head}  _No stderr output._\n\n`;
  const out = tail(w.failure.stderrTail, limits.outputLines, limits.outputChars);
  return `${head}\n  <details><summary>last lines of stderr</summary>\n\n${indent(codeBlock(out), '  ')}\n\n  </details>\n\n`;
}

/** Every worker that produced no result: its status, the exit or upstream reason and the end of its stderr. */
export function failuresSection(report: FinalReport, priority: number, limits: DetailLimits): Section {
  const failed = failedWorkers(report);
  if (failed.length === 0) return section('failures', 'workers without a result', priority, '', []);
  const items = failed.map((w) => failedWorkerItem(w, limits));
  return counted(
    section(
      'failures',
      'workers without a result',
      priority,
      `**Workers without a result (${failed.length})**\n\n`,
      items,
      '\n',
    ),
  );
}

export function queueSection(report: FinalReport, priority: number): Section {
  const q = report.remainingQueue;
  const text = q.length === 0 ? '' : `**Remaining queue:** ${q.map((n) => `stage ${n}`).join(', ')}.\n\n`;
  return section('queue', 'remaining queue', priority, text, []);
}

/** Splits findings into the groups every format shows in this order. */
export function groupFindings(findings: readonly Finding[]): {
  blocking: Finding[];
  major: Finding[];
  minor: Finding[];
  refuted: Finding[];
} {
  const groups = {
    blocking: [] as Finding[],
    major: [] as Finding[],
    minor: [] as Finding[],
    refuted: [] as Finding[],
  };
  for (const f of findings) {
    if (f.disposition === 'refuted') groups.refuted.push(f);
    else if (f.severity === 'blocking') groups.blocking.push(f);
    else if (f.severity === 'major') groups.major.push(f);
    else groups.minor.push(f);
  }
  return groups;
}
