import type { FinalReport } from './schema/final-report.js';
import type { Cut, Section } from './budget.js';
import { redactDeep } from '../text/redact.js';
import { inlineCode } from '../text/escape.js';
import {
  FULL_DETAIL,
  budgetSection,
  carryJsonSection,
  convergenceSection,
  errorsSection,
  executorSection,
  failuresSection,
  findingsSection,
  gitSection,
  groupFindings,
  ledgerRowSection,
  progressSection,
  qaOutputSection,
  qaSection,
  queueSection,
  requestsSection,
  rosterSection,
  sidecarSection,
  verifiersSection,
} from './blocks.js';
import { verdictSections } from './summary.js';
import { fitWithNotice } from './notice.js';
import { errorAnalysisSection, evidenceSection } from './evidence-block.js';
import { fullReportPointer } from './format.js';

export interface MarkdownOptions {
  /**
   * Upper bound in UTF-16 code units, for places with a size limit (a job
   * summary takes at most 1 MiB). Without it nothing is cut.
   */
  maxChars?: number;
  /** Where the unabridged report can be read, named in the notice when something is cut. */
  fullReportUrl?: string;
}

export interface RenderedMarkdown {
  markdown: string;
  cuts: Cut[];
}

/**
 * The full Markdown report: the file stored beside the ledger and the job
 * summary. Everything in the report appears, in the order a reviewer reads:
 * verdict, why, findings, evidence, then the run's bookkeeping.
 */
export function renderMarkdown(input: FinalReport, opts: MarkdownOptions = {}): RenderedMarkdown {
  const report = redactDeep(input);
  const groups = groupFindings(report.findings);
  const sections: Section[] = [
    ...verdictSections(report, '##', FULL_DETAIL),
    evidenceSection(report, 1),
    errorAnalysisSection(report, 1),
    budgetSection(report),
    sidecarSection(report, FULL_DETAIL),
    queueSection(report, 1),
    errorsSection(report, 1, FULL_DETAIL),
    failuresSection(report, 1, FULL_DETAIL),
    findingsSection('blocking', groups, 3, FULL_DETAIL, false),
    findingsSection('major', groups, 4, FULL_DETAIL, false),
    findingsSection('minor', groups, 6, FULL_DETAIL, false),
    findingsSection('refuted', groups, 7, FULL_DETAIL, true),
    qaSection(report, 2, false),
    qaOutputSection(report, 7, FULL_DETAIL, false),
    verifiersSection(report, 2, false),
    executorSection(report, 5, FULL_DETAIL),
    convergenceSection(report, 2),
    gitSection(report, 5),
    rosterSection(report, 7),
    carryJsonSection(report, 8),
    ledgerRowSection(report, 8),
    requestsSection(report, 9),
    progressSection(report, 9),
  ];
  const footer = `---\n<sub>okstra final report · schema v${report.schemaVersion} · run ${inlineCode(report.run.id)} · finished ${report.run.finishedAt}</sub>\n`;
  const fitted = fitWithNotice(
    sections,
    opts.maxChars ?? Number.POSITIVE_INFINITY,
    'the size limit',
    fullReportPointer(report, opts.fullReportUrl),
    footer,
  );
  return { markdown: fitted.text, cuts: fitted.cuts };
}
