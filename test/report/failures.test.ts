/**
 * Why a worker failed, on every surface: the report field (schema), the
 * builder the engine uses, the Markdown, the check-run text and the CLI lines.
 */
import { describe, expect, it } from 'vitest';
import {
  checkFinalReport,
  failedWorkers,
  renderCheckRun,
  renderMarkdown,
  workerFailure,
  type FinalReport,
} from '../../src/core/report/index.js';
import { failureLines } from '../../src/cli/commands/run.js';
import { failReport } from '../fixtures/reports/build.js';

/** The FAIL fixture with a crashed verifier, a silent critic and a re-verify session that errored. */
function withFailures(): FinalReport {
  const report = failReport();
  const v = report.verifiers[0];
  if (!v) throw new Error('the FAIL fixture has verifiers');
  Object.assign(v, {
    status: 'error',
    verdict: null,
    findings: [],
    upstreamError: { status: 500, message: 'internal server error' },
    failure: {
      reason: 'claude exited with code 1: API Error: 500',
      stderrTail: 'retrying…\nAPI Error: 500 `internal` @octocat',
    },
  });
  report.convergence = {
    ...report.convergence,
    failures: [
      {
        worker: 'Gemini worker',
        findingId: 'F2',
        status: 'timeout',
        failure: { reason: 'gemini did not finish within 1 min; its process tree was killed', stderrTail: '' },
      },
    ],
  };
  return report;
}

describe('workerFailure', () => {
  it('is absent for a worker that finished', () => {
    expect(workerFailure('done', { errorMessage: 'ignored', stderrTail: 'noise' })).toEqual({});
  });

  it("prefers okstra's own account, then the CLI's exit reason, then a reason per status", () => {
    expect(
      workerFailure(
        'contract-violated',
        { errorMessage: 'exit 0', stderrTail: '' },
        'its result could not be used: no heading',
      ),
    ).toEqual({ failure: { reason: 'its result could not be used: no heading', stderrTail: '' } });
    expect(workerFailure('error', { errorMessage: 'codex exited with code 2', stderrTail: 'boom\n' })).toEqual({
      failure: { reason: 'codex exited with code 2', stderrTail: 'boom' },
    });
    expect(workerFailure('error', { errorMessage: '   ', stderrTail: '' }).failure?.reason).toBe(
      'the worker ended with an error and gave no reason',
    );
    expect(workerFailure('timeout', { stderrTail: '' }).failure?.reason).toBe(
      'the worker did not finish within its timeout',
    );
    expect(workerFailure('budget-exceeded', { stderrTail: '' }).failure?.reason).toMatch(/budget/);
    expect(workerFailure('contract-violated', { stderrTail: '' }).failure?.reason).toBe(
      'the worker broke its output contract',
    );
  });

  it('keeps only the end of a long stderr', () => {
    const stderr = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    const kept = workerFailure('error', { errorMessage: 'x', stderrTail: stderr }).failure?.stderrTail ?? '';
    expect(kept).toContain('line 499');
    expect(kept).not.toContain('line 10\n');
    expect(kept.length).toBeLessThanOrEqual(4200);
  });
});

describe('the failure fields in the report', () => {
  it('validate against the schema, and are optional (older reports stay valid)', () => {
    expect(checkFinalReport(withFailures())).toMatchObject({ ok: true });
    expect(checkFinalReport(failReport())).toMatchObject({ ok: true });
  });

  it('refuse a blank reason or an unknown key', () => {
    const blank = withFailures();
    Object.assign(blank.verifiers[0] ?? {}, { failure: { reason: '  ', stderrTail: '' } });
    expect(checkFinalReport(blank)).toMatchObject({ ok: false });
    const extra = withFailures();
    Object.assign(extra.verifiers[0] ?? {}, { failure: { reason: 'x', stderrTail: '', exitCode: 1 } });
    expect(checkFinalReport(extra)).toMatchObject({ ok: false });
  });

  it('failedWorkers lists executor, verifiers, re-verify sessions and the critic in that order, only those with a failure', () => {
    const report = withFailures();
    report.critic = {
      worker: 'Claude worker',
      status: 'error',
      gaps: 0,
      findings: [],
      evidenceRead: [],
      usage: null,
      durationMs: 5,
      failure: { reason: 'critic crashed', stderrTail: 'segfault' },
    };
    expect(failedWorkers(report).map((w) => [w.worker, w.role, w.status])).toEqual([
      ['Claude worker', 'verifier', 'error'],
      ['Gemini worker', 'reverify', 'timeout'],
      ['Claude worker', 'critic', 'error'],
    ]);
    expect(failedWorkers(failReport())).toEqual([]);
  });
});

describe('rendered', () => {
  it('the Markdown lists each worker without a result with its status, upstream error, reason and stderr in a code block', () => {
    const md = renderMarkdown(withFailures()).markdown;
    expect(md).toContain('**Workers without a result (2)**');
    expect(md).toContain(
      '- **Claude worker** (verifier) — error (upstream 500: internal server error): claude exited with code 1: API Error: 500',
    );
    expect(md).toContain(
      '- **Gemini worker** (re-verify of `F2`) — timeout: gemini did not finish within 1 min; its process tree was killed',
    );
    expect(md).toContain('_No stderr output._');
    // Agent text stays inside a fence: the backticks and the mention cannot break out or notify anyone.
    expect(md).toMatch(
      /<summary>last lines of stderr<\/summary>\n\n {2}(`{3,})\n {2}retrying…\n {2}API Error: 500 `internal` @octocat\n {2}\1\n/,
    );
  });

  it('the Markdown has no such section when every worker answered', () => {
    expect(renderMarkdown(failReport()).markdown).not.toContain('Workers without a result');
  });

  it('the check-run text carries the same list', () => {
    const { text } = renderCheckRun(withFailures());
    expect(text).toContain('**Workers without a result (2)**');
    expect(text).toContain('claude exited with code 1: API Error: 500');
    expect(text).toContain('API Error: 500 `internal` @octocat');
  });

  it('a secret in a stderr tail is redacted in every format', () => {
    const report = withFailures();
    const token = `ghp_${'A1b2C3d4'.repeat(5)}`;
    Object.assign(report.verifiers[0] ?? {}, {
      failure: { reason: 'exited 1', stderrTail: `auth failed for ${token}` },
    });
    expect(renderMarkdown(report).markdown).not.toContain(token);
    expect(renderCheckRun(report).text).not.toContain(token);
  });

  it('the CLI prints one line per worker and the end of its stderr indented under it', () => {
    expect(failureLines(withFailures())).toEqual([
      '  ! Claude worker (verifier) error (upstream 500: internal server error): claude exited with code 1: API Error: 500',
      '      | retrying…',
      '      | API Error: 500 `internal` @octocat',
      '  ! Gemini worker (re-verify of F2) timeout: gemini did not finish within 1 min; its process tree was killed',
    ]);
    expect(failureLines(failReport())).toEqual([]);
  });

  it('the CLI shows at most the last 10 stderr lines', () => {
    const report = withFailures();
    Object.assign(report.verifiers[0] ?? {}, {
      failure: { reason: 'x', stderrTail: Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n') },
    });
    const lines = failureLines(report).filter((l) => l.startsWith('      | '));
    expect(lines).toEqual(Array.from({ length: 10 }, (_, i) => `      | l${20 + i}`));
  });
});
