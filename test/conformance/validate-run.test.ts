import { describe, expect, it } from 'vitest';
import {
  VIOLATION_CODES,
  VIOLATION_RULES,
  formatViolation,
  validateRun,
  type RunArtifacts,
  type ViolationCode,
} from '../../src/core/conformance/index.js';
import type { FinalReport } from '../../src/core/report/index.js';
import { BASE, CARRY_JSON, HEAD, failReport, passReport } from '../fixtures/reports/build.js';
import { budgetReport } from '../report/budget-report.js';

const HEAD_FILES = ['src/limits/bucket.ts', 'src/server/pipeline.ts', 'test/limits/bucket.test.ts', 'package.json'];

/** Every artifact of a conforming PASS run; cases change one thing. */
function passArtifacts(edit: (r: FinalReport) => void = () => {}): RunArtifacts {
  const report = passReport();
  edit(report);
  return {
    report,
    carryFile: CARRY_JSON,
    ledgerRow: report.ledgerRow,
    headFiles: HEAD_FILES,
    planValidation: ['npm test -- limits'],
    verifierWorktrees: [],
  };
}

function failArtifacts(edit: (r: FinalReport) => void = () => {}): RunArtifacts {
  const report = failReport();
  edit(report);
  return {
    report,
    carryFile: null,
    ledgerRow: report.ledgerRow,
    headFiles: HEAD_FILES,
    planValidation: ['npm test -- limits'],
    verifierWorktrees: [],
  };
}

/** A gateway-metered FAIL whose stage budget stopped a verifier (test/report/budget-report.ts). */
function budgetArtifacts(edit: (r: FinalReport) => void = () => {}): RunArtifacts {
  const report = budgetReport();
  edit(report);
  return {
    report,
    carryFile: null,
    ledgerRow: report.ledgerRow,
    headFiles: HEAD_FILES,
    planValidation: ['npm test -- limits'],
    verifierWorktrees: [],
  };
}

const CODEX_REFUSED = {
  worker: 'Codex worker',
  role: 'executor',
  provider: 'codex',
  model: 'gpt-5.5',
  path: '/responses',
  status: 400,
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  cacheWriteTokens: 0,
  costUsd: 0,
  durationMs: 1,
  firstByteMs: null,
  retries: 0,
  refused: 'budget' as const,
};

function codes(artifacts: RunArtifacts): ViolationCode[] {
  return [...new Set(validateRun(artifacts).map((v) => v.code))].sort();
}

function progressLines(r: FinalReport, map: (line: string) => string | null): void {
  r.progress = r.progress.flatMap((p) => {
    const line = map(p.line);
    return line === null ? [] : [{ ...p, line }];
  });
}

interface Case {
  name: string;
  artifacts: () => RunArtifacts;
  expected: ViolationCode[];
}

