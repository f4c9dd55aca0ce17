import { describe, expect, it } from 'vitest';
import { budgetReason, synthesizeVerdict, type Verdict, type VerdictInput } from '../../src/core/verdict/index.js';

/** A run that earns its PASS; each case changes one thing. */
function input(edit: Partial<VerdictInput> = {}): VerdictInput {
  return {
    executorStatus: 'done',
    executorWorker: 'Codex worker',
    contractViolations: [],
    qa: [{ label: 'unit tests', cmd: 'npm test', passed: true, exitCode: 0 }],
    verifiers: [
      { worker: 'Claude worker', status: 'done', verdict: 'PASS' },
      { worker: 'Gemini worker', status: 'done', verdict: 'PASS' },
    ],
    findings: [],
    ...edit,
  };
}

const STAGE_BUDGET = {
  worker: 'Claude worker',
  scope: 'stage' as const,
  message: 'okstra: budget exceeded: stage budget 200,000 tokens reached (201,344 tokens spent)',
};
const WORKER_BUDGET = {
  worker: 'Codex worker',
  scope: 'worker' as const,
  message: 'worker budget $1.00 reached ($1.02 spent)',
};

interface Case {
  name: string;
  input: VerdictInput;
  expected: Verdict;
}

const CASES: Case[] = [
  {
    name: 'every QA command passed and every verifier said PASS, but the stage changed its QA script',
    input: input({ protectedChanges: [{ path: 'package.json', why: 'changed the QA scripts test' }] }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: [
        "okstra: the stage changed what judges it: package.json (changed the QA scripts test); a plan that means this names it in the stage's files",
      ],
    },
  },
  {
    name: 'everything answered and passed',
    input: input(),
    expected: {
      value: 'PASS',
      runStatus: 'passed',
      reasons: ['every QA command passed, 2 verifier(s) answered and no blocking finding stands'],
    },
  },
  {
    name: 'the executor stopped by its worker budget',
    input: input({ executorStatus: 'budget-exceeded', budgetExceeded: WORKER_BUDGET }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['budget exceeded: worker budget $1.00 reached ($1.02 spent) (Codex worker, executor)'],
    },
  },
  {
    name: 'the executor stopped by a budget the engine did not describe',
    input: input({ executorStatus: 'budget-exceeded', executorWorker: undefined }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['budget exceeded: the model gateway refused its next request (the executor, executor)'],
    },
  },
  {
    name: 'a contract violation outranks a budget refusal',
    input: input({
      executorStatus: 'budget-exceeded',
      contractViolations: ['no Stage Carry Evidence'],
      budgetExceeded: WORKER_BUDGET,
    }),
    expected: {
      value: 'FAIL',
      runStatus: 'contract-violated',
      reasons: ['executor broke its contract: no Stage Carry Evidence'],
    },
  },
  {
    name: 'a verifier stopped by the shared stage budget (gateway prefix not repeated)',
    input: input({
      verifiers: [
        { worker: 'Claude worker', status: 'budget-exceeded', verdict: null },
        { worker: 'Gemini worker', status: 'done', verdict: 'PASS' },
      ],
      budgetExceeded: STAGE_BUDGET,
    }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: [
        'budget exceeded: stage budget 200,000 tokens reached (201,344 tokens spent) (Claude worker, verifier)',
      ],
    },
  },
  {
    name: 'every verifier stopped by the stage budget: both named, and no result at all',
    input: input({
      verifiers: [
        { worker: 'Claude worker', status: 'budget-exceeded', verdict: null },
        { worker: 'Gemini worker', status: 'budget-exceeded', verdict: null },
      ],
      budgetExceeded: STAGE_BUDGET,
    }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: [
        'no verifier produced a result',
        'budget exceeded: stage budget 200,000 tokens reached (201,344 tokens spent) (Claude worker, verifier)',
        'budget exceeded: stage budget 200,000 tokens reached (201,344 tokens spent) (Gemini worker, verifier)',
      ],
    },
  },
  {
    name: "another worker's worker budget does not explain this verifier",
    input: input({
      verifiers: [
        { worker: 'Claude worker', status: 'done', verdict: 'PASS' },
        { worker: 'Gemini worker', status: 'budget-exceeded', verdict: null },
      ],
      budgetExceeded: WORKER_BUDGET,
    }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['budget exceeded: the model gateway refused its next request (Gemini worker, verifier)'],
    },
  },
  {
    name: 'a critic stopped by the plan budget fails an otherwise passing run',
    input: input({
      critic: { worker: 'Gemini worker', status: 'budget-exceeded' },
      budgetExceeded: { worker: 'Gemini worker', scope: 'plan', message: 'plan budget $20.00 reached ($20.07 spent)' },
    }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['budget exceeded: plan budget $20.00 reached ($20.07 spent) (Gemini worker, critic)'],
    },
  },
  {
    name: 'a critic that errored does not decide the verdict',
    input: input({ critic: { worker: 'Gemini worker', status: 'error' } }),
    expected: {
      value: 'PASS',
      runStatus: 'passed',
      reasons: ['every QA command passed, 2 verifier(s) answered and no blocking finding stands'],
    },
  },
  {
    name: 'an executor timeout is a run error',
    input: input({ executorStatus: 'timeout' }),
    expected: { value: 'FAIL', runStatus: 'error', reasons: ['executor timed out'] },
  },
  {
    name: 'an executor error is a run error',
    input: input({ executorStatus: 'error' }),
    expected: { value: 'FAIL', runStatus: 'error', reasons: ['executor failed'] },
  },
  {
    name: 'a crashed verifier is not a pass',
    input: input({
      verifiers: [
        { worker: 'Claude worker', status: 'error', verdict: null },
        { worker: 'Gemini worker', status: 'done', verdict: 'PASS' },
      ],
    }),
    expected: { value: 'FAIL', runStatus: 'failed', reasons: ['Claude worker produced no verdict (error)'] },
  },
  {
    name: 'a failed QA command and a standing blocking finding',
    input: input({
      qa: [{ label: '', cmd: 'npm run lint', passed: false, exitCode: null }],
      findings: [{ id: 'F1', severity: 'blocking', title: 'ignores the result', disposition: 'standing' }],
    }),
    expected: {
      value: 'FAIL',
      runStatus: 'failed',
      reasons: [
        'QA command failed: npm run lint (exit none: killed)',
        'blocking finding F1 standing: ignores the result',
      ],
    },
  },
  {
    name: 'a refuted blocking finding does not fail the stage',
    input: input({ findings: [{ id: 'F1', severity: 'blocking', title: 'x', disposition: 'refuted' }] }),
    expected: {
      value: 'PASS',
      runStatus: 'passed',
      reasons: ['every QA command passed, 2 verifier(s) answered and no blocking finding stands'],
    },
  },
];

