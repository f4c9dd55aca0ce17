import { detailsBlock, detailsOpen, plural, tableHead, tableRow } from '../../markdown/markdown.js';
import { codeBlock, escapeInline, inlineCode, plainText } from '../../text/escape.js';
import { redactDeep } from '../../text/redact.js';
import { clip, tail } from '../../text/truncate.js';
import { stringSection as section, type Section } from '../budget.js';
import { CHECK_OUTPUT_LIMIT } from '../check-run.js';
import {
  findingLocation,
  formatCost,
  formatCount,
  formatDuration,
  formatRunUsage,
  formatUsage,
  isActive,
  shortSha,
  triggerText,
  workerStatusText,
} from '../format.js';
import { fitWithNotice } from '../notice.js';
import type { AttributedFinding, FinalQaResult, FinalVerificationReport } from '../schema/final-verification-report.js';
import {
  CHECK_TITLE_LIMIT,
  CUT,
  FINDING_DETAIL_LIMIT,
  REASON_LIMIT,
  SUMMARY_FINDINGS,
  TITLE_LIMIT,
  type FinalCheckOutput,
  type FinalReportOptions,
} from './model.js';
import {
  attributionText,
  findingItem,
  isolationLine,
  nextSection,
  planName,
  qaOutcome,
  rangeText,
  diffStatText,
  reportPointer,
  sectionText,
  sortedFindings,
  stageNumbers,
  verdictHeadline,
  verdictSentence,
} from './parts.js';

/**
 * The final verification report (stored beside the ledger, and the final
 * check's text) and the final check's short summary: the verdict, what to fix
 * and how, the findings with the stages they are attributed to, the stages,
 * QA at the final head, the verifiers and the spend.
 */

function headlineSection(report: FinalVerificationReport, level: '##' | '###'): Section {
  const run = report.run;
  const facts = [
    triggerText(run.trigger),
    formatDuration(run.durationMs),
    `${inlineCode(clip(report.git.finalBranch, 200, '…'))} ${rangeText(report)}${report.git.merged ? " (a merge of the sink stages' done heads)" : ''}`,
    diffStatText(report),
  ];
  const head = `${level} ${verdictHeadline(report)} — ${planName(report)}\n\n${facts.join(' · ')}\n\n${verdictSentence(report)}\n\n${isolationLine(report)}\n\n`;
  return section('headline', 'headline', 0, head, [], '', true);
}

function reasonsSection(report: FinalVerificationReport): Section {
  const reasons = report.verdict.reasons.map((r) => `- ${escapeInline(clip(r, REASON_LIMIT, CUT))}\n`);
  if (reasons.length === 0) return section('reasons', 'verdict reasons', 1, '');
  return section('reasons', 'verdict reasons', 1, '**Why:**\n\n', reasons, '\n');
}

function stageState(report: FinalVerificationReport, n: number): string {
  if (report.verdict.fixStages.includes(n)) return '🔧 to fix';
  if (report.verdict.rebuildStages.includes(n)) return '🔁 to rebuild';
  return '✅ done';
}

function stagesSection(report: FinalVerificationReport): Section {
  const heads = [...report.git.doneHeads].sort((a, b) => a.stage - b.stage);
  const rows = heads.map((d) =>
    tableRow([
      String(d.stage),
      escapeInline(clip(d.title, TITLE_LIMIT, '…')) || '—',
      stageState(report, d.stage),
      inlineCode(shortSha(d.head)),
      inlineCode(clip(d.branch, 200, '…'), { inTable: true }),
      String(d.attempts),
      d.reportPath === null ? '—' : inlineCode(d.reportPath, { inTable: true }),
    ]),
  );
  const head = tableHead(['Stage', 'Title', 'State', 'Done head', 'Branch', 'Attempts', 'Report']);
  return section('stages', 'stages', 2, `### Stages (${heads.length})\n\n${head}`, rows, '\n');
}

