/**
 * runStage end to end: verdicts, re-entry, contract violations, QA and the remote (run-stage-claims.test.ts has
 * parallel verifiers, stage bases, claims and secrets). A real repository, the engine wired as `okstra run` wires it
 * (prepareRun: git ledger store, stage workspace, real QA, Command providers), and scripted stand-in agents as real
 * processes.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFinalReport, type FinalReport } from '../../src/core/report/index.js';
import { Git } from '../../src/git/git.js';
import {
  changedIn,
  checkoutSnapshot,
  engineFor,
  isAncestor,
  LEDGER_BRANCH,
  ledgerRows,
  makeProject,
  remoteOf,
  resolve,
  show,
  stageBranch,
  treePaths,
  WRITES_STAGE_FILE,
  type Project,
  completed,
  reportOnLedger,
  carryFilesOnLedger,
  executorOnly,
  refused,
} from './helpers.js';

const LEDGER_WRITER = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents', 'ledger-writer.mjs');

/** Why the carry was withheld, or undefined when it was written. */
function withheld(report: FinalReport): string | undefined {
  const evidence = report.stageSidecarEvidence;
  return 'withheld' in evidence ? evidence.withheld : undefined;
}

const carryPathOf = (p: Project, stage: number): string => `plans/${p.planId}/carry/stage-${stage}.json`;

const BLOCKING = {
  severity: 'blocking',
  title: 'Kelvin below absolute zero is accepted',
  detail: 'celsiusToKelvin(-300) returns -26.85 instead of throwing.',
  file: 'src/stage-1.txt',
  line: 1,
};
const failsWith = (finding: Record<string, unknown>): Record<string, unknown> => ({
  rules: [
    {
      when: { role: 'verifier' },
      do: { verifierResult: { verdict: 'FAIL', findings: [finding], evidenceRead: ['src/stage-1.txt'] } },
    },
  ],
});

