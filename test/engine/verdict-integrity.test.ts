/**
 * Verdict and report integrity end to end (issue 11): a real repository, the
 * engine wired as `okstra run` wires it, stand-in agents as real processes.
 * A verifier's FAIL is never a PASS; a report is valid or the stage is not
 * done; every worker that produced no result says why, on every surface.
 */
import { describe, expect, it } from 'vitest';
import { validateRun } from '../../src/core/conformance/index.js';
import { checkFinalReport, renderCheckRun, renderMarkdown, type FinalReport } from '../../src/core/report/index.js';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import {
  engineFor,
  LEDGER_BRANCH,
  ledgerRows,
  makeProject,
  show,
  WRITES_STAGE_FILE,
  completed,
  reportOnLedger,
  carryFilesOnLedger,
  executorOnly,
} from './helpers.js';

const verifierSays = (
  result: Record<string, unknown>,
  rest: Array<Record<string, unknown>> = [],
): Record<string, unknown> => ({ rules: [...rest, { when: { role: 'verifier' }, do: { verifierResult: result } }] });

const SAME_BLOCKING = {
  severity: 'blocking',
  title: 'Stage file has the wrong content',
  detail: 'It names the worker, not the stage contract.',
  file: 'src/stage-1.txt',
  line: 1,
};

describe('verdicts: a verifier FAIL is never a PASS', () => {
  it('three verifiers answering FAIL with no finding fail the stage, one reason each, and the carry is withheld', async () => {
    const fail = verifierSays({ verdict: 'FAIL', findings: [], evidenceRead: ['src/stage-1.txt'] });
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }, ...(fail.rules as unknown[])] },
        reviewer: fail,
        auditor: fail,
      },
    });
    const outcome = completed(await (await engineFor(p)).run(1));
    const { report } = outcome;
    // A verifier without a verdict says why (its status and failure), should one ever end so.
    const why = JSON.stringify(report.verifiers.map((v) => [v.worker, v.status, v.failure]));
    expect(
      report.verifiers.map((v) => v.verdict),
      why,
    ).toEqual(['FAIL', 'FAIL', 'FAIL']);
    expect(report.verdict).toEqual({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['Builder worker', 'Reviewer worker', 'Auditor worker'].map(
        (w) => `verifier ${w} answered FAIL without a blocking finding`,
      ),
    });
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started', 'failed']);
    expect(await carryFilesOnLedger(p)).toEqual([]);
    expect(report.errors).toEqual([]);
  });

  it('a FAIL with only a major finding ("SQL injection") fails the stage', async () => {
    const major = {
      severity: 'major',
      title: 'SQL injection',
      detail: 'String-built query.',
      file: 'src/stage-1.txt',
      line: 1,
    };
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: verifierSays({ verdict: 'FAIL', findings: [major], evidenceRead: ['src/stage-1.txt'] }),
      },
    });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict).toMatchObject({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: ['verifier Reviewer worker answered FAIL without a blocking finding'],
    });
  });
});

describe('merged findings: the stored report validates', () => {
  it('two verifiers raising the same blocking finding: one finding, both verifiers list its id, the report on the ledger passes validateRun', async () => {
    const raise = verifierSays({ verdict: 'FAIL', findings: [SAME_BLOCKING], evidenceRead: ['src/stage-1.txt'] });
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: raise, auditor: raise },
    });
    const outcome = completed(await (await engineFor(p)).run(1));
    const stored = await reportOnLedger(p, outcome);

    expect(stored.findings).toEqual([
      expect.objectContaining({
        id: 'F1',
        severity: 'blocking',
        raisedBy: 'Reviewer worker',
        confirmedBy: ['Auditor worker'],
        disposition: 'confirmed',
      }),
    ]);
    expect(stored.verifiers.map((v) => [v.worker, v.findings])).toEqual([
      ['Builder worker', []],
      ['Reviewer worker', ['F1']],
      ['Auditor worker', ['F1']],
    ]);
    expect(stored.verdict).toEqual({
      value: 'FAIL',
      runStatus: 'failed',
      reasons: [`blocking finding F1 confirmed: ${SAME_BLOCKING.title}`],
    });
    expect(stored.errors).toEqual([]);
    expect(checkFinalReport(stored)).toMatchObject({ ok: true });
    const rows = await ledgerRows(p);
    const headFiles = (await p.git.ok(['ls-tree', '-r', '--name-only', stored.git.headCommit]))
      .split('\n')
      .filter(Boolean);
    expect(
      validateRun({
        report: stored,
        carryFile: null,
        ledgerRow: rows.at(-1) ?? null,
        headFiles,
        planValidation: ['test -f src/stage-1.txt'],
      }),
    ).toEqual([]);
  });
});

