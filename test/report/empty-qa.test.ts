import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderSummary, type FinalReport } from '../../src/core/report/index.js';
import { synthesizeVerdict } from '../../src/core/verdict/index.js';
import { passReport } from '../fixtures/reports/build.js';

/** A PASS report whose stage ran no QA command (no plan validation, no configured qaCommands). */
function noQaReport(): FinalReport {
  return { ...passReport(), qa: [] };
}

const ALL_PASSED = /every QA command passed|all (?:QA )?(?:commands )?passed|0\/0 passed/i;

describe('a stage whose QA list is empty', () => {
  it('has a verdict reason that says no QA command ran', () => {
    const verdict = synthesizeVerdict({
      executorStatus: 'done',
      executorWorker: 'Codex worker',
      contractViolations: [],
      qa: [],
      verifiers: [{ worker: 'Claude worker', status: 'done', verdict: 'PASS' }],
      findings: [],
    });
    expect(verdict).toEqual({
      value: 'PASS',
      runStatus: 'passed',
      reasons: ['no QA command ran, 1 verifier(s) answered and no blocking finding stands'],
    });
  });

  it('still says every QA command passed when there were some and they passed', () => {
    const verdict = synthesizeVerdict({
      executorStatus: 'done',
      contractViolations: [],
      qa: [{ label: '', cmd: 'npm test', passed: true, exitCode: 0 }],
      verifiers: [{ worker: 'Claude worker', status: 'done', verdict: 'PASS' }],
      findings: [],
    });
    expect(verdict.reasons).toEqual(['every QA command passed, 1 verifier(s) answered and no blocking finding stands']);
  });

  it('renders "no QA command ran" in the full report and the summary, never an all-passed wording', () => {
    const report = noQaReport();
    const { markdown } = renderMarkdown(report);
    expect(markdown).toContain('**QA commands (no QA command ran)**');
    expect(markdown).not.toMatch(ALL_PASSED);
    const summary = renderSummary(report).markdown;
    expect(summary).toContain('**QA:** no QA command ran');
    expect(summary).not.toMatch(ALL_PASSED);
  });

  it('keeps the counts when QA commands ran', () => {
    expect(renderMarkdown(passReport()).markdown).toContain('**QA commands (2/2 passed)**');
    expect(renderSummary(passReport()).markdown).toContain('**QA:** 2/2 passed');
  });
});