describe('runStage: PASS', () => {
  it('persists carry, report and the done row in ONE ledger commit; the report is schema-valid with no conformance errors', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const engine = await engineFor(p);

    const outcome = completed(await engine.run(1));
    const { report } = outcome;
    expect(report.verdict).toMatchObject({ value: 'PASS', runStatus: 'passed' });
    expect(report.errors).toEqual([]);
    expect(checkFinalReport(report)).toMatchObject({ ok: true });

    // The terminal commit is the ledger tip and holds everything the run wrote.
    expect(await resolve(p, LEDGER_BRANCH)).toBe(outcome.ledgerCommit);
    const reportMd = outcome.reportPath.replace(/\.json$/, '.md');
    expect(await changedIn(p, outcome.ledgerCommit)).toEqual(
      [`plans/${p.planId}/state.json`, carryPathOf(p, 1), outcome.reportPath, reportMd].sort(),
    );
    // Its parent is the claim commit: the only row there is `started`, and no carry or report yet.
    const parent = `${outcome.ledgerCommit}^`;
    expect((await ledgerRows(p, parent)).map((r) => r.status)).toEqual(['started']);
    expect(await show(p, parent, carryPathOf(p, 1))).toBeNull();
    expect(await show(p, parent, outcome.reportPath)).toBeNull();

    const rows = await ledgerRows(p);
    expect(rows.map((r) => `${r.status}:${r.run_id}`)).toEqual([`started:${report.run.id}`, `done:${report.run.id}`]);
    const done = rows[1];
    const head = await resolve(p, stageBranch(p, 1));
    expect(done).toMatchObject({
      status: 'done',
      carry_path: carryPathOf(p, 1),
      report_path: outcome.reportPath,
      head_commit: head,
      run_id: report.run.id,
    });
    expect(report.ledgerRow).toEqual(done);

    // The carry on the ledger branch is the executor's evidence.
    const carry = JSON.parse((await show(p, LEDGER_BRANCH, carryPathOf(p, 1))) as string) as Record<string, unknown>;
    expect(carry).toMatchObject({ stage: 1, filesChanged: ['src/stage-1.txt'], exitContract: { met: true } });
    expect(report.stageSidecarEvidence).toMatchObject({ carryPath: carryPathOf(p, 1) });
    expect(report.stageSidecarEvidence).not.toHaveProperty('withheld');

    // The report written is the one returned, valid against the schema, and its Markdown is there too.
    const written = await reportOnLedger(p, outcome);
    expect(written).toEqual(report);
    expect(checkFinalReport(written)).toMatchObject({ ok: true });
    expect(await show(p, LEDGER_BRANCH, reportMd)).toBe(outcome.markdown);

    // The stage branch holds the executor's work on top of the base.
    expect(report.git).toMatchObject({
      branch: stageBranch(p, 1),
      baseCommit: await resolve(p, 'main'),
      headCommit: head,
      reusedBranch: false,
      changedFiles: ['src/stage-1.txt'],
    });
    expect(await show(p, stageBranch(p, 1), 'src/stage-1.txt')).toBe('stage 1 by Builder worker\n');
    expect(report.qa).toEqual([
      expect.objectContaining({ source: 'plan', cmd: 'test -f src/stage-1.txt', exitCode: 0, passed: true }),
    ]);
    expect(report.verifiers.map((v) => [v.worker, v.status, v.verdict])).toEqual([
      ['Builder worker', 'done', 'PASS'],
      ['Reviewer worker', 'done', 'PASS'],
    ]);
  });

  it("leaves the user's work tree, index and HEAD exactly as they were", async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
      files: { 'src/app.txt': 'app v1\n' },
    });
    // A user in the middle of their own work: an unstaged edit, a staged new file, an untracked file.
    writeFileSync(join(p.dir, 'README.md'), '# project\n\nedited, not staged\n');
    writeFileSync(join(p.dir, 'staged.txt'), 'staged, not committed\n');
    await p.git.ok(['add', 'staged.txt']);
    writeFileSync(join(p.dir, 'src/app.txt'), 'app v2 (staged)\n');
    await p.git.ok(['add', 'src/app.txt']);
    writeFileSync(join(p.dir, 'src/app.txt'), 'app v3 (unstaged on top of staged)\n');
    writeFileSync(join(p.dir, 'notes.txt'), 'untracked\n');
    const before = await checkoutSnapshot(p);

    const engine = await engineFor(p);
    expect(completed(await engine.run(1)).report.verdict.value).toBe('PASS');
    expect(completed(await engine.run(2)).report.verdict.value).toBe('PASS');

    expect(await checkoutSnapshot(p)).toEqual(before);
    // The executor's files went to the stage branches only.
    expect(existsSync(join(p.dir, 'src/stage-1.txt'))).toBe(false);
    expect(existsSync(join(p.dir, 'src/stage-2.txt'))).toBe(false);
  });
});

