/**
 * The verdict over every combination of what decides it: the executor's
 * status, QA, one verifier's status and verdict, and one finding it raised
 * (every severity × every disposition, or none), beside a second verifier
 * that always passes. The expected value and run status come from the oracle
 * below, written from the rules in docs/report.md ("Verdict rules") without
 * looking at synthesizeVerdict.
 */
import { describe, expect, it } from 'vitest';
import {
  failWithoutBlockingReason,
  mergeDuplicateFindings,
  survivingIds,
  synthesizeVerdict,
  type VerdictInput,
} from '../../src/core/verdict/index.js';
import { DISPOSITIONS, WORKER_STATUSES, type RunStatus, type WorkerStatus } from '../../src/core/report/index.js';
import { FINDING_SEVERITIES } from '../../src/core/report/schema/common.js';

type Severity = (typeof FINDING_SEVERITIES)[number];
type Disposition = (typeof DISPOSITIONS)[number];

interface Row {
  executor: WorkerStatus;
  qa: 'passed' | 'failed' | 'none';
  verifierStatus: WorkerStatus;
  verdict: 'PASS' | 'FAIL' | null;
  finding: { severity: Severity; disposition: Disposition } | null;
}

const X = 'Claude worker';
const Y = 'Gemini worker';

function rows(): Row[] {
  const findings: Row['finding'][] = [
    null,
    ...FINDING_SEVERITIES.flatMap((severity) => DISPOSITIONS.map((disposition) => ({ severity, disposition }))),
  ];
  const out: Row[] = [];
  for (const executor of WORKER_STATUSES)
    for (const qa of ['passed', 'failed', 'none'] as const)
      for (const verifierStatus of WORKER_STATUSES)
        for (const verdict of ['PASS', 'FAIL', null] as const)
          for (const finding of findings) out.push({ executor, qa, verifierStatus, verdict, finding });
  return out;
}

function toInput(row: Row): VerdictInput {
  return {
    executorStatus: row.executor,
    executorWorker: 'Codex worker',
    contractViolations:
      row.executor === 'contract-violated' ? ['Stage Carry Evidence missing or invalid: no heading'] : [],
    qa:
      row.qa === 'none'
        ? []
        : [
            {
              label: 'unit tests',
              cmd: 'npm test',
              passed: row.qa === 'passed',
              exitCode: row.qa === 'passed' ? 0 : 1,
            },
          ],
    verifiers: [
      { worker: X, status: row.verifierStatus, verdict: row.verdict, findings: row.finding ? ['F1'] : [] },
      { worker: Y, status: 'done', verdict: 'PASS', findings: [] },
    ],
    findings: row.finding
      ? [{ id: 'F1', severity: row.finding.severity, title: 'the finding', disposition: row.finding.disposition }]
      : [],
  };
}

/** The rules, plainly: the executor first, then anything that withholds a PASS. */
function oracle(row: Row): { value: 'PASS' | 'FAIL'; runStatus: RunStatus } {
  if (row.executor === 'contract-violated') return { value: 'FAIL', runStatus: 'contract-violated' };
  if (row.executor === 'budget-exceeded') return { value: 'FAIL', runStatus: 'failed' };
  if (row.executor === 'error' || row.executor === 'timeout') return { value: 'FAIL', runStatus: 'error' };
  const qaFailed = row.qa === 'failed';
  const xAnswered = row.verifierStatus === 'done' && row.verdict !== null;
  const xSaidFail = xAnswered && row.verdict === 'FAIL';
  const blockingStands =
    row.finding !== null && row.finding.severity === 'blocking' && row.finding.disposition !== 'refuted';
  if (qaFailed || !xAnswered || xSaidFail || blockingStands) return { value: 'FAIL', runStatus: 'failed' };
  return { value: 'PASS', runStatus: 'passed' };
}

const label = (r: Row): string =>
  `executor ${r.executor}, QA ${r.qa}, ${X} ${r.verifierStatus}/${r.verdict ?? 'no verdict'}, finding ${r.finding ? `${r.finding.severity} ${r.finding.disposition}` : 'none'}`;

