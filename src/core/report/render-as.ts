import { renderCheckRun } from './check-run.js';
import { renderComment } from './comment.js';
import { renderMarkdown } from './markdown.js';
import type { FinalReport } from './schema/final-report.js';
import { renderSummary } from './summary.js';

/** The shapes `okstra report render` writes a final report in: one per place okstra shows it. */
export const RENDER_FORMATS = ['markdown', 'comment', 'check-json', 'summary'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

/** The report in one format; `fullReportUrl` is linked where a format cuts something. */
export function renderReportAs(report: FinalReport, format: RenderFormat, fullReportUrl?: string): string {
  const link = fullReportUrl ? { fullReportUrl } : {};
  switch (format) {
    case 'markdown':
      return renderMarkdown(report, link).markdown;
    case 'comment':
      return renderComment(report, link).body;
    case 'check-json':
      return JSON.stringify(renderCheckRun(report, link), null, 2);
    case 'summary':
      return renderSummary(report, link).markdown;
  }
}