describe('runStage: FAIL and re-entry', () => {
  it('a blocking finding fails the stage: failed row (verdict-fail), carry withheld, and the dependent stage is not ready', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: failsWith(BLOCKING) },
    });
    const engine = await engineFor(p);

    const outcome = completed(await engine.run(1));
    const { report } = outcome;
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons.join('\n')).toContain(BLOCKING.title);
    // Builder's verifier did not raise it: convergence re-asked, Builder confirmed, so it stands confirmed.
    expect(report.findings).toEqual([
      expect.objectContaining({
        id: 'F1',
        severity: 'blocking',
        title: BLOCKING.title,
        raisedBy: 'Reviewer worker',
        confirmedBy: ['Builder worker'],
        refutedBy: [],
        disposition: 'confirmed',
        file: 'src/stage-1.txt',
        line: 1,
      }),
    ]);
    expect(report.convergence).toEqual({ rounds: 1, disputed: 1, resolved: 1 });
    expect(report.errors).toEqual([]);
    expect(checkFinalReport(report)).toMatchObject({ ok: true });

    const rows = await ledgerRows(p);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({
      status: 'failed',
      reason: 'verdict-fail',
      report_path: outcome.reportPath,
      head_commit: await resolve(p, stageBranch(p, 1)),
    });
    expect(rows[1]).not.toHaveProperty('carry_path');

    // No carry anywhere on the ledger branch; the report says why it was withheld.
    expect(await carryFilesOnLedger(p)).toEqual([]);
    expect(await changedIn(p, outcome.ledgerCommit)).toEqual(
      [`plans/${p.planId}/state.json`, outcome.reportPath, outcome.reportPath.replace(/\.json$/, '.md')].sort(),
    );
    expect(report.stageSidecarEvidence.carryPath).toBeNull();
    expect(withheld(report)).toMatch(/\S/);
    expect(withheld(await reportOnLedger(p, outcome))).toBe(withheld(report));

    // Stage 2 depends on stage 1, which is not done: refused before anything is written.
    const tip = await resolve(p, LEDGER_BRANCH);
    const next = refused(await engine.run(2));
    expect(next.code).toBe('not-ready');
    expect(next.reason).toContain('stage 2 is not ready');
    expect(await resolve(p, LEDGER_BRANCH)).toBe(tip);
    expect(await resolve(p, stageBranch(p, 2))).toBeNull();
  });

  it('a fix run re-enters the same branch (attempt 2) with the finding in the executor prompt, then passes', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: ({ recordFile }) => ({
        builder: executorOnly({ ...WRITES_STAGE_FILE, record: recordFile('executor') }),
        reviewer: failsWith(BLOCKING),
      }),
    });
    const engine = await engineFor(p);

    const first = completed(await engine.run(1));
    expect(first.report.verdict.value).toBe('FAIL');
    const firstHead = first.report.git.headCommit;

    // The fix: the executor now writes a different file; the reviewer is satisfied.
    p.script(
      'builder',
      executorOnly({
        writeFiles: { 'src/stage-1.txt': 'stage 1, fixed: below absolute zero throws\n' },
        final: 'Fixed the finding.',
        carry: true,
        record: p.recordFile('executor'),
      }),
    );
    p.script('reviewer', {});
    const second = completed(await engine.run(1));
    const { report } = second;

    expect(report.run.attempt).toBe(2);
    expect(report.git.reusedBranch).toBe(true);
    expect(report.git.branch).toBe(first.report.git.branch);
    expect(report.git.baseCommit).toBe(first.report.git.baseCommit);
    expect(report.git.headCommit).not.toBe(firstHead);
    expect(await isAncestor(p, firstHead, report.git.headCommit)).toBe(true);
    expect(await resolve(p, stageBranch(p, 1))).toBe(report.git.headCommit);

    const prompts = p.records('executor').map((r) => r.prompt);
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).not.toContain(BLOCKING.title);
    expect(prompts[1]).toContain(BLOCKING.title);

    expect(report.verdict).toMatchObject({ value: 'PASS', runStatus: 'passed' });
    expect(report.errors).toEqual([]);
    const rows = await ledgerRows(p);
    expect(rows.map((r) => `${r.status}:${r.run_id}`)).toEqual([
      `started:${first.report.run.id}`,
      `failed:${first.report.run.id}`,
      `started:${report.run.id}`,
      `done:${report.run.id}`,
    ]);
    expect(await show(p, LEDGER_BRANCH, carryPathOf(p, 1))).not.toBeNull();
    // The failed attempt's report is kept next to the passing one.
    expect(await show(p, LEDGER_BRANCH, first.reportPath)).not.toBeNull();
  });
});

