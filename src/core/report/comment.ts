import type { FinalReport } from './schema/final-report.js';
import type { Cut, Section } from './budget.js';
import type { DetailLimits } from './blocks.js';
import { redactDeep } from '../text/redact.js';
import { inlineCode } from '../text/escape.js';
import {
  budgetSection,
  convergenceSection,
  errorsSection,
  executorSection,
  findingsSection,
  gitSection,
  groupFindings,
  progressSection,
  qaOutputSection,
  qaSection,
  queueSection,
  rosterSection,
  sidecarSection,
  textSection,
  verifiersSection,
  workerUsageSection,
} from './blocks.js';
import { countsLine, verdictSections } from './summary.js';
import { fitWithNotice } from './notice.js';
import { fullReportPointer } from './format.js';

/** GitHub rejects issue and PR comment bodies longer than this. */
export const GITHUB_COMMENT_LIMIT = 65_536;

const COMMENT_DETAIL: DetailLimits = {
  findingDetail: 1500,
  reason: 800,
  outputLines: 40,
  outputChars: 4000,
  summary: 2000,
};

/**
 * The hidden first line of a report comment. The bot looks for it to update
 * its comment for this plan and stage instead of adding another one.
 */
export function reportCommentMarker(planId: string, stage: number): string {
  return `<!-- okstra:report plan=${planId} stage=${stage} -->`;
}

/** Whether a comment body is the sticky report comment for this plan and stage. */
export function isReportComment(body: string, planId: string, stage: number): boolean {
  return body.startsWith(reportCommentMarker(planId, stage));
}

export interface CommentOptions {
  fullReportUrl?: string;
  /** Defaults to GitHub's limit; tests use smaller values. */
  maxChars?: number;
}

export interface RenderedComment {
  body: string;
  cuts: Cut[];
}

/**
 * The PR comment: verdict, reasons and blocking findings up front; the rest in
 * `<details>`. When the whole does not fit GitHub's limit the least important
 * parts go first (progress, roster, refuted and minor findings, …) and a
 * notice says what was cut and where the full report is.
 */
export function renderComment(input: FinalReport, opts: CommentOptions = {}): RenderedComment {
  const report = redactDeep(input);
  const groups = groupFindings(report.findings);
  const marker = reportCommentMarker(report.plan.id, report.stage.number);
  const sections: Section[] = [
    textSection('marker', `${marker}\n`, { required: true }),
    ...verdictSections(report, '###', COMMENT_DETAIL),
    budgetSection(report),
    sidecarSection(report, COMMENT_DETAIL),
    textSection('counts', `${countsLine(report)}\n\n`, { required: true }),
    queueSection(report, 1),
    workerUsageSection(report, 3),
    errorsSection(report, 1, COMMENT_DETAIL),
    // Display order puts findings first; priority keeps the small, telling tables ahead of long finding lists.
    findingsSection('blocking', groups, 3, COMMENT_DETAIL, false),
    findingsSection('major', groups, 4, COMMENT_DETAIL, false),
    qaSection(report, 2, true),
    qaOutputSection(report, 5, COMMENT_DETAIL, true),
    verifiersSection(report, 2, true),
    findingsSection('minor', groups, 6, COMMENT_DETAIL, true),
    findingsSection('refuted', groups, 8, COMMENT_DETAIL, true),
    executorSection(report, 7, COMMENT_DETAIL),
    convergenceSection(report, 2),
    gitSection(report, 7),
    rosterSection(report, 8),
    progressSection(report, 9),
  ];
  const pointer = fullReportPointer(report, opts.fullReportUrl);
  const footer = `<sub>okstra · run ${inlineCode(report.run.id)} · full report: ${pointer}</sub>\n`;
  const limit = opts.maxChars ?? GITHUB_COMMENT_LIMIT;
  const fitted = fitWithNotice(
    sections,
    limit,
    `GitHub's ${limit.toLocaleString('en-US')}-character comment limit`,
    pointer,
    footer,
  );
  return { body: fitted.text, cuts: fitted.cuts };
}