function qaRow(q: FinalQaResult): string {
  const exit = q.exitCode === null ? 'killed' : String(q.exitCode);
  const from = q.stage === null ? 'config' : `stage ${q.stage}`;
  const label = escapeInline(clip(q.label, TITLE_LIMIT, '…')) || '—';
  return tableRow([
    q.passed ? '✅' : '❌',
    from,
    label,
    inlineCode(q.cmd, { inTable: true }),
    exit,
    formatDuration(q.durationMs),
  ]);
}

function qaSection(report: FinalVerificationReport): Section {
  if (report.qa.length === 0)
    return section(
      'qa',
      'QA results',
      3,
      '### QA at the final head\n\nNo QA command ran: no stage names a validation command and the config names no qaCommands.\n\n',
    );
  const head = `### QA at the final head (${qaOutcome(report)})\n\n${tableHead(['', 'from', 'label', 'command', 'exit', 'time'])}`;
  return section('qa', 'QA results', 3, head, report.qa.map(qaRow), '\n');
}

function qaOutputSection(report: FinalVerificationReport): Section {
  const failed = report.qa.filter((q) => !q.passed && q.outputTail.trim() !== '');
  const items = failed.map((q) => {
    const exit = q.exitCode === null ? 'killed' : `exit ${q.exitCode}`;
    const summary = `${escapeInline(clip(q.label || q.cmd, 200, '…'))} — ${exit}`;
    return detailsBlock(summary, codeBlock(tail(q.outputTail, 60, 6000)));
  });
  if (items.length === 0) return section('qa-output', 'output of failed QA commands', 6, '');
  return section('qa-output', 'output of failed QA commands', 6, '**Output of failed QA commands**\n\n', items, '\n');
}

function verifiersSection(report: FinalVerificationReport): Section {
  if (report.verifiers.length === 0)
    return section('verifiers', 'verifiers', 3, '### Verifiers\n\nNo verifier ran.\n\n');
  const rows = report.verifiers.map((v) =>
    tableRow([
      escapeInline(v.worker),
      workerStatusText(v.status, v.upstreamError, 200),
      v.verdict ?? '—',
      String(v.findings.length),
      plural(v.evidenceRead.length, 'file'),
      formatDuration(v.durationMs),
      formatUsage(v.usage),
    ]),
  );
  const head = tableHead(['worker', 'status', 'verdict', 'findings', 'evidence read', 'time', 'usage']);
  return section('verifiers', 'verifiers', 3, `### Verifiers (${report.verifiers.length})\n\n${head}`, rows, '\n');
}

function findingsSections(report: FinalVerificationReport, detailLimit: number): Section[] {
  const active = sortedFindings(report.findings.filter(isActive));
  const refuted = sortedFindings(report.findings.filter((f) => !isActive(f)));
  const item = (f: AttributedFinding): string => findingItem(f, detailLimit);
  return [
    active.length === 0
      ? section('findings', 'findings', 1, '### Findings\n\nNo finding stands.\n\n')
      : section('findings', 'findings', 1, `### Findings (${active.length})\n\n`, active.map(item), '\n'),
    refuted.length === 0
      ? section('refuted', 'refuted findings', 7, '')
      : section(
          'refuted',
          'refuted findings',
          7,
          detailsOpen(`Refuted findings (${refuted.length})`),
          refuted.map(item),
          '\n</details>\n\n',
        ),
  ];
}

function spendSection(report: FinalVerificationReport): Section {
  const rows = report.usage.workers.map((w) =>
    tableRow([
      escapeInline(w.worker),
      formatCount(w.inputTokens),
      formatCount(w.outputTokens),
      formatCost(w.costUsd, w.costComplete !== false),
    ]),
  );
  const head = `### Spend\n\n${formatRunUsage(report)}\n\n`;
  if (rows.length === 0) return section('spend', 'spend', 0, head, [], '', true);
  const table = tableHead(['worker', 'input tokens', 'output tokens', 'cost']);
  return section('spend', 'spend', 0, `${head}${table}`, rows, '\n', true);
}