describe('runStage: contract violations and QA', () => {
  it.each([
    [
      'no Stage Carry Evidence block',
      { writeFiles: { 'src/stage-1.txt': 'x\n' }, final: 'Done, but I forgot the evidence block.' },
      /Stage Carry Evidence/,
    ],
    [
      'Stage Carry Evidence for another stage',
      { writeFiles: { 'src/stage-1.txt': 'x\n' }, carry: { stage: 2 } },
      /for stage 2, but this run is stage 1/,
    ],
  ])(
    '%s → contract-violated, failed row (contract-violated), no carry, verifiers never run',
    async (_name, executor, why) => {
      const p = await makeProject({
        plan: 'linear.md',
        agents: ({ recordFile }) => ({
          builder: executorOnly(executor),
          reviewer: { record: recordFile('reviewer'), verifierResult: 'PASS' },
        }),
      });
      const engine = await engineFor(p);

      const outcome = completed(await engine.run(1));
      const { report } = outcome;
      expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'contract-violated' });
      expect(report.verdict.reasons.join('\n')).toMatch(why);
      expect(report.executor.status).toBe('contract-violated');
      expect(report.verifiers).toEqual([]);
      expect(p.records('reviewer')).toEqual([]);
      expect(checkFinalReport(report)).toMatchObject({ ok: true });

      const rows = await ledgerRows(p);
      expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
      expect(rows[1]).toMatchObject({ reason: 'contract-violated', report_path: outcome.reportPath });
      expect(await carryFilesOnLedger(p)).toEqual([]);
      expect(report.stageSidecarEvidence.carryPath).toBeNull();
      expect(withheld(report)).toMatch(/contract/);
    },
  );

  it('a verifier that ignores read-only mode and writes is refused by the file system: the tree it reviews is unchanged and the run says so', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: {
          rules: [
            {
              when: { role: 'verifier' },
              do: {
                writeFiles: { 'sneaky.txt': 'written by a verifier\n' },
                appendFiles: { 'src/stage-1.txt': 'tampered by a verifier\n' },
                verifierResult: 'PASS',
              },
            },
          ],
        },
      },
    });
    const outcome = completed(await (await engineFor(p)).run(1));
    const { report } = outcome;
    // Nothing changed, so its answer stands; the kernel, not the agent's good will, kept the tree as it was.
    expect(report.verifiers.find((v) => v.worker === 'Reviewer worker')).toMatchObject({
      status: 'done',
      verdict: 'PASS',
    });
    expect(report.errors).toEqual([]);
    expect(report.progress.map((e) => e.line).join('\n')).toMatch(
      /file system refused a write in the read-only tree.*Reviewer worker/,
    );
    const branch = stageBranch(p, 1);
    expect(await treePaths(p, branch)).not.toContain('sneaky.txt');
    expect(await show(p, branch, 'src/stage-1.txt')).toBe('stage 1 by Builder worker\n');
  });

  it('with isolation: none, an executor that writes to the ledger branch breaks its contract and the stage fails; its row decides nothing', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      config: (paths) => ({
        isolation: 'none',
        providers: {
          builder: {
            command: `${process.execPath} ${LEDGER_WRITER} --script ${join(paths.scratch, 'builder.script.json')}`,
          },
        },
      }),
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const engine = await engineFor(p);

    const { report } = completed(await engine.run(1));
    expect(report.executor).toMatchObject({ status: 'contract-violated' });
    expect(JSON.stringify(report.executor)).toContain("wrote to the ledger (only okstra appends this stage's rows)");
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'contract-violated' });
    // The forged copy of the claim is there, and the stage still ends failed: it never became done.
    const rows = await ledgerRows(p);
    expect(rows.map((r) => ('status' in r ? r.status : ''))).toEqual(['started', 'started', 'failed']);
    expect(rows.at(-1)).toMatchObject({ reason: 'contract-violated' });
  });

  it('with isolation: none, a verifier that writes in its worktree is discarded (contract-violated) and its change reaches no commit', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      config: { isolation: 'none' },
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: {
          rules: [
            {
              when: { role: 'verifier' },
              do: {
                writeFiles: { 'sneaky.txt': 'written by a verifier\n' },
                appendFiles: { 'src/stage-1.txt': 'tampered by a verifier\n' },
                verifierResult: 'PASS',
              },
            },
          ],
        },
      },
    });
    const engine = await engineFor(p);

    const outcome = completed(await engine.run(1));
    const { report } = outcome;
    const reviewer = report.verifiers.find((v) => v.worker === 'Reviewer worker');
    expect(reviewer).toMatchObject({ status: 'contract-violated', verdict: null });
    expect(report.verifiers.find((v) => v.worker === 'Builder worker')).toMatchObject({
      status: 'done',
      verdict: 'PASS',
    });
    // Its PASS is not counted: every verifier on the roster must answer.
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons.join('\n')).toContain('Reviewer worker produced no verdict (contract-violated)');
    // Conformance names the change.
    expect(report.errors.map((e) => e.message).join('\n')).toMatch(
      /verifier\/worktree-changed: verifier Reviewer worker changed its worktree.*sneaky\.txt/,
    );
    expect(checkFinalReport(report)).toMatchObject({ ok: true });
    expect(await ledgerRows(p)).toEqual([
      expect.objectContaining({ status: 'started' }),
      expect.objectContaining({ status: 'failed', reason: 'verdict-fail' }),
    ]);

    const branch = stageBranch(p, 1);
    expect(await treePaths(p, branch)).not.toContain('sneaky.txt');
    expect(await show(p, branch, 'src/stage-1.txt')).toBe('stage 1 by Builder worker\n');
    const everyPathEverCommitted = await p.git.ok(['log', '--all', '--format=', '--name-only']);
    expect(everyPathEverCommitted.split('\n')).not.toContain('sneaky.txt');
    const everyObject = await p.git.ok(['rev-list', '--all', '--objects']);
    expect(everyObject).not.toMatch(/ sneaky\.txt$/m);
    expect(existsSync(join(p.dir, 'sneaky.txt'))).toBe(false);
  });

  it.each([
    ['made no change', { final: 'Nothing to do.', carry: true }, /made no change to the stage branch/],
    [
      "changed okstra's own files",
      { writeFiles: { 'src/stage-1.txt': 'x\n', '.okstra/config.yml': 'executor: builder\n' }, carry: true },
      /changed okstra's own files: \.okstra\/config\.yml/,
    ],
  ])(
    'an executor that %s broke its contract: failed row (contract-violated), no carry',
    async (_name, executor, why) => {
      const p = await makeProject({ plan: 'linear.md', agents: { builder: executorOnly(executor), reviewer: {} } });
      const outcome = completed(await (await engineFor(p)).run(1));
      expect(outcome.report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'contract-violated' });
      expect(outcome.report.verdict.reasons.join('\n')).toMatch(why);
      expect((await ledgerRows(p))[1]).toMatchObject({ status: 'failed', reason: 'contract-violated' });
      expect(await carryFilesOnLedger(p)).toEqual([]);
    },
  );

  it('an executor that exits non-zero ends the run with runStatus error and a failed row (error)', async () => {
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
    const outcome = completed(await (await engineFor(p)).run(1));
    expect(outcome.report.executor.status).toBe('error');
    expect(outcome.report.executor.summary).toMatch(/exited with code 2: model quota exhausted/);
    expect(outcome.report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'error' });
    expect(outcome.report.verifiers).toEqual([]);
    expect((await ledgerRows(p))[1]).toMatchObject({
      status: 'failed',
      reason: 'error',
      report_path: outcome.reportPath,
    });
    expect(await carryFilesOnLedger(p)).toEqual([]);
  });

  // An ignored path is invisible to a plain `git status`; dirtyPaths must still see it.
  it('with isolation: none, a verifier that writes an ignored file is discarded too (its worktree changed)', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      config: { isolation: 'none' },
      files: { '.gitignore': 'build/\n' },
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: {
          rules: [
            {
              when: { role: 'verifier' },
              do: {
                writeFiles: { 'build/verifier-output.txt': 'written by a read-only session\n' },
                verifierResult: 'PASS',
              },
            },
          ],
        },
      },
    });
    const outcome = completed(await (await engineFor(p)).run(1));
    expect(outcome.report.verifiers.find((v) => v.worker === 'Reviewer worker')).toMatchObject({
      status: 'contract-violated',
      verdict: null,
    });
    expect(outcome.report.verdict.value).toBe('FAIL');
  });

  it('a failing QA command fails the stage even when every verifier says PASS', async () => {
    const p = await makeProject({
      plan: 'qa-fails.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const engine = await engineFor(p);

    const outcome = completed(await engine.run(1));
    const { report } = outcome;
    expect(report.qa).toEqual([
      expect.objectContaining({ source: 'plan', cmd: 'test -f src/stage-1.txt && exit 3', exitCode: 3, passed: false }),
    ]);
    expect(report.verifiers.map((v) => [v.status, v.verdict])).toEqual([
      ['done', 'PASS'],
      ['done', 'PASS'],
    ]);
    expect(report.findings).toEqual([]);
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons.join('\n')).toMatch(/QA command failed: validation 1 \(exit 3\)/);
    expect(report.errors).toEqual([]);
    expect((await ledgerRows(p))[1]).toMatchObject({ status: 'failed', reason: 'verdict-fail' });
    expect(await carryFilesOnLedger(p)).toEqual([]);
    expect(withheld(report)).toMatch(/\S/);
  });
});