describe('reports are valid or the stage is not done', () => {
  it('a PASS whose report breaks a protecting rule (a citation outside the repository fails the schema) ends contract-violated: failed row, no carry, the violation listed', async () => {
    const outside = {
      severity: 'major',
      title: 'Reads a file outside the repository',
      detail: 'See the sibling checkout.',
      file: '../elsewhere/secret.txt',
      line: 2,
    };
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: verifierSays({ verdict: 'PASS', findings: [outside], evidenceRead: ['src/stage-1.txt'] }),
      },
    });
    const outcome = completed(await (await engineFor(p)).run(1));
    const { report } = outcome;

    expect(report.verdict.value).toBe('FAIL');
    expect(report.verdict.runStatus).toBe('contract-violated');
    expect(report.verdict.reasons.length).toBeGreaterThan(0);
    for (const r of report.verdict.reasons)
      expect(r).toMatch(/^the report broke a conformance rule that protects the verdict: report\/schema: /);
    expect(
      report.errors
        .filter((e) => e.phase === 'conformance')
        .map((e) => e.message)
        .join('\n'),
    ).toMatch(/report\/schema: .*\/findings\/0\/file/);
    expect(report.stageSidecarEvidence.carryPath).toBeNull();
    expect('withheld' in report.stageSidecarEvidence && report.stageSidecarEvidence.withheld).toMatch(/report\/schema/);

    const rows = await ledgerRows(p);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({ status: 'failed', reason: 'contract-violated', report_path: outcome.reportPath });
    expect(rows.some((r) => r.status === 'done')).toBe(false);
    expect(await carryFilesOnLedger(p)).toEqual([]);
    expect((await reportOnLedger(p, outcome)).verdict.runStatus).toBe('contract-violated');
  });

  it('an advisory violation (a citation of a file the verifier did not list as read) is a warning beside an unchanged PASS', async () => {
    const unread = {
      severity: 'minor',
      title: 'Wording',
      detail: 'Could be clearer.',
      file: 'src/stage-1.txt',
      line: 1,
    };
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: verifierSays({ verdict: 'PASS', findings: [unread], evidenceRead: [] }),
      },
    });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict).toMatchObject({ value: 'PASS', runStatus: 'passed' });
    expect(report.errors.map((e) => [e.phase, e.message.split(':')[0]])).toEqual([
      ['conformance-advisory', 'finding/evidence-not-read'],
    ]);
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started', 'done']);
  });

  it('a citation is checked against the stage head: a file that is not there is flagged, one that is passes', async () => {
    const cite = (file: string): Record<string, unknown> => ({
      severity: 'minor',
      title: `About ${file}`,
      detail: 'Could be clearer.',
      file,
      line: 1,
    });
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: verifierSays({
          verdict: 'PASS',
          findings: [cite('src/stage-1.txt'), cite('src/never-written.txt')],
          evidenceRead: ['src/stage-1.txt', 'src/never-written.txt'],
        }),
      },
    });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.findings.map((f) => f.file)).toEqual(['src/stage-1.txt', 'src/never-written.txt']);
    expect(report.errors.map((e) => [e.phase, e.message.split(':')[0], e.message.includes('never-written')])).toEqual([
      ['conformance-advisory', 'finding/file-absent', true],
    ]);
  });
});

