import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, type FinalReport } from '../../src/core/report/index.js';
import { failReport, manyFindingsReport, passReport } from '../fixtures/reports/build.js';
import { leaks, makeHostile } from '../fixtures/reports/hostile.js';

function example(name: string): FinalReport {
  return JSON.parse(
    readFileSync(new URL(`../../examples/reports/${name}.json`, import.meta.url), 'utf8'),
  ) as FinalReport;
}

describe('renderMarkdown', () => {
  it('shows a PASS with the carry path and every section of the run', () => {
    const { markdown, cuts } = renderMarkdown(passReport());
    expect(cuts).toEqual([]);
    expect(markdown.startsWith('## ✅ PASS — `rate-limits` · stage 2: Token bucket limiter\n')).toBe(true);
    for (const part of [
      '**Carry written** to `plans/rate-limits/carry/stage-2.json`.',
      '**QA commands (2/2 passed)**',
      '| ✅ | plan | unit tests | `npm test -- limits` | 0 | 9s |',
      '**Verifiers (2: PASS, PASS)**',
      'Executor: Codex worker — done',
      // Two workers reported no cost, so the $0.61 of the third is a lower bound.
      'Roster and usage (total 260,000 in / 25,000 out · ≥ $0.61 (cost unknown for Codex worker, Gemini worker))',
      'Stage Carry Evidence JSON',
      'Ledger row (done)',
      'Progress checkpoints (10)',
      'PROGRESS: phase-4-dispatch worker=Codex worker model=gpt-5.5',
      'okstra final report · schema v1 · run `run-20260301-0002`',
    ]) {
      expect(markdown).toContain(part);
    }
  });

  it('states a withheld carry and the remaining queue of a FAIL', () => {
    const { markdown } = renderMarkdown(failReport());
    expect(markdown).toContain(
      '**Carry withheld** — `carry/stage-2.json` was not written: Verdict FAIL: blocking finding F2 is confirmed',
    );
    expect(markdown).toContain('**Remaining queue:** stage 3, stage 4.');
    expect(markdown).toContain(
      '- **blocking** (confirmed) · `F2` · **Requests over the limit are let through** — `src/server/pipeline.ts:41`',
    );
  });

  it('labels a contract violation and shows run errors', () => {
    const { markdown } = renderMarkdown(example('contract-violated'));
    expect(markdown).toContain('⚠️ FAIL (contract violated)');
    expect(markdown).toContain('**Run errors (1)**');
    expect(markdown).toContain('**Verifiers:** none ran.');
  });

  it('renders every finding of a large report when no limit is given', () => {
    const { markdown, cuts } = renderMarkdown(manyFindingsReport(2000));
    expect(cuts).toEqual([]);
    expect(markdown).toContain('`F2000`');
    expect(markdown).toContain('Refuted findings (200)');
  });

  it('fits a limit when one is given (job summaries take at most 1 MiB)', () => {
    const { markdown, cuts } = renderMarkdown(manyFindingsReport(2000), {
      maxChars: 100_000,
      fullReportUrl: 'https://example.com/r',
    });
    expect(markdown.length).toBeLessThanOrEqual(100_000);
    expect(cuts.length).toBeGreaterThan(0);
    expect(markdown).toContain('[the full report](https://example.com/r)');
  });

  it('defuses mentions, HTML and secrets in agent text', () => {
    const { markdown } = renderMarkdown(makeHostile(failReport()));
    expect(leaks(markdown)).toEqual([]);
    expect(markdown).toContain('\\# Heading injection');
    // The QA output holds a ``` line, so its fence must be longer.
    expect(markdown).toContain('````\n');
  });
});
