import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../src/core/report/index.js';
import { failReport, manyFindingsReport, passReport } from '../fixtures/reports/build.js';
import { leaks, makeHostile } from '../fixtures/reports/hostile.js';

describe('renderSummary', () => {
  it('gives verdict, reasons, carry outcome and counts in a few lines', () => {
    const { markdown } = renderSummary(passReport());
    expect(markdown).toContain('### ✅ PASS');
    expect(markdown).toContain('- Both verifiers returned PASS; no blocking finding.');
    expect(markdown).toContain(
      '**Findings:** 0 blocking, 0 major, 1 minor, 0 info · **QA:** 2/2 passed · **Verifiers:** PASS, PASS',
    );
    // Minor findings are counted, not listed.
    expect(markdown).not.toContain('Refill rate is not validated');
  });

  it('lists blocking findings of a FAIL', () => {
    expect(renderSummary(failReport()).markdown).toContain('**Blocking findings (1)**');
  });

  it('fits a 2,000-finding report in the check-run summary limit by default', () => {
    const { markdown, cuts } = renderSummary(manyFindingsReport(2000));
    expect(markdown.length).toBeLessThanOrEqual(65_535);
    expect(cuts.map((c) => c.id)).toContain('findings-major');
  });

  it('defuses agent text', () => {
    expect(leaks(renderSummary(makeHostile(failReport())).markdown)).toEqual([]);
  });
});
