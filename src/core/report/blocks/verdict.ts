import type { FinalReport, Finding } from '../schema/final-report.js';
import type { Section } from '../budget.js';
import { indent } from '../../markdown/markdown.js';
import { codeBlock, escapeBlock, escapeInline, inlineCode } from '../../text/escape.js';
import { clip, tail } from '../../text/truncate.js';
import { failedWorkers, type FailedWorker } from '../failure.js';
import {
  compareFindings,
  findingLocation,
  findingWho,
  formatCount,
  formatDuration,
  shortSha,
  triggerText,
  stageHeading,
  verdictLabel,
  workerStatusText,
} from '../format.js';
import { CUT, UPSTREAM_IN_LINE, counted, details, section, type DetailLimits } from './section.js';

/** The verdict's blocks: the headline, isolation, the budget that stopped a run, the reasons, the carry, the findings, errors and workers without a result. */

export function headlineSection(report: FinalReport, level: '##' | '###'): Section {
  const run = report.run;
  const facts = [
    `attempt ${run.attempt}`,
    triggerText(run.trigger),
    formatDuration(run.durationMs),
    `${inlineCode(clip(report.git.branch, 200, '…'))} ${shortSha(report.git.baseCommit)}..${shortSha(report.git.headCommit)}${report.git.reusedBranch ? ' (fix run on the preserved branch)' : ''}`,
  ];
  const head = `${level} ${verdictLabel(report)} — ${stageHeading(report)}\n\n${facts.join(' · ')}\n\n`;
  return section('headline', 'headline', 0, head, [], '', true);
}

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
/** The finding groups of every format (groupFindings), each with its one label. */
const FINDING_GROUP_LABELS = {
  blocking: 'blocking findings',
  major: 'major findings',
  minor: 'minor and info findings',
  refuted: 'refuted findings',
} as const;

export function findingsSection(
  group: keyof FindingGroups,
  groups: FindingGroups,
  priority: number,
  limits: DetailLimits,
  collapsed: boolean,
): Section {
  const id = `findings-${group}`;
  const label = FINDING_GROUP_LABELS[group];
  const findings = groups[group];
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
export interface FindingGroups {
  blocking: Finding[];
  major: Finding[];
  minor: Finding[];
  refuted: Finding[];
}

export function groupFindings(findings: readonly Finding[]): FindingGroups {
  const groups: FindingGroups = { blocking: [], major: [], minor: [], refuted: [] };
  for (const f of findings) {
    if (f.disposition === 'refuted') groups.refuted.push(f);
    else if (f.severity === 'blocking') groups.blocking.push(f);
    else if (f.severity === 'major') groups.major.push(f);
    else groups.minor.push(f);
  }
  return groups;
}
