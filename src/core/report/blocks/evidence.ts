import type { FinalReport, QaResult } from '../schema/final-report.js';
import type { Section } from '../budget.js';
import { detailsBlock, tableHead } from '../../markdown/markdown.js';
import { codeBlock, escapeBlock, escapeInline, inlineCode } from '../../text/escape.js';
import { clip, tail } from '../../text/truncate.js';
import { formatCount, formatDuration, formatUsage, qaOutcomeText, shortSha, workerStatusText } from '../format.js';
import { CUT, UPSTREAM_IN_LINE, details, section, type DetailLimits } from './section.js';

/** What the run checked: QA commands and their output, the verifiers, the executor, convergence and the diff. */

function qaRow(q: QaResult): string {
  const exit = q.exitCode === null ? 'killed' : String(q.exitCode);
  return `| ${q.passed ? '✅' : '❌'} | ${q.source} | ${escapeInline(q.label) || '—'} | ${inlineCode(q.cmd, { inTable: true })} | ${exit} | ${formatDuration(q.durationMs)} |\n`;
}

export function qaSection(report: FinalReport, priority: number, collapsed: boolean): Section {
  const total = report.qa.length;
  const title = `QA commands (${qaOutcomeText(report)})`;
  const table = tableHead(['', 'source', 'label', 'command', 'exit', 'time']);
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
    return detailsBlock(`${escapeInline(clip(q.label || q.cmd, 200, '…'))} — ${exit}`, codeBlock(out));
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
export function evidenceCell(
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
  const table = tableHead(['worker', 'status', 'verdict', 'findings', 'evidence read', 'time', 'usage']);
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