describe('synthesizeVerdict over every combination', () => {
  const table = rows();

  it('covers 5 executor statuses × 3 QA outcomes × 5 verifier statuses × 3 verdicts × 13 findings', () => {
    expect(table).toHaveLength(5 * 3 * 5 * 3 * 13);
    expect(new Set(table.map(label)).size).toBe(table.length);
  });

  it('gives the oracle’s value and run status in every row', () => {
    const wrong = table
      .map((row) => ({ row, got: synthesizeVerdict(toInput(row)), want: oracle(row) }))
      .filter(({ got, want }) => got.value !== want.value || got.runStatus !== want.runStatus)
      .map(
        ({ row, got, want }) =>
          `${label(row)}: got ${got.value}/${got.runStatus}, want ${want.value}/${want.runStatus}`,
      );
    expect(wrong).toEqual([]);
  });

  it('never passes a stage in which a verifier answered FAIL', () => {
    const passed = table.filter(
      (r) => r.verifierStatus === 'done' && r.verdict === 'FAIL' && synthesizeVerdict(toInput(r)).value === 'PASS',
    );
    expect(passed.map(label)).toEqual([]);
  });

  it('explains a FAIL verdict with its standing blocking finding, or says it had none, in every row that reaches the verifiers', () => {
    const problems: string[] = [];
    for (const row of table) {
      if (row.executor !== 'done' || row.verifierStatus !== 'done' || row.verdict !== 'FAIL') continue;
      const reasons = synthesizeVerdict(toInput(row)).reasons;
      const blockingStands = row.finding?.severity === 'blocking' && row.finding.disposition !== 'refuted';
      const saysNoBlocking = reasons.includes(failWithoutBlockingReason(X));
      const namesFinding = reasons.some((r) => r.startsWith('blocking finding F1 '));
      if (blockingStands ? saysNoBlocking || !namesFinding : !saysNoBlocking || namesFinding)
        problems.push(`${label(row)}: ${reasons.join(' | ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every FAIL at least one reason and every PASS exactly one', () => {
    const bad = table
      .map((row) => ({ row, v: synthesizeVerdict(toInput(row)) }))
      .filter(({ v }) => (v.value === 'PASS' ? v.reasons.length !== 1 : v.reasons.length === 0))
      .map(({ row }) => label(row));
    expect(bad).toEqual([]);
  });
});

describe('a verifier answering FAIL', () => {
  const base = (x: VerdictInput['verifiers'][number], findings: VerdictInput['findings']): VerdictInput => ({
    executorStatus: 'done',
    contractViolations: [],
    qa: [{ label: 'unit tests', cmd: 'npm test', passed: true, exitCode: 0 }],
    verifiers: [x, { worker: Y, status: 'done', verdict: 'PASS', findings: [] }],
    findings,
  });

  it('with only a major finding ("SQL injection") fails the stage and says it had no blocking finding', () => {
    const v = synthesizeVerdict(
      base({ worker: X, status: 'done', verdict: 'FAIL', findings: ['F1'] }, [
        { id: 'F1', severity: 'major', title: 'SQL injection', disposition: 'standing' },
      ]),
    );
    expect(v).toEqual({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['verifier Claude worker answered FAIL without a blocking finding'],
    });
  });

  it('with no finding at all fails the stage with the same reason', () => {
    const v = synthesizeVerdict(base({ worker: X, status: 'done', verdict: 'FAIL', findings: [] }, []));
    expect(v).toEqual({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['verifier Claude worker answered FAIL without a blocking finding'],
    });
  });

  it('three verifiers answering FAIL with no finding give three reasons, one per verifier', () => {
    const names = ['Claude worker', 'Codex worker', 'Gemini worker'];
    const v = synthesizeVerdict({
      executorStatus: 'done',
      contractViolations: [],
      qa: [],
      verifiers: names.map((worker) => ({ worker, status: 'done' as const, verdict: 'FAIL' as const, findings: [] })),
      findings: [],
    });
    expect(v).toEqual({ value: 'FAIL', runStatus: 'failed', reasons: names.map(failWithoutBlockingReason) });
  });

  it('whose blocking finding was refuted still fails the stage', () => {
    const v = synthesizeVerdict(
      base({ worker: X, status: 'done', verdict: 'FAIL', findings: ['F1'] }, [
        { id: 'F1', severity: 'blocking', title: 'off by one', disposition: 'refuted' },
      ]),
    );
    expect(v).toEqual({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['verifier Claude worker answered FAIL without a blocking finding'],
    });
  });

  it('with a standing blocking finding fails on that finding alone', () => {
    const v = synthesizeVerdict(
      base({ worker: X, status: 'done', verdict: 'FAIL', findings: ['F1'] }, [
        { id: 'F1', severity: 'blocking', title: 'off by one', disposition: 'confirmed' },
      ]),
    );
    expect(v).toEqual({ value: 'FAIL', runStatus: 'failed', reasons: ['blocking finding F1 confirmed: off by one'] });
  });

  it('whose blocking finding was merged into another verifier’s counts it through the surviving id', () => {
    const raised = [
      {
        id: 'F1',
        severity: 'blocking' as const,
        title: 'off by one',
        detail: '',
        file: 'src/a.ts',
        line: 3,
        endLine: null,
        raisedBy: Y,
        confirmedBy: [],
        refutedBy: [],
        disposition: 'standing' as const,
      },
      {
        id: 'F2',
        severity: 'blocking' as const,
        title: 'off by one too',
        detail: '',
        file: 'src/a.ts',
        line: 3,
        endLine: null,
        raisedBy: X,
        confirmedBy: [],
        refutedBy: [],
        disposition: 'standing' as const,
      },
    ];
    const merged = mergeDuplicateFindings(raised);
    const v = synthesizeVerdict({
      executorStatus: 'done',
      contractViolations: [],
      qa: [],
      verifiers: [
        { worker: Y, status: 'done', verdict: 'FAIL', findings: survivingIds(['F1'], merged.survivorOf) },
        { worker: X, status: 'done', verdict: 'FAIL', findings: survivingIds(['F2'], merged.survivorOf) },
      ],
      findings: merged.findings,
    });
    expect(v).toEqual({ value: 'FAIL', runStatus: 'failed', reasons: ['blocking finding F1 confirmed: off by one'] });
  });

  it('whose list names another verifier’s blocking finding only (not its own) is judged by the ids it lists', () => {
    // Y raised F1; X answered FAIL listing nothing: F1 fails the stage, and X's FAIL is still unexplained.
    const v = synthesizeVerdict({
      executorStatus: 'done',
      contractViolations: [],
      qa: [],
      verifiers: [
        { worker: X, status: 'done', verdict: 'FAIL', findings: [] },
        { worker: Y, status: 'done', verdict: 'FAIL', findings: ['F1'] },
      ],
      findings: [{ id: 'F1', severity: 'blocking', title: 'off by one', disposition: 'standing' }],
    });
    expect(v.reasons).toEqual([failWithoutBlockingReason(X), 'blocking finding F1 standing: off by one']);
  });
});
