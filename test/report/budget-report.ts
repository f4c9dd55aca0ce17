import type { FinalReport, UsageRequest } from '../../src/core/report/index.js';
import { failReport } from '../fixtures/reports/build.js';

/**
 * A gateway-metered FAIL: the shared stage budget stopped Claude worker
 * before it answered; Gemini worker's model has no known price, so the
 * run's cost is a lower bound; the agents ran as separate OS users.
 */
export function budgetReport(): FinalReport {
  const r = failReport();
  const request = (
    edit: Partial<UsageRequest> & Pick<UsageRequest, 'worker' | 'role' | 'provider' | 'model' | 'path'>,
  ): UsageRequest => ({
    status: 200,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    cacheWriteTokens: 0,
    costUsd: 0,
    durationMs: 1000,
    firstByteMs: 120,
    retries: 0,
    ...edit,
  });
  const codex = { worker: 'Codex worker', role: 'executor', provider: 'codex', model: 'gpt-5.5', path: '/responses' };
  const claude = {
    worker: 'Claude worker',
    role: 'verifier',
    provider: 'claude',
    model: 'claude-opus-4',
    path: '/v1/messages',
  };
  const gemini = {
    worker: 'Gemini worker',
    role: 'verifier',
    provider: 'gemini',
    model: 'gemini-3-pro-preview',
    path: '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
  };
  const requests: UsageRequest[] = [
    request({
      ...codex,
      inputTokens: 70_000,
      outputTokens: 10_000,
      cachedInputTokens: 20_000,
      costUsd: 0.25,
      durationMs: 30_500.5,
      firstByteMs: 812.25,
      retries: 1,
    }),
    request({ ...codex, inputTokens: 50_000, outputTokens: 8_000, costUsd: 0.17, durationMs: 21_000 }),
    request({
      ...claude,
      inputTokens: 80_000,
      outputTokens: 4_000,
      cacheWriteTokens: 1_500,
      costUsd: 0.61,
      durationMs: 40_000,
    }),
    request({ ...claude, status: 400, durationMs: 2, firstByteMs: null, refused: 'budget' }),
    request({ ...gemini, inputTokens: 60_000, outputTokens: 3_000, costUsd: null, durationMs: 25_000 }),
  ];
  const message = 'okstra: budget exceeded: stage budget 250,000 tokens reached (263,000 tokens spent)';
  const claudeVerifier = r.verifiers[0];
  if (claudeVerifier)
    Object.assign(claudeVerifier, {
      status: 'budget-exceeded',
      verdict: null,
      findings: [],
      usage: {
        inputTokens: 80_000,
        outputTokens: 4_000,
        cachedInputTokens: 0,
        cacheWriteTokens: 1_500,
        costUsd: 0.61,
        costComplete: true,
      },
    });
  const geminiVerifier = r.verifiers[1];
  if (geminiVerifier)
    Object.assign(geminiVerifier, {
      verdict: 'PASS',
      findings: ['F1'],
      evidenceRead: ['src/limits/bucket.ts', 'src/server/pipeline.ts'],
      usage: { inputTokens: 60_000, outputTokens: 3_000, costUsd: null },
    });
  r.executor.usage = {
    inputTokens: 120_000,
    outputTokens: 18_000,
    cachedInputTokens: 20_000,
    cacheWriteTokens: 0,
    costUsd: 0.42,
    costComplete: true,
  };
  r.findings = r.findings.filter((f) => f.id === 'F1').map((f) => ({ ...f, raisedBy: 'Gemini worker' }));
  r.convergence = { rounds: 0, disputed: 0, resolved: 0 };
  r.verdict = {
    value: 'FAIL',
    runStatus: 'failed',
    reasons: ['budget exceeded: stage budget 250,000 tokens reached (263,000 tokens spent) (Claude worker, verifier)'],
  };
  r.stageSidecarEvidence = {
    ...r.stageSidecarEvidence,
    carryPath: null,
    withheld:
      'the verdict is FAIL: dependent stages must not build on this head; a fix run re-enters the stage on its branch',
  };
  r.progress = r.progress.map((p) =>
    p.line.includes('phase-5-collect worker=Claude worker')
      ? { ...p, line: 'PROGRESS: phase-5-collect worker=Claude worker status=budget-exceeded' }
      : p,
  );
  r.usage = {
    workers: [
      {
        worker: 'Codex worker',
        inputTokens: 120_000,
        outputTokens: 18_000,
        cachedInputTokens: 20_000,
        cacheWriteTokens: 0,
        costUsd: 0.42,
        costComplete: true,
      },
      {
        worker: 'Claude worker',
        inputTokens: 80_000,
        outputTokens: 4_000,
        cachedInputTokens: 0,
        cacheWriteTokens: 1_500,
        costUsd: 0.61,
        costComplete: true,
      },
      {
        worker: 'Gemini worker',
        inputTokens: 60_000,
        outputTokens: 3_000,
        cachedInputTokens: 0,
        cacheWriteTokens: 0,
        costUsd: null,
      },
    ],
    total: {
      inputTokens: 260_000,
      outputTokens: 25_000,
      cachedInputTokens: 20_000,
      cacheWriteTokens: 1_500,
      costUsd: 1.03,
      costComplete: false,
    },
    metered: 'gateway',
    requests,
    budgetExceeded: {
      worker: 'Claude worker',
      scope: 'stage',
      limit: '250,000 tokens',
      spent: '263,000 tokens',
      message,
    },
  };
  r.isolation = { mode: 'os-user', detail: 'agents ran as okstra-agent-1…3 without sudo' };
  r.remainingQueue = [];
  return r;
}
