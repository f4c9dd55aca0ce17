import type { PlanReviewReport, PlanWorkerReport } from '../../src/core/report/schema/plan-review-report.js';

const SHA = 'a'.repeat(40);

export function worker(name: string, overrides: Partial<PlanWorkerReport> = {}): PlanWorkerReport {
  return {
    worker: name,
    provider: name.startsWith('Codex') ? 'codex' : name.startsWith('Gemini') ? 'gemini' : 'claude',
    model: 'model-x',
    status: 'done',
    durationMs: 1200,
    usage: { inputTokens: 1000, outputTokens: 200, costUsd: 0.01 },
    ...overrides,
  };
}

/** A complete, schema-valid report of a planning phase: a draft, a repair and a clean review. */
export function planReviewReport(overrides: Partial<PlanReviewReport> = {}): PlanReviewReport {
  return {
    schema: 'okstra/plan-review-report',
    version: 1,
    plan: { id: 'add-login', path: '.okstra/plans/add-login.md', title: 'Add login', blob: SHA },
    goal: 'Users can log in with a password.',
    source: { kind: 'issue', issue: 12, url: 'https://github.com/o/r/issues/12' },
    outcome: 'valid',
    reason: null,
    rounds: [
      {
        round: 1,
        kind: 'draft',
        planner: worker('Claude worker'),
        diagnostics: {
          errors: [{ line: 9, column: 18, code: 'plan/unknown-dependency', message: 'stage 2 depends on stage 9' }],
          warnings: [],
        },
        reviews: [],
      },
      {
        round: 2,
        kind: 'repair',
        planner: worker('Claude worker'),
        diagnostics: { errors: [], warnings: [] },
        reviews: [
          {
            reviewer: worker('Codex worker'),
            verdict: 'approve',
            findings: [
              {
                severity: 'advisory',
                category: 'other',
                stage: 2,
                title: 'Name the handler',
                detail: 'Say which file holds the handler.',
              },
            ],
            problem: null,
          },
          {
            reviewer: worker('Gemini worker', {
              status: 'contract-violated',
              failure: { reason: 'no result', stderrTail: '' },
            }),
            verdict: null,
            findings: [],
            problem: 'no "### Plan Review Result" heading in the final message',
          },
        ],
      },
    ],
    standingFindings: [
      {
        severity: 'advisory',
        category: 'other',
        stage: 2,
        title: 'Name the handler',
        detail: 'Say which file holds the handler.',
        reviewer: 'Codex worker',
      },
    ],
    clarifications: [
      { id: 'C1', question: 'How long is a session valid?', answer: null, optional: false },
      { id: 'C2', question: 'Remember me?', answer: null, optional: true },
      { id: 'C3', question: 'Hash?', answer: 'argon2id', optional: false },
    ],
    stages: [
      { number: 1, title: 'Sessions table', dependsOn: [], validation: 1 },
      { number: 2, title: 'Login endpoint', dependsOn: [1], validation: 2 },
    ],
    usage: {
      workers: [
        { worker: 'Claude worker', inputTokens: 2000, outputTokens: 400, costUsd: 0.02 },
        { worker: 'Codex worker', inputTokens: 1000, outputTokens: 200, costUsd: 0.01 },
      ],
      total: { inputTokens: 3000, outputTokens: 600, costUsd: 0.03 },
      metered: 'gateway',
    },
    isolation: { mode: 'os-user', detail: 'agents ran as okstra-agent-1…3 without sudo' },
    startedAt: '2025-01-01T10:00:00.000Z',
    finishedAt: '2025-01-01T10:05:00.000Z',
    ...overrides,
  };
}