const CASES: Case[] = [
  { name: 'a report that is not an object', artifacts: () => ({ report: 'hello' }), expected: ['report/schema'] },
  {
    name: 'a report missing its verdict',
    artifacts: () => ({ report: { ...passReport(), verdict: undefined } }),
    expected: ['report/schema'],
  },
  {
    name: 'PASS with runStatus failed',
    artifacts: () => passArtifacts((r) => (r.verdict.runStatus = 'failed')),
    expected: ['verdict/inconsistent'],
  },
  {
    name: 'PASS with a standing blocking finding',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.severity = 'blocking';
      }),
    expected: ['verdict/pass-with-blocking'],
  },
  {
    name: 'PASS although a verifier timed out',
    artifacts: () =>
      passArtifacts((r) => {
        const v = r.verifiers[1];
        if (v) Object.assign(v, { status: 'timeout', verdict: null });
      }),
    expected: ['verdict/pass-without-verifier-result'],
  },
  {
    name: 'PASS with no verifier at all',
    artifacts: () =>
      passArtifacts((r) => {
        r.verifiers = [];
        r.findings = [];
        r.roster = r.roster.filter((w) => w.function !== 'verifier');
        progressLines(r, (l) => (/Claude|gemini/.test(l) ? null : l));
      }),
    expected: ['verdict/pass-without-verifier-result'],
  },
  {
    name: 'PASS although a plan validation command failed',
    artifacts: () =>
      passArtifacts((r) => {
        const q = r.qa[0];
        if (q) Object.assign(q, { exitCode: 1, passed: false });
      }),
    expected: ['verdict/pass-with-failed-validation'],
  },
  {
    name: 'FAIL that wrote its carry instead of withholding it',
    artifacts: () =>
      failArtifacts((r) => {
        r.stageSidecarEvidence = {
          stageNumber: 2,
          stageTitle: 'Token bucket limiter',
          carryJson: CARRY_JSON,
          carryPath: 'plans/rate-limits/carry/stage-2.json',
        };
      }),
    expected: ['carry/not-withheld'],
  },
  {
    name: 'contract-violated without a withheld reason',
    artifacts: () =>
      failArtifacts((r) => {
        r.verdict.runStatus = 'contract-violated';
        r.stageSidecarEvidence = {
          stageNumber: 2,
          stageTitle: 'Token bucket limiter',
          carryJson: CARRY_JSON,
          carryPath: 'plans/rate-limits/carry/stage-2.json',
        };
      }),
    expected: ['carry/not-withheld'],
  },
  {
    name: 'PASS whose carry was withheld',
    artifacts: () => ({
      ...passArtifacts((r) => {
        r.stageSidecarEvidence = {
          stageNumber: 2,
          stageTitle: 'Token bucket limiter',
          carryJson: CARRY_JSON,
          carryPath: null,
          withheld: 'forgot',
        };
        if (r.ledgerRow?.status === 'done') r.ledgerRow.carry_path = 'plans/rate-limits/carry/stage-2.json';
      }),
      carryFile: null,
    }),
    expected: ['carry/file-missing', 'carry/withheld-on-pass', 'ledger/carry-path-mismatch'],
  },
  {
    name: 'PASS whose carry JSON is not JSON',
    artifacts: () => ({
      ...passArtifacts((r) => Object.assign(r.stageSidecarEvidence, { carryJson: '{ not json' })),
      carryFile: '{ not json',
    }),
    expected: ['carry/invalid-json'],
  },
  {
    name: 'PASS whose carry JSON lacks the exit contract',
    artifacts: () => {
      const carry = JSON.stringify({ ...(JSON.parse(CARRY_JSON) as object), exitContract: undefined });
      return { ...passArtifacts((r) => Object.assign(r.stageSidecarEvidence, { carryJson: carry })), carryFile: carry };
    },
    expected: ['carry/invalid-json'],
  },
  {
    name: 'sidecar evidence for another stage',
    artifacts: () => passArtifacts((r) => (r.stageSidecarEvidence.stageNumber = 3)),
    expected: ['carry/stage-mismatch'],
  },
  {
    name: 'carry JSON naming another stage',
    artifacts: () => {
      const carry = JSON.stringify({ ...(JSON.parse(CARRY_JSON) as object), stage: 5 });
      return { ...passArtifacts((r) => Object.assign(r.stageSidecarEvidence, { carryJson: carry })), carryFile: carry };
    },
    expected: ['carry/stage-mismatch'],
  },
  {
    name: 'PASS without the carry file',
    artifacts: () => ({ ...passArtifacts(), carryFile: null }),
    expected: ['carry/file-missing'],
  },
  {
    name: 'PASS whose carry file differs from carryJson',
    artifacts: () => ({
      ...passArtifacts(),
      carryFile: JSON.stringify({ ...(JSON.parse(CARRY_JSON) as object), summary: 'something else' }),
    }),
    expected: ['carry/file-mismatch'],
  },
  {
    name: 'PASS whose carry file is the same JSON, re-indented',
    artifacts: () => ({ ...passArtifacts(), carryFile: `${JSON.stringify(JSON.parse(CARRY_JSON))}\n` }),
    expected: [],
  },
  {
    name: 'FAIL with a carry file present',
    artifacts: () => ({ ...failArtifacts(), carryFile: CARRY_JSON }),
    expected: ['carry/file-present'],
  },
  {
    name: 'a report without a ledger row',
    artifacts: () => ({ ...failArtifacts((r) => (r.ledgerRow = null)), ledgerRow: null }),
    expected: ['ledger/row-missing'],
  },
  {
    name: 'FAIL recorded with a done row',
    artifacts: () =>
      failArtifacts((r) => {
        r.ledgerRow = passReport().ledgerRow;
      }),
    expected: ['ledger/carry-path-mismatch', 'ledger/not-failed'],
  },
  {
    name: 'PASS recorded with a failed row',
    artifacts: () => passArtifacts((r) => (r.ledgerRow = failReport().ledgerRow)),
    expected: ['ledger/not-done'],
  },
  {
    name: 'PASS whose done row has another head commit',
    artifacts: () =>
      passArtifacts((r) => {
        if (r.ledgerRow) r.ledgerRow.head_commit = BASE;
      }),
    expected: ['ledger/head-mismatch'],
  },
  {
    name: 'a row for another run',
    artifacts: () =>
      passArtifacts((r) => {
        if (r.ledgerRow) r.ledgerRow.run_id = 'run-other';
      }),
    expected: ['ledger/identity-mismatch'],
  },
  {
    name: 'a done row with another carry path',
    artifacts: () =>
      passArtifacts((r) => {
        if (r.ledgerRow?.status === 'done') r.ledgerRow.carry_path = 'plans/rate-limits/carry/stage-9.json';
      }),
    expected: ['ledger/carry-path-mismatch'],
  },
  {
    name: 'a ledger whose row differs from the report copy (and says failed on a PASS)',
    artifacts: () => ({
      ...passArtifacts(),
      ledgerRow: { ...failReport().ledgerRow, head_commit: HEAD } as RunArtifacts['ledgerRow'],
    }),
    expected: ['ledger/not-done', 'ledger/report-mismatch'],
  },
  {
    name: 'a dispatch checkpoint without a worker',
    artifacts: () =>
      passArtifacts((r) =>
        r.progress.push({ at: '2026-03-01T10:11:00Z', line: 'PROGRESS: phase-4-dispatch model=gpt-5.5' }),
      ),
    expected: ['progress/malformed'],
  },
  {
    name: 'checkpoints naming a functional label instead of the roster name',
    artifacts: () =>
      passArtifacts((r) => progressLines(r, (l) => l.replace('worker=Claude worker', 'worker=Claude verifier'))),
    expected: ['progress/collect-missing', 'progress/dispatch-missing'],
  },
  {
    name: 'a worker never collected',
    artifacts: () =>
      passArtifacts((r) => progressLines(r, (l) => (l.includes('phase-5-collect worker=gemini-worker') ? null : l))),
    expected: ['progress/collect-missing'],
  },
  {
    name: 'the executor never dispatched',
    artifacts: () =>
      passArtifacts((r) => progressLines(r, (l) => (l.includes('phase-4-dispatch worker=Codex worker') ? null : l))),
    expected: ['progress/dispatch-missing'],
  },
  {
    name: 'an executor that is not the roster executor',
    artifacts: () =>
      passArtifacts((r) => {
        const e = r.roster[0];
        if (e) e.function = 'critic';
      }),
    expected: ['roster/executor-mismatch'],
  },
  {
    name: 'a finding raised by a worker outside the roster',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.confirmedBy = ['Claude verifier'];
      }),
    expected: ['roster/unknown-worker'],
  },
  {
    name: 'the executor listed as a verifier',
    artifacts: () =>
      passArtifacts((r) => {
        const v = r.verifiers[1];
        if (v) v.worker = 'Codex worker';
        r.roster = r.roster.filter((w) => w.name !== 'Gemini worker');
        progressLines(r, (l) => (l.includes('gemini-worker') ? null : l));
      }),
    expected: ['roster/self-verification'],
  },
  {
    name: 'a roster verifier with no result recorded',
    artifacts: () =>
      passArtifacts((r) => {
        r.verifiers = r.verifiers.filter((v) => v.worker !== 'Gemini worker');
      }),
    expected: ['roster/verifier-missing'],
  },
  {
    name: 'two findings with one id',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) r.findings.push({ ...f });
      }),
    expected: ['finding/duplicate-id'],
  },
  {
    name: 'a verifier listing a finding that is not in findings[]',
    artifacts: () =>
      passArtifacts((r) => {
        r.verifiers[1]?.findings.push('F99');
      }),
    expected: ['finding/unknown-id'],
  },
  {
    name: 'a confirmed finding nobody confirmed',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.disposition = 'confirmed';
      }),
    expected: ['finding/disposition-unsupported'],
  },
  {
    name: 'a finding whose range ends before it starts',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.endLine = 2;
      }),
    expected: ['finding/bad-range'],
  },
  {
    name: 'a finding citing a file its raiser did not read',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.file = 'src/server/pipeline.ts';
      }),
    expected: ['finding/evidence-not-read'],
  },
  {
    name: 'a finding citing a read file by its bare name',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.file = 'bucket.ts';
      }),
    expected: ['finding/evidence-not-read'],
  },
  {
    name: 'a bare name that matches several files',
    artifacts: () => ({
      ...passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.file = 'bucket.ts';
      }),
      headFiles: [...HEAD_FILES, 'src/legacy/bucket.ts'],
    }),
    expected: ['finding/ambiguous-path'],
  },
  {
    name: 'a finding citing a file absent at the head commit',
    artifacts: () => ({ ...passArtifacts(), headFiles: HEAD_FILES.filter((p) => p !== 'src/limits/bucket.ts') }),
    expected: ['finding/file-absent'],
  },
  {
    name: 'a root file cited by its (full) name is fine',
    artifacts: () =>
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.file = 'package.json';
        r.verifiers[0]?.evidenceRead.push('package.json');
      }),
    expected: [],
  },
  {
    name: 'a plan validation command that did not run',
    artifacts: () => ({ ...passArtifacts(), planValidation: ['npm test -- limits', 'npm run lint'] }),
    expected: ['qa/validation-not-run'],
  },
  {
    name: 'a validation command recorded with different spacing still counts',
    artifacts: () => ({ ...passArtifacts(), planValidation: ['npm  test --  limits'] }),
    expected: [],
  },
  {
    name: 'a QA result marked passed with a non-zero exit',
    artifacts: () =>
      passArtifacts((r) => {
        const q = r.qa[1];
        if (q) q.exitCode = 2;
      }),
    expected: ['qa/passed-mismatch'],
  },
  {
    name: 'a verifier that changed its worktree and whose PASS was still counted',
    artifacts: () => ({
      ...passArtifacts(),
      verifierWorktrees: [
        { worker: 'Claude worker', changedFiles: ['src/limits/bucket.ts'] },
        { worker: 'Gemini worker', changedFiles: [] },
      ],
    }),
    expected: ['verifier/worktree-changed', 'verifier/changed-tree-counted'],
  },
  {
    name: 'a verifier whose tool events show it never opened a file it cited, and whose PASS was still counted',
    artifacts: () =>
      passArtifacts((r) => {
        const v = r.verifiers[0];
        if (v) Object.assign(v, { evidence: 'events', unreadCitations: ['src/limits/bucket.ts'] });
      }),
    expected: ['verifier/unread-citation-counted'],
  },
  {
    name: 'a verifier that changed its worktree and was discarded (only the advisory record)',
    artifacts: () => ({
      ...failArtifacts((r) => {
        const v = r.verifiers[0];
        if (v) Object.assign(v, { status: 'contract-violated', verdict: null });
      }),
      verifierWorktrees: [{ worker: 'Claude worker', changedFiles: ['src/limits/bucket.ts'] }],
    }),
    expected: ['verifier/worktree-changed'],
  },
  {
    name: 'a verifier with a verdict although it errored',
    artifacts: () =>
      failArtifacts((r) => {
        const v = r.verifiers[0];
        if (v) v.status = 'error';
      }),
    expected: ['verifier/status-mismatch'],
  },
  {
    name: 'usage totals that do not add up',
    artifacts: () => passArtifacts((r) => (r.usage.total.inputTokens += 1)),
    expected: ['usage/total-mismatch'],
  },
  {
    name: 'a worker whose usage does not match its gateway records',
    artifacts: () =>
      budgetArtifacts((r) => {
        const codex = r.usage.workers[0];
        if (codex) codex.outputTokens += 1;
        r.usage.total.outputTokens += 1;
      }),
    expected: ['usage/requests-mismatch'],
  },
  {
    name: 'a worker cost that claims to be complete although a request has no price',
    artifacts: () =>
      budgetArtifacts((r) => {
        const request = r.usage.requests?.[1];
        if (request) request.costUsd = null;
        const codex = r.usage.workers[0];
        if (codex) codex.costUsd = 0.25;
      }),
    expected: ['usage/requests-mismatch'],
  },
  {
    name: 'gateway records of a worker missing from usage.workers',
    artifacts: () =>
      budgetArtifacts((r) => {
        r.usage.workers = r.usage.workers.filter((w) => w.worker !== 'Gemini worker');
      }),
    expected: ['usage/requests-mismatch', 'usage/total-mismatch'],
  },
  {
    name: 'self-reported figures are not compared with gateway records',
    artifacts: () =>
      budgetArtifacts((r) => {
        r.usage.metered = 'self-reported';
        const codex = r.usage.workers[0];
        if (codex) codex.costUsd = 9;
      }),
    expected: [],
  },
  {
    name: 'a worker stopped by a budget with no refusal recorded',
    artifacts: () =>
      budgetArtifacts((r) => {
        delete r.usage.budgetExceeded;
      }),
    expected: ['usage/budget-mismatch'],
  },
  {
    name: 'a refusal naming a worker that was not stopped, and a refused request of a worker that went on',
    artifacts: () =>
      budgetArtifacts((r) => {
        const claude = r.verifiers[0];
        if (claude) Object.assign(claude, { status: 'error' });
      }),
    expected: ['usage/budget-mismatch'],
  },
  {
    name: 'a model request by a worker outside the roster',
    artifacts: () =>
      budgetArtifacts((r) => {
        const req = r.usage.requests?.[4];
        if (req) req.worker = 'Gemini verifier';
      }),
    expected: ['roster/unknown-worker', 'usage/requests-mismatch'],
  },
  {
    name: 'PASS although the executor was stopped by a budget',
    artifacts: () =>
      passArtifacts((r) => {
        r.executor.status = 'budget-exceeded';
        r.usage.budgetExceeded = {
          worker: 'Codex worker',
          scope: 'worker',
          limit: '$1.00',
          spent: '$1.02',
          message: 'worker budget $1.00 reached',
        };
      }),
    expected: ['verdict/pass-with-budget-exceeded'],
  },
  {
    name: 'a run that finished before it started',
    artifacts: () => passArtifacts((r) => (r.run.finishedAt = '2026-03-01T09:00:00Z')),
    expected: ['run/time-order'],
  },
  {
    name: 'an out-of-plan file that did not change',
    artifacts: () => passArtifacts((r) => (r.git.outOfPlanFiles = ['README.md'])),
    expected: ['git/inconsistent'],
  },
];

