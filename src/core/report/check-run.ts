import type { FinalReport, Finding, FindingSeverity } from './schema/final-report.js';
import type { Cut, Section } from './budget.js';
import { fitSections } from './budget.js';
import { checkRunName } from '../commands/check-name.js';
import type { DetailLimits } from './blocks.js';
import { redactDeep } from '../text/redact.js';
import { plainText } from '../text/escape.js';
import { clip } from '../text/truncate.js';
import {
  convergenceSection,
  errorsSection,
  executorSection,
  failuresSection,
  findingsSection,
  gitSection,
  groupFindings,
  headlineSection,
  progressSection,
  qaOutputSection,
  qaSection,
  rosterSection,
  verifiersSection,
} from './blocks.js';
import { summaryOfRedacted } from './summary.js';
import { fitWithNotice } from './notice.js';
import {
  compareFindings,
  countActiveBySeverity,
  fullReportPointer,
  isActive,
  qaCounts,
  stoppedByBudget,
} from './format.js';

/** The Checks API rejects an `output.summary` or `output.text` longer than this. */
export const CHECK_OUTPUT_LIMIT = 65_535;
/** The Checks API accepts at most this many annotations per request; more need further update requests. */
export const ANNOTATIONS_PER_REQUEST = 50;

const TITLE_LIMIT = 255;
// The API caps a message at 64 KB of UTF-8; 20,000 UTF-16 units never exceed it.
const MESSAGE_LIMIT = 20_000;

export type AnnotationLevel = 'failure' | 'warning' | 'notice';

/** One annotation in the shape the Checks API takes. */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: AnnotationLevel;
  title: string;
  message: string;
}

export interface CheckRunOutput {
  title: string;
  summary: string;
  text?: string;
  annotations: CheckAnnotation[];
}

export interface CheckRunRender {
  name: string;
  /** neutral: a provider could not work; nothing was judged, and the stage may run again. */
  conclusion: 'success' | 'failure' | 'neutral';
  title: string;
  summary: string;
  text: string;
  annotations: CheckAnnotation[];
  /**
   * The `output` of each request to send, in order: the first completes the
   * check run with the text and the first 50 annotations, each later one is
   * an update adding the next 50 (annotations accumulate; title and summary
   * are required on every request).
   */
  requests: Array<{ output: CheckRunOutput }>;
  /** What was cut from `summary` and `text` to fit the limits. */
  cuts: { summary: Cut[]; text: Cut[] };
}

export interface CheckRunOptions {
  fullReportUrl?: string;
}

const LEVEL_BY_SEVERITY: Record<FindingSeverity, AnnotationLevel> = {
  blocking: 'failure',
  major: 'warning',
  minor: 'notice',
  info: 'notice',
};

const TEXT_DETAIL: DetailLimits = {
  findingDetail: 1000,
  reason: 800,
  outputLines: 60,
  outputChars: 6000,
  summary: 4000,
};
// The summary is what a person sees first on the check: each failed worker's reason and the last few lines of its stderr.
const SUMMARY_FAILURE_DETAIL: DetailLimits = {
  findingDetail: 0,
  reason: 600,
  outputLines: 8,
  outputChars: 1200,
  summary: 0,
};
/** Room the failures may take in the summary; the text keeps every one of them in full. */
const SUMMARY_FAILURES_CHARS = 12_000;

/** Repository-relative form of a cited path: `/` separators, no leading `./`. Null when it cannot be one. */
export function annotationPath(file: string): string | null {
  const path = file.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
  if (path === '' || path.startsWith('/') || path.split('/').includes('..')) return null;
  return path;
}

/** Annotations for the findings that cite a file and a line; refuted findings are not annotated. */
export function findingAnnotations(findings: readonly Finding[]): CheckAnnotation[] {
  const out: CheckAnnotation[] = [];
  for (const f of [...findings].sort(compareFindings)) {
    if (!isActive(f) || f.file === null || f.line === null) continue;
    const path = annotationPath(f.file);
    if (path === null) continue;
    const detail = plainText(f.detail).trim();
    out.push({
      path,
      start_line: f.line,
      end_line: f.endLine !== null && f.endLine >= f.line ? f.endLine : f.line,
      annotation_level: LEVEL_BY_SEVERITY[f.severity],
      title: clip(plainText(`[${f.severity}] ${f.id}: ${f.title}`).replace(/\s+/g, ' '), TITLE_LIMIT),
      message: clip(
        `${detail === '' ? plainText(f.title) : detail}\n\nRaised by ${f.raisedBy}${f.confirmedBy.length > 0 ? `; confirmed by ${f.confirmedBy.join(', ')}` : ''}.`,
        MESSAGE_LIMIT,
      ),
    });
  }
  return out;
}

export function batchAnnotations<T>(annotations: readonly T[], size = ANNOTATIONS_PER_REQUEST): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < annotations.length; i += size) batches.push(annotations.slice(i, i + size));
  return batches;
}

/**
 * Whether "Re-run all checks" runs a completed stage check again: it
 * failed, timed out, or ended neutral because a provider was out (an outage
 * is retryable); a neutral check that was only not its stage's turn is not.
 */
