/**
 * The reason of a failure where a person looks: the one meaningful line of a
 * process's stderr, the failed ledger row's one-line detail and the check
 * run's summary.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_OUTPUT_LIMIT, renderCheckRun, type FinalReport } from '../../src/core/report/index.js';
import { failureDetail, LEDGER_DETAIL_CHARS, meaningfulStderrLine } from '../../src/core/report/failure.js';
import { failReport, passReport } from '../fixtures/reports/build.js';

/** What Node 20 prints for `node tools/nope.mjs` when the file does not exist. */
const NODE_MISSING_MODULE = `node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/work/repo/tools/nope.mjs'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at Module._load (node:internal/modules/cjs/loader:1051:27)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
`;

const NODE_WITH_CAUSE = `file:///work/agent.mjs:3
  throw new Error('upstream refused', { cause });
        ^

Error: upstream refused
    at file:///work/agent.mjs:3:9 {
  [cause]: TypeError [ERR_INVALID_URL]: Invalid URL
      at new URL (node:internal/url:775:36) {
    code: 'ERR_INVALID_URL'
  }
}

Node.js v20.20.2
`;

const PYTHON_TRACEBACK = `Traceback (most recent call last):
  File "/work/agent.py", line 1, in <module>
    import requests
ModuleNotFoundError: No module named 'requests'
`;

describe('meaningfulStderrLine', () => {
  it("picks Node's error line, not its version banner", () => {
    expect(meaningfulStderrLine(NODE_MISSING_MODULE)).toBe("Error: Cannot find module '/work/repo/tools/nope.mjs'");
  });

  it('picks the thrown error over its indented cause', () => {
    expect(meaningfulStderrLine(NODE_WITH_CAUSE)).toBe('Error: upstream refused');
  });

  it("picks Python's final exception line", () => {
    expect(meaningfulStderrLine(PYTHON_TRACEBACK)).toBe("ModuleNotFoundError: No module named 'requests'");
  });

  it('picks the last error among progress lines, and git-style error/fatal lines', () => {
    expect(meaningfulStderrLine('thinking...\nerror: unknown option --frobnicate\nusage: agent [options]\n')).toBe(
      'error: unknown option --frobnicate',
    );
    expect(meaningfulStderrLine('fatal: not a git repository\n')).toBe('fatal: not a git repository');
  });

  it('falls back to the last line that is not runtime noise, then to the last line', () => {
    expect(meaningfulStderrLine('bash: line 1: claude: command not found\n')).toBe(
      'bash: line 1: claude: command not found',
    );
    expect(meaningfulStderrLine('the model said no\n    at somewhere (x.js:1:1)\n\nNode.js v20.20.2\n')).toBe(
      'the model said no',
    );
    expect(meaningfulStderrLine('Node.js v20.20.2\n')).toBe('Node.js v20.20.2');
  });

  it('is empty for no output', () => {
    expect(meaningfulStderrLine('')).toBe('');
    expect(meaningfulStderrLine('\n  \n')).toBe('');
  });
});

/** The FAIL fixture whose executor failed to start its CLI behind an API outage. */
function executorDown(reason: string): FinalReport {
  const report = failReport();
  report.executor = {
    ...report.executor,
    status: 'error',
    upstreamError: { status: 503, message: 'Service Unavailable: overloaded' },
    failure: { reason, stderrTail: `${NODE_MISSING_MODULE}` },
  };
  report.verdict = { value: 'FAIL', runStatus: 'error', reasons: ['executor failed'] };
  return report;
}

describe('failureDetail', () => {
  it('names the failed worker, its upstream error and reason first, then the verdict reasons, on one line', () => {
    const report = executorDown('claude exited with code 1:\nAPI Error: 503');
    const detail = failureDetail(report) ?? '';
    expect(detail).toBe(
      `${report.executor.worker} (executor) error (upstream 503: Service Unavailable: overloaded): claude exited with code 1: API Error: 503; executor failed`,
    );
    expect(detail).not.toContain('\n');
  });

  it('is at most 300 characters however long the reasons', () => {
    const detail = failureDetail(executorDown(`x${'y'.repeat(2000)}`)) ?? '';
    expect(detail.length).toBe(LEDGER_DETAIL_CHARS);
    expect(detail.endsWith('…')).toBe(true);
  });

  it('redacts a token that reached a reason', () => {
    const token = `ghp_${'a'.repeat(36)}`;
    const detail = failureDetail(executorDown(`git push failed with ${token}`)) ?? '';
    expect(detail).not.toContain(token);
    expect(detail).toContain('[REDACTED:');
  });

  it('is the verdict reasons alone when every worker finished, and undefined when nothing is said', () => {
    const report = failReport();
    expect(failureDetail(report)).toBe(report.verdict.reasons.join('; '));
    expect(failureDetail({ ...report, verdict: { ...report.verdict, reasons: [] } })).toBeUndefined();
  });
});

describe('the check run summary', () => {
  it("lists each failed worker's reason and stderr right under the headline", () => {
    const report = executorDown(
      "`node tools/nope.mjs` exited with code 1: Error: Cannot find module '/work/repo/tools/nope.mjs'",
    );
    const { summary, requests } = renderCheckRun(report);
    const at = summary.indexOf('Workers without a result (1)');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(summary.indexOf('**Why:**'));
    expect(summary).toContain('Cannot find module');
    expect(summary).toContain('upstream');
    expect(requests.every((r) => r.output.summary === summary)).toBe(true);
  });

  it('has no failures block when every worker produced a result', () => {
    expect(renderCheckRun(passReport()).summary).not.toContain('Workers without a result');
  });

  it('stays within the output limit with many failed workers and huge reasons', () => {
    const report = executorDown('e'.repeat(70_000));
    report.convergence = {
      ...report.convergence,
      failures: Array.from({ length: 400 }, (_, i) => ({
        worker: `Worker ${i}`,
        findingId: 'F1',
        status: 'error' as const,
        failure: { reason: 'r'.repeat(5000), stderrTail: 's'.repeat(5000) },
      })),
    };
    const { summary } = renderCheckRun(report);
    expect(summary.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(summary).toContain('Workers without a result (401)');
    expect(summary).toContain('More in the details below');
  });
});