describe('a verifier discounted for citing files it never opened', () => {
  it('names the files in the verdict reason, and the stage FAILs', () => {
    const v = synthesizeVerdict({
      executorStatus: 'done',
      contractViolations: [],
      qa: [],
      verifiers: [
        { worker: 'Codex worker', status: 'done', verdict: 'PASS' },
        {
          worker: 'Gemini worker',
          status: 'contract-violated',
          verdict: null,
          unreadCitations: ['src/a.ts', 'src/b.ts'],
        },
      ],
      findings: [],
    });
    expect(v).toEqual({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ["Gemini worker's result was discounted: it cited src/a.ts, src/b.ts without opening them"],
    });
  });
});

describe('synthesizeVerdict', () => {
  it.each(CASES)('$name', ({ input: given, expected }) => {
    expect(synthesizeVerdict(given)).toEqual(expected);
  });

  it('never passes a run in which any worker ended budget-exceeded', () => {
    const variants: VerdictInput[] = [
      input({ executorStatus: 'budget-exceeded' }),
      input({ verifiers: [{ worker: 'Claude worker', status: 'budget-exceeded', verdict: 'PASS' }] }),
      input({ critic: { worker: 'Gemini worker', status: 'budget-exceeded' } }),
    ];
    for (const v of variants) expect(synthesizeVerdict(v).value).toBe('FAIL');
  });
});

describe('budgetReason', () => {
  it('keeps a message that does not start with the gateway prefix as it is', () => {
    expect(
      budgetReason('Codex worker', 'executor', {
        worker: 'Codex worker',
        scope: 'worker',
        message: 'Budget exceeded: 10 tokens',
      }),
    ).toBe('budget exceeded: 10 tokens (Codex worker, executor)');
    expect(
      budgetReason('Codex worker', 'executor', {
        worker: 'Codex worker',
        scope: 'worker',
        message: 'worker limit reached',
      }),
    ).toBe('budget exceeded: worker limit reached (Codex worker, executor)');
  });
});
