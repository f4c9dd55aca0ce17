import { describe, expect, it } from 'vitest';
import { readPlanReports, spendOf } from '../../src/engine/plan-reports.js';
import { finalVerificationSample } from '../helpers/final-verification-sample.js';

describe("a plan's spend", () => {
  it('counts its final verifications, read from their rows, beside its stage runs; a broken final report is named, not counted', async () => {
    const final = finalVerificationSample();
    const row = final.ledgerRow;
    if (!row) throw new Error('the sample has a row');
    const broken = { ...row, run_id: 'final-2', report_path: 'plans/demo/reports/final/final-2.json' };
    const files: Record<string, string> = {
      [row.report_path]: JSON.stringify(final),
      [broken.report_path]: JSON.stringify({ ...final, schema: 'okstra/final-verification-report', verdict: 'nope' }),
    };
    const read = await readPlanReports(async (_c, paths) => paths.map((p) => files[p] ?? null), 'c'.repeat(40), [
      row,
      broken,
    ]);
    expect(read.finals).toHaveLength(1);
    expect(read.unreadable).toEqual([{ path: broken.report_path, problem: 'not a valid final verification report' }]);
    expect(spendOf(read)).toMatchObject({ tokens: 15, runs: 1 });
  });
});
