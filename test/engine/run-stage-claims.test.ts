/**
 * runStage end to end: parallel verifiers, stage bases, claims and secrets (run-stage.test.ts has the verdicts, the
 * contract violations and the remote). A real repository, the engine wired as `okstra run` wires it, and scripted
 * stand-in agents as real processes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFinalReport } from '../../src/core/report/index.js';
import type { StageCompleted, StageRefusal } from '../../src/engine/types.js';
import { runStage } from '../../src/engine/run-stage.js';
import { PendingSandbox } from '../../src/sandbox/pending-sandbox.js';
import { IsolationError } from '../../src/sandbox/sandbox.js';
import {
  conflictingDiamond,
  engineFor,
  eventually,
  isAlive,
  ledgerRows,
  makeProject,
  newRunId,
  resolve,
  stageBranch,
  treePaths,
  WRITES_STAGE_FILE,
  completed,
  carryFilesOnLedger,
  executorOnly,
  refused,
} from './helpers.js';

describe('runStage: parallel verifiers', () => {
  // git does not make concurrent `git worktree add/remove/prune` in one repository safe; the
  // workspace serialises them, so many parallel verifiers across many runs never break a run.
  it(
    'twelve verifiers at once, ten runs in a row: no run breaks on git worktree bookkeeping',
    { timeout: 120_000 },
    async () => {
      const reviewers = Array.from({ length: 11 }, (_, i) => `reviewer-${String.fromCharCode(97 + i)}`);
      const failsEveryAttempt = {
        rules: [
          // Each attempt changes the file again and every verifier fails it, so the stage can be re-entered.
          { when: { role: 'executor' }, do: { appendFiles: { 'src/stage-1.txt': 'one more line\n' }, carry: true } },
          { when: { role: 'verifier' }, do: { verifierResult: 'FAIL' } },
        ],
      };
      const p = await makeProject({
        plan: 'linear.md',
        config: { concurrency: { verifiers: 0 }, convergence: { rounds: 0 } },
        agents: Object.fromEntries(['builder', ...reviewers].map((name) => [name, failsEveryAttempt])),
      });
      const engine = await engineFor(p);
      for (let attempt = 1; attempt <= 10; attempt++) {
        const outcome = completed(await engine.run(1));
        expect(outcome.report.run.attempt).toBe(attempt);
        expect(outcome.report.verifiers).toHaveLength(12);
        expect(outcome.report.verifiers.every((v) => v.status === 'done' && v.verdict === 'FAIL')).toBe(true);
      }
    },
  );
});

describe('runStage: stage bases', () => {
  it("the diamond's stage 4 starts from a merge commit whose parents are the done heads of stages 2 and 3", async () => {
    const p = await makeProject({
      plan: 'diamond.md',
      agents: ({ recordFile }) => ({
        builder: executorOnly({ ...WRITES_STAGE_FILE, record: recordFile('executor') }),
        reviewer: {},
      }),
    });
    const engine = await engineFor(p);

    const chain = await engine.chain([2, 3]);
    expect(chain).toMatchObject({ status: 'complete', queue: [1, 2, 3] });
    const rows = await ledgerRows(p);
    const doneHead = (stage: number): string | undefined =>
      rows.find((r) => r.stage === stage && r.status === 'done')?.head_commit;
    const [head2, head3] = [doneHead(2), doneHead(3)];
    expect(head2).toMatch(/^[0-9a-f]{40}$/);
    expect(head3).toMatch(/^[0-9a-f]{40}$/);

    const outcome = completed(await engine.run(4));
    const { report } = outcome;
    expect(report.verdict.value).toBe('PASS');
    const base = report.git.baseCommit;
    const [self, ...parents] = (await p.git.ok(['rev-list', '--parents', '-n', '1', base])).split(' ');
    expect(self).toBe(base);
    // In stage order (graph/readiness.ts: "a merge of their done heads, in stage order").
    expect(parents).toEqual([head2, head3]);
    expect(rows.find((r) => r.stage === 4)).toBeUndefined();
    expect((await ledgerRows(p)).find((r) => r.stage === 4 && r.status === 'started')).toMatchObject({
      base_commit: base,
    });

    // Stage 4's branch holds the work of every stage; its executor got both carries.
    expect(await treePaths(p, stageBranch(p, 4))).toEqual(
      expect.arrayContaining(['src/stage-1.txt', 'src/stage-2.txt', 'src/stage-3.txt', 'src/stage-4.txt']),
    );
    const prompt4 = p.records('executor').find((r) => r.stage === '4')?.prompt ?? '';
    expect(prompt4).toContain('Stand-in Builder worker completed stage 2.');
    expect(prompt4).toContain('Stand-in Builder worker completed stage 3.');
  });

  it('a merge conflict between stages 2 and 3 refuses stage 4 with the conflicting path, writing nothing', async () => {
    const p = await makeProject(conflictingDiamond());
    const engine = await engineFor(p);
    expect(await engine.chain([2, 3])).toMatchObject({ status: 'complete' });

    const refsBefore = await p.git.ok(['for-each-ref', '--format=%(refname) %(objectname)']);
    const worktreesBefore = await p.git.ok(['worktree', 'list', '--porcelain']);
    const outcome = refused(await engine.run(4));
    expect(outcome.code).toBe('merge-conflict');
    expect(outcome.reason).toContain('shared.txt');
    expect(outcome.reason).not.toContain('src/stage-2.txt');

    expect(await p.git.ok(['for-each-ref', '--format=%(refname) %(objectname)'])).toBe(refsBefore);
    expect(await p.git.ok(['worktree', 'list', '--porcelain'])).toBe(worktreesBefore);
    expect((await ledgerRows(p)).filter((r) => r.stage === 4)).toEqual([]);
    expect(await resolve(p, stageBranch(p, 4))).toBeNull();
  });
});

describe('runStage: claims', () => {
  it('of several runs of one stage started at once, exactly one claims it; the others are refused as in progress', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    // Separate engines, as separate processes would have.
    const engines = await Promise.all([engineFor(p), engineFor(p), engineFor(p), engineFor(p)]);
    const ids = engines.map(() => newRunId(1));

    const outcomes = await Promise.all(engines.map((e, i) => e.run(1, ids[i])));
    const done = outcomes.filter((o): o is StageCompleted => o.kind === 'completed');
    const refusals = outcomes.filter((o): o is StageRefusal => o.kind === 'refused');
    expect(done).toHaveLength(1);
    expect(refusals.map((r) => r.code)).toEqual(['in-progress', 'in-progress', 'in-progress']);
    const winner = (done[0] as StageCompleted).report.run.id;
    for (const r of refusals) expect(r.reason).toContain(`stage 1 already in progress by run ${winner}`);

    expect((await ledgerRows(p)).map((r) => `${r.status}:${r.run_id}`)).toEqual([
      `started:${winner}`,
      `done:${winner}`,
    ]);
    expect((done[0] as StageCompleted).report.verdict.value).toBe('PASS');
  });

  it('a stage held by a running executor refuses a second run with the in-progress message', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      config: { timeouts: { executorMinutes: 0.05 } },
      agents: ({ recordFile }) => ({
        builder: executorOnly({ record: recordFile('executor'), hang: true }),
        reviewer: {},
      }),
    });
    const engine = await engineFor(p);
    const holder = newRunId(1);

    const first = engine.run(1, holder);
    expect(await eventually(() => p.records('executor').length > 0)).toBe(true);
    const second = refused(await (await engineFor(p)).run(1));
    expect(second.code).toBe('in-progress');
    expect(second.reason).toMatch(new RegExp(`^stage 1 already in progress by run ${holder} until \\S+`));

    const held = completed(await first);
    expect(held.report.verdict.runStatus).toBe('error');
    expect((await ledgerRows(p)).map((r) => `${r.status}:${r.run_id}`)).toEqual([
      `started:${holder}`,
      `failed:${holder}`,
    ]);
  });

  it('a run that breaks right after its claim (the stage branch cannot be created) releases the claim', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    // A user branch under the stage branch's name: git cannot create okstra/linear/stage-1 next to it.
    await p.git.ok(['branch', `${stageBranch(p, 1)}/notes`]);
    const engine = await engineFor(p);

    const error = await engine.run(1).then(
      (outcome) => new Error(`expected the run to break, got ${outcome.kind}`),
      (e: unknown) => e,
    );
    expect(String(error)).toContain(`cannot lock ref 'refs/heads/${stageBranch(p, 1)}'`);
    const rows = await ledgerRows(p);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({
      run_id: rows[0]?.run_id,
      reason: 'error',
      detail: expect.stringContaining('okstra failed during the run'),
    });

    // Released, so once the stray branch is gone the stage runs.
    await p.git.ok(['branch', '-D', `${stageBranch(p, 1)}/notes`]);
    expect(completed(await engine.run(1)).report.verdict.value).toBe('PASS');
  });

  it('a boundary whose proof fails after the claim (a shell proves it beside the claim) releases the claim naming it, and no agent runs', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: ({ recordFile }) => ({
        builder: executorOnly({ ...WRITES_STAGE_FILE, record: recordFile('executor') }),
        reviewer: {},
      }),
    });
    const engine = await engineFor(p);
    const broken = new IsolationError(
      "the agents' boundary does not hold on this runner: okstra-agent-1 could read /proc/1/environ",
    );
    const deps = { ...engine.prepared.deps, sandbox: new PendingSandbox(Promise.reject(broken)) };

    const error = await runStage({ ...engine.prepared.request, stage: 1, runId: newRunId(1) }, deps).then(
      (outcome) => new Error(`expected the run to break, got ${outcome.kind}`),
      (e: unknown) => e,
    );
    expect(String(error)).toContain("the agents' boundary does not hold on this runner");
    const rows = await ledgerRows(p);
    expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
    expect(rows[1]).toMatchObject({
      reason: 'error',
      detail: expect.stringContaining("okstra failed during the run: the agents' boundary does not hold"),
    });
    expect(p.records('executor')).toEqual([]);
    // The same stage with a boundary that holds runs, the executor included.
    expect(completed(await engine.run(1)).report.verdict.value).toBe('PASS');
    expect(p.records('executor').length).toBeGreaterThan(0);
  });

  it('a hanging executor is killed at its timeout: runStatus error, failed row (timeout), claim released, process tree gone', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      config: { timeouts: { executorMinutes: 0.02 } },
      agents: ({ scratch, recordFile }) => ({
        builder: executorOnly({
          record: recordFile('executor'),
          writeFiles: { 'src/half-done.txt': 'half\n' },
          spawnGrandchild: { pidFile: join(scratch, 'grandchild.pid') },
          ignoreSigterm: true,
          hang: true,
        }),
        reviewer: {},
      }),
    });
    const grandchildPidFile = join(p.scratch, 'grandchild.pid');
    const engine = await engineFor(p);

    const started = Date.now();
    const outcome = completed(await engine.run(1));
    const elapsed = Date.now() - started;
    const { report } = outcome;
    expect(report.executor.status).toBe('timeout');
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'error' });
    expect(report.verifiers).toEqual([]);
    expect(checkFinalReport(report)).toMatchObject({ ok: true });
    expect(elapsed).toBeLessThan(30_000);
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started', 'failed']);
    expect((await ledgerRows(p))[1]).toMatchObject({ reason: 'timeout', report_path: outcome.reportPath });
    expect(await carryFilesOnLedger(p)).toEqual([]);

    // The agent and what it started are gone.
    const agentPid = p.records('executor')[0]?.pid as number;
    const grandchildPid = Number(readFileSync(grandchildPidFile, 'utf8'));
    expect(agentPid).toBeGreaterThan(0);
    expect(grandchildPid).toBeGreaterThan(0);
    expect(await eventually(() => !isAlive(agentPid) && !isAlive(grandchildPid), 5000)).toBe(true);

    // The claim was released: a new run claims the stage and completes it.
    p.script('builder', executorOnly(WRITES_STAGE_FILE));
    const retry = completed(await engine.run(1));
    expect(retry.report.verdict.value).toBe('PASS');
    expect(retry.report.run.attempt).toBe(2);
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started', 'failed', 'started', 'done']);
  });
});

describe('runStage: secrets', () => {
  it('the executor gets a per-dispatch gateway credential for its key variable, never the key; QA gets neither', async () => {
    const key = 'fake-key-3f9a1c7e-never-in-qa';
    const reviewerKey = 'fake-reviewer-key-b81d20';
    const dumpFile = (scratch: string): string => join(scratch, 'qa-env.txt');
    const p = await makeProject({
      plan: 'linear.md',
      agents: ({ recordFile }) => ({
        builder: executorOnly({ ...WRITES_STAGE_FILE, record: recordFile('executor') }),
        reviewer: {},
      }),
      // The QA command dumps its whole environment to a file outside the worktree.
      config: ({ scratch }) => ({
        // The APIs the keys are for; the stand-ins never call them, the gateway would.
        providers: {
          builder: { apiKeyEnv: 'BUILDER_LLM_KEY', baseUrl: 'http://127.0.0.1:9/v1' },
          reviewer: { apiKeyEnv: 'REVIEWER_API_KEY', baseUrl: 'http://127.0.0.1:9/v1' },
        },
        qaCommands: [`env > ${dumpFile(scratch)}`],
      }),
    });
    const dump = dumpFile(p.scratch);

    const engine = await engineFor(p, { env: { ...process.env, BUILDER_LLM_KEY: key, REVIEWER_API_KEY: reviewerKey } });
    const outcome = completed(await engine.run(1));
    expect(outcome.report.qa.map((q) => [q.cmd, q.passed])).toEqual([
      ['test -f src/stage-1.txt', true],
      [`env > ${dump}`, true],
    ]);

    // The key was in play, but only the gateway holds it: the executor got a stand-in credential and the gateway's address.
    const executorEnv = p.records('executor')[0]?.env ?? {};
    expect(executorEnv.BUILDER_LLM_KEY).toMatch(/^okstra-dispatch-[A-Za-z0-9_-]{40,}$/);
    expect(Object.values(executorEnv)).not.toContain(key);
    expect(executorEnv.OKSTRA_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/d\/[^/]+$/);
    const qaEnv = readFileSync(dump, 'utf8');
    expect(qaEnv).toMatch(/^PATH=/m);
    expect(qaEnv).not.toContain('BUILDER_LLM_KEY');
    expect(qaEnv).not.toContain(key);
    expect(qaEnv).not.toContain('REVIEWER_API_KEY');
    expect(qaEnv).not.toContain(reviewerKey);
    expect(outcome.report.verdict.value).toBe('PASS');
  });
});

describe('runStage: a key without the API it is for', () => {
  it('a command provider whose key variable names no known API and no baseUrl is refused before it starts, and never gets the key', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: ({ recordFile }) => ({
        builder: executorOnly({ ...WRITES_STAGE_FILE, record: recordFile('executor') }),
        reviewer: {},
      }),
      config: { providers: { builder: { apiKeyEnv: 'BUILDER_LLM_KEY' } } },
    });
    const engine = await engineFor(p, { env: { ...process.env, BUILDER_LLM_KEY: 'fake-key-no-api-1f2e3d' } });
    const outcome = completed(await engine.run(1));
    expect(outcome.report.executor.status).toBe('error');
    expect(outcome.report.executor.summary).toMatch(/apiKeyEnv names BUILDER_LLM_KEY but no baseUrl/);
    expect(p.records('executor')).toEqual([]);
  });
});