export function isRerunnableCheck(check: { conclusion: string | null; title: string | null }): boolean {
  if (check.conclusion === 'failure' || check.conclusion === 'timed_out') return true;
  return check.conclusion === 'neutral' && (check.title ?? '').startsWith(UNAVAILABLE_TITLE);
}

/** success on PASS; neutral when a provider's outage, not the work, kept the stage from a verdict; failure otherwise. */
export function checkConclusion(report: Pick<FinalReport, 'verdict'>): CheckRunRender['conclusion'] {
  if (report.verdict.runStatus === 'unavailable') return 'neutral';
  return report.verdict.value === 'PASS' && report.verdict.runStatus === 'passed' ? 'success' : 'failure';
}

/** How an outage's check title starts: "Re-run all" reads it back to tell an outage from a stage that was only not its turn (both neutral). */
export const UNAVAILABLE_TITLE = 'Provider unavailable';

/** `FAIL — 2 blocking, 1 major, 0 minor, 3 info · QA 3/4`; an outage's title is its reason: the provider's error. */
export function checkTitle(report: FinalReport): string {
  if (report.verdict.runStatus === 'unavailable')
    return clip(`${UNAVAILABLE_TITLE} — ${report.verdict.reasons.join('; ')}`, TITLE_LIMIT);
  const c = countActiveBySeverity(report.findings);
  const qa = qaCounts(report);
  const { value, runStatus } = report.verdict;
  const status =
    runStatus === 'contract-violated' || runStatus === 'error'
      ? ` (${runStatus})`
      : value === 'FAIL' && stoppedByBudget(report)
        ? ' (budget exceeded)'
        : '';
  return clip(
    `${report.verdict.value}${status} — ${c.blocking} blocking, ${c.major} major, ${c.minor} minor, ${c.info} info · QA ${qa.passed}/${qa.total}`,
    TITLE_LIMIT,
  );
}

/**
 * Everything the bot needs to complete a stage's check run: a failing
 * conclusion for anything but PASS, the summary and details within the
 * output limits, and the annotations already batched per request.
 */
export function renderCheckRun(input: FinalReport, opts: CheckRunOptions = {}): CheckRunRender {
  const report = redactDeep(input);
  const pointer = fullReportPointer(report, opts.fullReportUrl);
  const summary = summaryWithFailures(report, opts.fullReportUrl);
  const groups = groupFindings(report.findings);
  const sections: Section[] = [
    errorsSection(report, 1, TEXT_DETAIL),
    failuresSection(report, 1, TEXT_DETAIL),
    qaSection(report, 2, false),
    qaOutputSection(report, 3, TEXT_DETAIL, true),
    verifiersSection(report, 2, false),
    findingsSection('minor', groups, 4, TEXT_DETAIL, false),
    findingsSection('refuted', groups, 6, TEXT_DETAIL, true),
    executorSection(report, 5, TEXT_DETAIL),
    convergenceSection(report, 2),
    gitSection(report, 5),
    rosterSection(report, 7),
    progressSection(report, 8),
  ];
  const text = fitWithNotice(sections, CHECK_OUTPUT_LIMIT, 'the check-run text limit', pointer, '');
  const title = checkTitle(report);
  const annotations = findingAnnotations(report.findings);
  const batches = batchAnnotations(annotations);
  const requests = (batches.length > 0 ? batches : [[]]).map((batch, i) => ({
    output:
      i === 0
        ? { title, summary: summary.markdown, text: text.text, annotations: batch }
        : { title, summary: summary.markdown, annotations: batch },
  }));
  return {
    name: checkRunName(report.plan.id, report.stage.number),
    conclusion: checkConclusion(report),
    title,
    summary: summary.markdown,
    text: text.text,
    annotations,
    requests,
    cuts: { summary: summary.cuts, text: text.cuts },
  };
}

/**
 * The check run's summary: the short report with the workers that produced
 * no result (reason, upstream error, end of stderr) right under its headline,
 * where a person reads first. The failures are fitted into a bounded room of
 * their own, so together they stay within the output limit.
 */
function summaryWithFailures(
  report: FinalReport,
  fullReportUrl: string | undefined,
): { markdown: string; cuts: Cut[] } {
  const failures = fitSections([failuresSection(report, 0, SUMMARY_FAILURE_DETAIL)], SUMMARY_FAILURES_CHARS);
  const block =
    failures.text === '' ? '' : `${failures.text}${failures.cuts.length > 0 ? '_More in the details below._\n\n' : ''}`;
  const summary = summaryOfRedacted(report, {
    maxChars: CHECK_OUTPUT_LIMIT - block.length,
    ...(fullReportUrl ? { fullReportUrl } : {}),
  });
  if (block === '') return summary;
  const headline = headlineSection(report, '###').head;
  const markdown = summary.markdown.startsWith(headline)
    ? `${headline}${block}${summary.markdown.slice(headline.length)}`
    : `${block}${summary.markdown}`;
  return { markdown, cuts: [...failures.cuts, ...summary.cuts] };
}