describe('why a worker failed', () => {
  it('a verifier that crashes and a re-verifier that errors: status, reason and stderr tail in the JSON, the Markdown, the check run and the CLI output', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: {
          rules: [
            { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
            { when: { role: 'reverify' }, do: { stderr: 'reverify: HTTP 429 from the model API\n', exitCode: 5 } },
          ],
        },
        reviewer: verifierSays({ verdict: 'FAIL', findings: [SAME_BLOCKING], evidenceRead: ['src/stage-1.txt'] }),
        auditor: {
          rules: [
            {
              when: { role: 'verifier' },
              do: { stderr: 'boot ok\npanic: upstream answered 500 (internal error)\n', exitCode: 3 },
            },
          ],
        },
      },
    });
    const lines: string[] = [];
    const io: CliIo = {
      out: (t) => lines.push(t),
      err: (t) => lines.push(`stderr: ${t}`),
      cwd: p.dir,
      env: process.env,
      now: () => new Date(),
    };
    const code = await main(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], io);
    expect(code).toBe(1);

    const rows = await ledgerRows(p);
    const last = rows.at(-1);
    expect(last?.status).toBe('failed');
    const text = await show(p, LEDGER_BRANCH, (last as { report_path: string }).report_path);
    const report = JSON.parse(text as string) as FinalReport;
    expect(checkFinalReport(report)).toMatchObject({ ok: true });

    const auditor = report.verifiers.find((v) => v.worker === 'Auditor worker');
    expect(auditor).toMatchObject({ status: 'error', verdict: null });
    expect(auditor?.failure?.reason).toMatch(/exited with code 3/);
    expect(auditor?.failure?.stderrTail).toContain('panic: upstream answered 500 (internal error)');
    // A worker that answered has no failure entry.
    expect(report.verifiers.find((v) => v.worker === 'Reviewer worker')).not.toHaveProperty('failure');
    expect(report.executor).not.toHaveProperty('failure');

    const reverify = report.convergence.failures ?? [];
    expect(reverify.length).toBeGreaterThan(0);
    expect(reverify[0]).toMatchObject({ worker: 'Builder worker', findingId: 'F1', status: 'error' });
    expect(reverify[0]?.failure.reason).toMatch(/exited with code 5/);
    expect(reverify[0]?.failure.stderrTail).toContain('reverify: HTTP 429 from the model API');

    const markdown = renderMarkdown(report).markdown;
    expect(markdown).toContain('**Workers without a result (');
    expect(markdown).toContain('panic: upstream answered 500 (internal error)');
    expect(markdown).toMatch(/\*\*Auditor worker\*\* \(verifier\) — error: .*exited with code 3/);
    expect(markdown).toMatch(/\*\*Builder worker\*\* \(re-verify of `F1`\) — error: .*exited with code 5/);

    const check = renderCheckRun(report);
    expect(check.text).toContain('panic: upstream answered 500 (internal error)');
    expect(check.text).toContain('reverify: HTTP 429 from the model API');

    const out = lines.join('\n');
    expect(out).toMatch(/^ {2}! Auditor worker \(verifier\) error: .*exited with code 3/m);
    expect(out).toMatch(/^ {6}\| panic: upstream answered 500 \(internal error\)$/m);
    expect(out).toMatch(/^ {2}! Builder worker \(re-verify of F1\) error: .*exited with code 5/m);
  });

  it('an executor that exits non-zero has its reason and stderr tail in the report', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly({
          writeFiles: { 'src/stage-1.txt': 'x\n' },
          stderr: 'model quota exhausted\n',
          exitCode: 2,
        }),
        reviewer: {},
      },
    });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.executor.status).toBe('error');
    expect(report.executor.failure).toEqual({
      reason: expect.stringMatching(/exited with code 2: model quota exhausted/),
      stderrTail: expect.stringContaining('model quota exhausted'),
    });
    expect(renderMarkdown(report).markdown).toMatch(
      /\*\*Builder worker\*\* \(executor\) — error: .*exited with code 2/,
    );
  });
});
