import { fallbacksSection } from './fallbacks.js';
import type { FinalReport } from './schema/final-report.js';
import type { Cut, Section } from './budget.js';
import type { DetailLimits } from './blocks.js';
import { redactDeep } from '../text/redact.js';
import {
  budgetSection,
  findingsSection,
  groupFindings,
  headlineSection,
  isolationSection,
  queueSection,
  reasonsSection,
  sidecarSection,
  textSection,
  workerUsageSection,
} from './blocks.js';
import { fitWithNotice } from './notice.js';
import { errorAnalysisSection, evidenceSection } from './evidence-block.js';
import { singleVendorSection } from './vendors.js';
import {
  countActiveBySeverity,
  formatRunUsage,
  fullReportPointer,
  qaOutcomeText,
  severityCountsText,
} from './format.js';

export interface SummaryOptions {
  /** Upper bound in UTF-16 code units; the default suits a check run's `summary` (65,535). */
  maxChars?: number;
  fullReportUrl?: string;
}

export interface RenderedSummary {
  markdown: string;
  cuts: Cut[];
}

export const SUMMARY_DETAIL: DetailLimits = {
  findingDetail: 600,
  reason: 500,
  outputLines: 20,
  outputChars: 2000,
  summary: 1000,
};

/** What every Markdown format opens with: the verdict, what the run could not do (isolation, vendors, fallbacks), and why. */
export function verdictSections(report: FinalReport, heading: '##' | '###', limits: DetailLimits): Section[] {
  return [
    headlineSection(report, heading),
    isolationSection(report),
    singleVendorSection(report),
    fallbacksSection(report),
    reasonsSection(report, limits),
  ];
}

/** The facts a reader wants in one glance, as one line. */
export function countsLine(report: FinalReport): string {
  const verifiers = report.verifiers.map((v) => v.verdict ?? v.status);
  return [
    `**Findings:** ${severityCountsText(countActiveBySeverity(report.findings))}`,
    `**QA:** ${qaOutcomeText(report)}`,
    `**Verifiers:** ${verifiers.length > 0 ? verifiers.join(', ') : 'none'}`,
    `**Usage:** ${formatRunUsage(report)}`,
  ].join(' · ');
}

/**
 * A short report: verdict, why, the carry outcome, counts, and the blocking
 * and major findings. The check run's `summary` and `okstra report render
 * --format summary` use it.
 */
export function renderSummary(input: FinalReport, opts: SummaryOptions = {}): RenderedSummary {
  return summaryOfRedacted(redactDeep(input), opts);
}

/** `renderSummary` for a report that was already redacted (the check run renders both from one redaction). */
export function summaryOfRedacted(report: FinalReport, opts: SummaryOptions = {}): RenderedSummary {
  const groups = groupFindings(report.findings);
  const sections: Section[] = [
    ...verdictSections(report, '###', SUMMARY_DETAIL),
    evidenceSection(report, 1),
    errorAnalysisSection(report, 1),
    budgetSection(report),
    sidecarSection(report, SUMMARY_DETAIL),
    textSection('counts', `${countsLine(report)}\n\n`, { required: true }),
    queueSection(report, 1),
    workerUsageSection(report, 3),
    findingsSection('blocking', groups, 1, SUMMARY_DETAIL, false),
    findingsSection('major', groups, 2, SUMMARY_DETAIL, false),
  ];
  const pointer = fullReportPointer(report, opts.fullReportUrl);
  const fitted = fitWithNotice(sections, opts.maxChars ?? 65_535, 'the summary limit', pointer, '');
  return { markdown: fitted.text, cuts: fitted.cuts };
}
