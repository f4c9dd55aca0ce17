import { describe, expect, it } from 'vitest';
import passReport from '../../examples/reports/pass.json' with { type: 'json' };
import {
  checkFinalReport,
  renderCheckRun,
  renderComment,
  renderMarkdown,
  renderSummary,
  type FinalReport,
} from '../../src/core/report/index.js';
import { RENDER_FORMATS, renderReportAs, type RenderFormat } from '../../src/core/report/render-as.js';

const checked = checkFinalReport(passReport);
if (!checked.ok) throw new Error('examples/reports/pass.json no longer matches the schema');
const report: FinalReport = checked.value;
const url = 'https://example.test/full';

/** What each format must be: the renderer of the place it is for, with the link when one is given. */
const EXPECTED: Record<RenderFormat, (link: { fullReportUrl?: string }) => string> = {
  markdown: (link) => renderMarkdown(report, link).markdown,
  comment: (link) => renderComment(report, link).body,
  'check-json': (link) => JSON.stringify(renderCheckRun(report, link), null, 2),
  summary: (link) => renderSummary(report, link).markdown,
};

describe('renderReportAs', () => {
  it('gives each format the renderer of the place it is for, with or without the full report link', () => {
    for (const format of RENDER_FORMATS) {
      expect(renderReportAs(report, format), format).toBe(EXPECTED[format]({}));
      expect(renderReportAs(report, format, url), format).toBe(EXPECTED[format]({ fullReportUrl: url }));
    }
  });

  it('links the full report when a format cuts it short', () => {
    expect(renderReportAs(report, 'comment', url)).not.toBe(renderReportAs(report, 'comment'));
  });
});