function reportSections(report: FinalVerificationReport, opts: FinalReportOptions, detailLimit: number): Section[] {
  const planPath = opts.planPath ?? report.plan.path;
  return [
    headlineSection(report, '##'),
    nextSection(report, opts.how, planPath),
    reasonsSection(report),
    ...findingsSections(report, detailLimit),
    stagesSection(report),
    qaSection(report),
    verifiersSection(report),
    qaOutputSection(report),
    spendSection(report),
  ];
}

/**
 * The final verification report as Markdown: the stored report (no limit) or,
 * with `maxChars`, cut to fit with a note naming what was left out.
 */
export function renderFinalReport(input: FinalVerificationReport, opts: FinalReportOptions): string {
  const report = redactDeep(input);
  const limited = opts.maxChars !== undefined && Number.isFinite(opts.maxChars);
  const sections = reportSections(report, opts, limited ? FINDING_DETAIL_LIMIT : Number.POSITIVE_INFINITY);
  if (!limited) return sections.map(sectionText).join('').trimEnd().concat('\n');
  const fitted = fitWithNotice(
    sections,
    opts.maxChars ?? CHECK_OUTPUT_LIMIT,
    "GitHub's size limit",
    reportPointer(report, opts.reportUrl),
    '',
  );
  return fitted.text;
}

function checkTitle(report: FinalVerificationReport): string {
  const active = report.findings.filter(isActive);
  const blocking = active.filter((f) => f.severity === 'blocking').length;
  const parts = [
    report.verdict.value === 'accepted' ? 'Final verification accepted' : 'Final verification rejected',
    plural(report.git.doneHeads.length, 'stage'),
    `${blocking} blocking, ${active.length - blocking} other`,
    ...(report.verdict.value === 'rejected' && report.verdict.fixStages.length > 0
      ? [`fix ${stageNumbers([...report.verdict.fixStages].sort((a, b) => a - b))}`]
      : []),
  ];
  return clip(plainText(parts.join(' · ')), CHECK_TITLE_LIMIT);
}

/** The summary's list of blocking findings, the first few and a count of the rest. */
function blockingLines(report: FinalVerificationReport): string[] {
  const blocking = sortedFindings(report.findings.filter((f) => isActive(f) && f.severity === 'blocking'));
  const shown = blocking
    .slice(0, SUMMARY_FINDINGS)
    .map(
      (f) =>
        `- ${inlineCode(f.id)} **${escapeInline(clip(f.title, REASON_LIMIT, CUT))}** — ${findingLocation(f)} · ${attributionText(f)}`,
    );
  const more = blocking.length - shown.length;
  if (shown.length === 0) return [];
  return ['', '**Blocking findings:**', ...shown, ...(more > 0 ? [`- … and ${formatCount(more)} more`] : [])];
}

/**
 * The final check (`okstra: <plan> · final`): success exactly when the verdict
 * is accepted. The summary is short (verdict, what to fix, the blocking
 * findings, spend); the text is the whole report, cut to the Checks API's limit.
 */
export function finalCheckOutput(
  input: FinalVerificationReport,
  opts: Partial<Omit<FinalReportOptions, 'maxChars'>> = {},
): FinalCheckOutput {
  const report = redactDeep(input);
  const how = opts.how ?? 'github';
  const planPath = opts.planPath ?? report.plan.path;
  const lines = [
    `**${verdictHeadline(report)}** — ${planName(report)}`,
    '',
    verdictSentence(report),
    '',
    isolationLine(report),
    '',
    sectionText(nextSection(report, how, planPath)).trimEnd(),
    ...blockingLines(report),
    '',
    `**Spend:** ${formatRunUsage(report)}`,
  ];
  return {
    title: checkTitle(report),
    summary: clip(lines.join('\n'), CHECK_OUTPUT_LIMIT, '\n\n… (cut at the limit)\n'),
    text: renderFinalReport(report, { how, planPath, maxChars: CHECK_OUTPUT_LIMIT, reportUrl: opts.reportUrl ?? null }),
    conclusion: report.verdict.value === 'accepted' ? 'success' : 'failure',
  };
}
