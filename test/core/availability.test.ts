import { describe, expect, it } from 'vitest';
import {
  nextFallback,
  providerOutage,
  synthesizeVerdict,
  verifierLineup,
  type VerdictInput,
} from '../../src/core/verdict/index.js';
import { stageExitCode } from '../../src/cli/exit-codes.js';
import { checkConclusion } from '../../src/core/report/check-run.js';

describe('providerOutage: a provider that could not work, told apart from a worker that failed', () => {
  it('quota, refused keys and 5xx after the retries, an unreachable API, a missing CLI or key are outages', () => {
    const quota = { status: 429, message: 'quota exhausted' };
    expect(providerOutage({ status: 'error', upstreamError: quota })).toBe(
      'its API answered HTTP 429: quota exhausted',
    );
    for (const status of [401, 403, 500, 503, 529])
      expect(providerOutage({ status: 'error', upstreamError: { status, message: 'x' } })).not.toBeNull();
    expect(providerOutage({ status: 'error', upstreamError: { status: null, message: 'ECONNREFUSED' } })).toBe(
      'its API could not be reached: ECONNREFUSED',
    );
    expect(providerOutage({ status: 'error', cause: 'cli-missing' })).toBe('its CLI is not installed');
    expect(providerOutage({ status: 'error', cause: 'no-credential' })).toBe('its API key is not set');
  });

  it('a bad request, a crash without an upstream error, a timeout or a finished worker are not', () => {
    expect(providerOutage({ status: 'error', upstreamError: { status: 400, message: 'bad' } })).toBeNull();
    expect(providerOutage({ status: 'error' })).toBeNull();
    expect(providerOutage({ status: 'timeout', upstreamError: { status: 503, message: 'x' } })).toBeNull();
    expect(providerOutage({ status: 'done', upstreamError: { status: 429, message: 'x' } })).toBeNull();
  });
});

describe('verifierLineup and nextFallback', () => {
  const base = { configuredExecutor: 'claude', executor: 'claude', unavailable: new Set<string>(), fallbacks: [] };

  it('keeps the roster when every provider can work', () => {
    expect(verifierLineup({ ...base, verifiers: ['claude', 'codex'] })).toEqual([{ ref: 'claude' }, { ref: 'codex' }]);
  });

  it('a fallback executor is taken out of the verifiers: a fallback never makes the executor verify itself', () => {
    const lineup = verifierLineup({
      ...base,
      verifiers: ['claude', 'codex', 'gemini'],
      executor: 'codex',
      unavailable: new Set(['claude']),
      fallbacks: ['codex', 'aider'],
    });
    // claude is out: its place goes to the first fallback that is not the executor (codex is); codex verifies nothing.
    expect(lineup).toEqual([{ ref: 'aider', standsInFor: 'claude' }, { ref: 'gemini' }]);
  });

  it('a provider known to be out stays (to be reported) when no fallback is left', () => {
    const lineup = verifierLineup({ ...base, verifiers: ['codex'], unavailable: new Set(['codex']) });
    expect(lineup).toEqual([{ ref: 'codex' }]);
  });

  it('nextFallback skips what is excluded', () => {
    expect(nextFallback(['codex', 'gemini'], new Set(['codex']))).toBe('gemini');
    expect(nextFallback(['codex'], new Set(['codex']))).toBeNull();
  });
});

describe('the verdict, exit code and check conclusion of an outage', () => {
  const input: VerdictInput = {
    executorStatus: 'done',
    executorWorker: 'Claude worker',
    contractViolations: [],
    qa: [{ label: 'test', cmd: 'npm test', passed: true, exitCode: 0 }],
    verifiers: [],
    findings: [],
  };
  const outageVerifier = {
    worker: 'Codex worker',
    status: 'error' as const,
    verdict: null,
    unavailable: 'its API answered HTTP 429: quota exhausted',
  };

  it('an executor whose provider is out: unavailable, the provider error as the reason', () => {
    const v = synthesizeVerdict({
      ...input,
      executorStatus: 'error',
      executorUnavailable: 'its API answered HTTP 429: quota exhausted',
    });
    expect(v).toEqual({
      value: 'FAIL',
      runStatus: 'unavailable',
      reasons: ['Claude worker could not work: its API answered HTTP 429: quota exhausted'],
    });
  });

  it('verifiers that were all out judged nothing: unavailable, not "no verifier produced a result"', () => {
    const v = synthesizeVerdict({ ...input, verifiers: [outageVerifier] });
    expect(v.runStatus).toBe('unavailable');
    expect(v.reasons).toEqual(['Codex worker could not work: its API answered HTTP 429: quota exhausted']);
  });

  it('one verifier out beside a PASS: no PASS without it, but nothing judged against the work either', () => {
    const pass = { worker: 'Gemini worker', status: 'done' as const, verdict: 'PASS' as const };
    expect(synthesizeVerdict({ ...input, verifiers: [pass, outageVerifier] }).runStatus).toBe('unavailable');
  });

  it('a judgement stands over an outage: a failed QA command keeps the run failed, the outage listed too', () => {
    const v = synthesizeVerdict({
      ...input,
      qa: [{ label: 'test', cmd: 'npm test', passed: false, exitCode: 1 }],
      verifiers: [outageVerifier],
    });
    expect(v.runStatus).toBe('failed');
    expect(v.reasons).toContain('Codex worker could not work: its API answered HTTP 429: quota exhausted');
  });

  it('exit code 3 and a neutral check', () => {
    const verdict = { value: 'FAIL' as const, runStatus: 'unavailable' as const, reasons: ['x'] };
    const report = {
      verdict,
      executor: { status: 'error' as const },
      qa: [],
      verifiers: [],
      findings: [],
    } as unknown as Parameters<typeof stageExitCode>[0];
    expect(stageExitCode(report)).toBe(3);
    expect(checkConclusion({ verdict })).toBe('neutral');
    expect(checkConclusion({ verdict: { ...verdict, runStatus: 'failed' } })).toBe('failure');
  });
});