describe('validateRun', () => {
  it('accepts a conforming PASS and a conforming FAIL with every artifact given', () => {
    expect(validateRun(passArtifacts())).toEqual([]);
    expect(validateRun(failArtifacts())).toEqual([]);
  });

  it.each(CASES)('$name → $expected', ({ artifacts, expected }) => {
    expect(codes(artifacts())).toEqual([...expected].sort());
  });

  it("accepts the executor's provider verifying in its own roster verifier entry (a fresh session)", () => {
    const artifacts = passArtifacts((r) => {
      const v = r.verifiers[1];
      if (v) v.worker = 'Codex worker';
      r.roster = r.roster.map((w) =>
        w.name === 'Gemini worker' ? { ...w, name: 'Codex worker', provider: 'codex' as const } : w,
      );
      progressLines(r, (l) => l.replace(/Gemini worker|gemini-worker/g, 'Codex worker'));
    });
    expect(codes(artifacts)).toEqual([]);
  });

  it('has a case for every violation code', () => {
    const covered = new Set(CASES.flatMap((c) => c.expected));
    expect(VIOLATION_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  it('gives every violation a message and a hint, and locates it when it can', () => {
    const violations = validateRun(
      passArtifacts((r) => {
        const f = r.findings[0];
        if (f) f.file = 'src/server/pipeline.ts';
      }),
    );
    expect(violations).toEqual([
      {
        code: 'finding/evidence-not-read',
        message: 'finding F1 cites "src/server/pipeline.ts", which Claude worker did not record in evidenceRead',
        hint: VIOLATION_RULES['finding/evidence-not-read'].hint,
        pointer: '/findings/0/file',
      },
    ]);
    const [first] = violations;
    if (first)
      expect(formatViolation(first)).toBe(
        `finding/evidence-not-read: ${first.message} (at /findings/0/file)\n  hint: ${first.hint}`,
      );
  });

  it('names the functional label it saw when a checkpoint misses the roster name', () => {
    const [v] = validateRun(
      passArtifacts((r) =>
        progressLines(r, (l) =>
          l.replace('phase-4-dispatch worker=Claude worker', 'phase-4-dispatch worker=Claude verifier'),
        ),
      ),
    );
    expect(v?.message).toBe(
      'no phase-4-dispatch checkpoint names roster worker "Claude worker" (verifier); phase-4-dispatch names "Claude verifier", which is no roster name',
    );
  });

  it('returns only schema problems when the schema fails, each located', () => {
    const violations = validateRun({ report: { ...passReport(), schemaVersion: 9, verdict: { value: 'MAYBE' } } });
    expect(violations.every((v) => v.code === 'report/schema')).toBe(true);
    expect(violations.map((v) => v.pointer)).toEqual(
      expect.arrayContaining(['/schemaVersion', '/verdict', '/verdict/value']),
    );
  });

  it('accepts a gateway-metered FAIL stopped by the stage budget, and its verifier owes no verdict', () => {
    expect(validateRun(budgetArtifacts())).toEqual([]);
  });

  it('owes no verifier result or checkpoint when the executor itself was stopped by a budget', () => {
    const r = budgetReport();
    r.executor.status = 'budget-exceeded';
    r.usage.budgetExceeded = {
      worker: 'Codex worker',
      scope: 'worker',
      limit: '100,000 tokens',
      spent: '138,000 tokens',
      message: 'worker budget reached',
    };
    r.verifiers = [];
    r.findings = [];
    r.usage.requests = r.usage.requests?.filter((q) => q.worker === 'Codex worker');
    r.usage.requests?.push({ ...CODEX_REFUSED });
    r.usage.workers = r.usage.workers.filter((w) => w.worker === 'Codex worker');
    r.usage.total = {
      inputTokens: 120_000,
      outputTokens: 18_000,
      cachedInputTokens: 20_000,
      cacheWriteTokens: 0,
      costUsd: 0.42,
      costComplete: true,
    };
    r.verdict.reasons = ['budget exceeded: worker budget reached (Codex worker, executor)'];
    progressLines(r, (l) => (/Claude|gemini/.test(l) ? null : l));
    expect(validateRun({ report: r })).toEqual([]);
  });

  it('skips the verifiers of a run that stopped before verification', () => {
    const r = failReport();
    r.verdict.runStatus = 'contract-violated';
    r.verifiers = [];
    r.findings = [];
    progressLines(r, (l) => (/Claude|gemini/.test(l) ? null : l));
    expect(codes({ report: r })).toEqual([]);
  });
});