describe('runStage: with a remote (okstra run --remote)', () => {
  it('pushes the stage branch and keeps the ledger on the remote; another clone builds the next stage on it', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const remote = await remoteOf(p);
    const a = await remote.clone();

    const first = completed(await (await engineFor(p, { repoDir: a, remote: 'origin' })).run(1));
    expect(first.report.verdict.value).toBe('PASS');
    const head1 = first.report.git.headCommit;
    expect(await new Git(remote.bare).resolveCommit(`refs/heads/${stageBranch(p, 1)}`)).toBe(head1);
    expect((await ledgerRows(p, LEDGER_BRANCH, remote.bare)).map((r) => r.status)).toEqual(['started', 'done']);
    expect(await show(p, LEDGER_BRANCH, carryPathOf(p, 1), remote.bare)).not.toBeNull();

    const b = await remote.clone();
    const second = completed(await (await engineFor(p, { repoDir: b, remote: 'origin' })).run(2));
    expect(second.report.verdict.value).toBe('PASS');
    expect(second.report.git.baseCommit).toBe(head1);
    expect(await new Git(remote.bare).resolveCommit(`refs/heads/${stageBranch(p, 2)}`)).toBe(
      second.report.git.headCommit,
    );
    expect((await ledgerRows(p, LEDGER_BRANCH, remote.bare)).map((r) => `${r.stage}:${r.status}`)).toEqual([
      '1:started',
      '1:done',
      '2:started',
      '2:done',
    ]);
    // Stage 2's executor got stage 1's carry, read from the remote ledger.
    expect(second.report.stageSidecarEvidence.carryPath).toBe(carryPathOf(p, 2));
  });

  // With --remote the remote's stage branches are the record: a clone that did not run the failed
  // attempt must fetch and re-enter its pushed branch rather than start afresh.
  it('a fix run from another clone re-enters the failed attempt’s pushed branch', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: failsWith(BLOCKING) },
    });
    const remote = await remoteOf(p);
    const first = completed(await (await engineFor(p, { repoDir: await remote.clone(), remote: 'origin' })).run(1));
    expect(first.report.verdict.value).toBe('FAIL');
    const failedHead = first.report.git.headCommit;
    expect(await new Git(remote.bare).resolveCommit(`refs/heads/${stageBranch(p, 1)}`)).toBe(failedHead);

    p.script('builder', executorOnly({ writeFiles: { 'src/stage-1.txt': 'stage 1, fixed\n' }, carry: true }));
    p.script('reviewer', {});
    const b = await remote.clone();
    const fix = completed(await (await engineFor(p, { repoDir: b, remote: 'origin' })).run(1));
    expect(fix.report.run.attempt).toBe(2);
    expect(fix.report.git.reusedBranch).toBe(true);
    expect(await isAncestor(p, failedHead, fix.report.git.headCommit, remote.bare)).toBe(true);
    expect(fix.report.verdict.value).toBe('PASS');
    expect(await new Git(remote.bare).resolveCommit(`refs/heads/${stageBranch(p, 1)}`)).toBe(fix.report.git.headCommit);
  });

  // A dependency's done head may exist only on the remote; the run fetches it before building on it.
  it('a clone made before stage 1 ran still builds stage 2 on stage 1’s done head (from the remote)', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const remote = await remoteOf(p);
    const stale = await remote.clone();
    const first = completed(await (await engineFor(p, { repoDir: await remote.clone(), remote: 'origin' })).run(1));
    expect(first.report.verdict.value).toBe('PASS');

    const second = completed(await (await engineFor(p, { repoDir: stale, remote: 'origin' })).run(2));
    expect(second.report.git.baseCommit).toBe(first.report.git.headCommit);
    expect(second.report.verdict.value).toBe('PASS');
  });
});
