import { describe, expect, it } from 'vitest';
import { validatePlanReviewReport } from '../../src/core/report/validate-schema.js';
import { PlanReviewReportSchema } from '../../src/core/report/schema/plan-review-report.js';
import { planReviewReport } from './report-fixture.js';

describe('plan-review report schema', () => {
  it('accepts a full report, and zod agrees with the precompiled validator', () => {
    const report = planReviewReport();
    expect(validatePlanReviewReport(report)).toEqual({ ok: true, value: report });
    expect(PlanReviewReportSchema.safeParse(report).success).toBe(true);
  });

  it('accepts an invalid outcome with no plan delivered', () => {
    const report = planReviewReport({
      plan: { id: 'add-login', path: '.okstra/plans/add-login.md', title: null, blob: null },
      outcome: 'invalid',
      reason: 'the draft still has 2 errors after 2 repair rounds',
      stages: [],
      standingFindings: [],
      source: { kind: 'cli', issue: null, url: null },
    });
    expect(validatePlanReviewReport(report).ok).toBe(true);
  });

  it('refuses a broken report with the path of each problem', () => {
    const report = planReviewReport();
    const broken = {
      ...report,
      outcome: 'maybe',
      rounds: [{ ...report.rounds[0], kind: 'guess' }],
      standingFindings: [{ ...report.standingFindings[0], reviewer: undefined }],
      plan: { ...report.plan, blob: 'not-a-sha' },
    };
    const checked = validatePlanReviewReport(JSON.parse(JSON.stringify(broken)));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const pointers = checked.problems.map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/outcome', '/rounds/0/kind', '/standingFindings/0', '/plan/blob']),
    );
    expect(checked.problems.find((p) => p.pointer === '/standingFindings/0')?.message).toBe(
      'missing property "reviewer"',
    );
  });

  it('refuses an unknown key and a wrong schema name', () => {
    const checked = validatePlanReviewReport({ ...planReviewReport(), schema: 'okstra/final-report', extra: 1 });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        { pointer: '/schema', message: 'must be "okstra/plan-review-report"' },
        { pointer: '', message: 'unexpected property "extra"' },
      ]),
    );
  });

  it('refuses a verdict outside approve/revise and an over-long finding detail', () => {
    const report = planReviewReport();
    const round = report.rounds[1];
    const review = round?.reviews[0];
    if (!round || !review) throw new Error('the fixture has a reviewed second round');
    const broken = {
      ...report,
      rounds: [
        report.rounds[0],
        {
          ...round,
          reviews: [{ ...review, verdict: 'PASS', findings: [{ ...review.findings[0], detail: 'x'.repeat(4001) }] }],
        },
      ],
    };
    const checked = validatePlanReviewReport(broken);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const pointers = checked.problems.map((p) => p.pointer);
    expect(pointers).toContain('/rounds/1/reviews/0/verdict');
    expect(pointers).toContain('/rounds/1/reviews/0/findings/0/detail');
  });
});
