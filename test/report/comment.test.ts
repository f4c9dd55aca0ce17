import { describe, expect, it } from 'vitest';
import {
  GITHUB_COMMENT_LIMIT,
  isReportComment,
  renderComment,
  reportCommentMarker,
} from '../../src/core/report/index.js';
import { failReport, manyFindingsReport, passReport } from '../fixtures/reports/build.js';
import { leaks, makeHostile } from '../fixtures/reports/hostile.js';

describe('renderComment', () => {
  it('starts with a hidden marker naming plan and stage, so the bot can update it', () => {
    const { body } = renderComment(passReport());
    expect(body.startsWith('<!-- okstra:report plan=rate-limits stage=2 -->\n')).toBe(true);
    expect(isReportComment(body, 'rate-limits', 2)).toBe(true);
    expect(isReportComment(body, 'rate-limits', 3)).toBe(false);
    expect(isReportComment(body, 'rate', 2)).toBe(false);
    expect(reportCommentMarker('p', 12)).toBe('<!-- okstra:report plan=p stage=12 -->');
  });

  it('puts the verdict, the withheld carry and blocking findings before any <details>', () => {
    const { body } = renderComment(failReport());
    const verdict = body.indexOf('❌ FAIL');
    const withheld = body.indexOf('**Carry withheld**');
    const blocking = body.indexOf('Requests over the limit are let through');
    const firstDetails = body.indexOf('<details>');
    expect(verdict).toBeGreaterThan(0);
    expect(withheld).toBeGreaterThan(verdict);
    expect(blocking).toBeGreaterThan(withheld);
    expect(firstDetails).toBeGreaterThan(blocking);
    // The minor finding is in a collapsed section.
    expect(body.indexOf('Refill rate is not validated')).toBeGreaterThan(firstDetails);
  });

  it('cuts nothing and adds no notice when the report fits', () => {
    const { body, cuts } = renderComment(failReport());
    expect(cuts).toEqual([]);
    expect(body).not.toContain('Shortened to fit');
    expect(body).toContain('full report: [the run page](https://github.com/acme/api/actions/runs/123)');
  });

  it('keeps a 2,000-finding report within 65,536 characters, cutting the least important first and saying so', () => {
    const { body, cuts } = renderComment(manyFindingsReport(2000), { fullReportUrl: 'https://example.com/report.md' });
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT - 5000); // the room is used, not wasted
    const cutIds = cuts.map((c) => c.id);
    expect(cutIds).toEqual(expect.arrayContaining(['findings-minor', 'findings-refuted', 'progress']));
    // The QA and verifier tables are small and outrank long finding lists.
    expect(cutIds).not.toContain('qa');
    expect(cutIds).not.toContain('verifiers');
    expect(body).toContain('Shortened to fit GitHub');
    expect(body).toContain('minor and info findings (all 900)');
    expect(body).toContain('[the full report](https://example.com/report.md)');
    // Blocking findings come first and some are shown.
    expect(body).toContain('**Blocking findings (500)**');
    expect(body.endsWith('</sub>\n')).toBe(true);
  });

  it('stays within the limit when single findings are enormous', () => {
    const { body } = renderComment(manyFindingsReport(2000, 'y'.repeat(20_000)));
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body).toContain('… (cut)');
  });

  it('honours a smaller limit', () => {
    const { body, cuts } = renderComment(manyFindingsReport(50), { maxChars: 4000 });
    expect(body.length).toBeLessThanOrEqual(4000);
    expect(cuts.length).toBeGreaterThan(0);
    expect(body).toContain('Left out:');
  });

  it('defuses mentions, HTML and tokens in agent text', () => {
    const { body } = renderComment(makeHostile(failReport()));
    expect(leaks(body)).toEqual([]);
    expect(body).toContain('REDACTED:github-token');
    expect(body).toContain('&lt;script&gt;');
  });
});
