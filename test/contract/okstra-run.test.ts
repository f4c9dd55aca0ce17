import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FinalReport } from '../../src/core/report/schema/final-report.js';
import { BUILTIN_PROVIDERS } from '../../src/core/config/schema.js';
import { resolvePrice } from '../../src/core/usage/prices.js';
import type { Git } from '../../src/git/git.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { makeRepo } from '../helpers/git-repos.js';
import { CLIS, FAKE_KEY, unavailableReason } from './helpers.js';
import { SCRIPTED_USAGE, verifierMessage, writeThenCarry, type ModelCall, type Script } from './model-server/script.js';
import { CREDENTIAL_PREFIX_LENGTH, startModelServer, type ModelServer } from './model-server/server.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';

/**
 * Whole `okstra run`s of a stage on a real git repository: the real Claude
 * Code CLI executes, the real Codex and Gemini CLIs verify (each in its own
 * read-only session), all through the run's model gateway — the scripted
 * model server is its upstream — and as agent users (the tests run as root).
 */

const PLAN = `---
id: contract
---
# Contract run

## Stage Map

### Stage 1: Hello file

- **Depends-on:** none
- **Files:** \`hello.txt\`
- **Validation:** \`test -f hello.txt\`
- **Exit contract:** \`hello.txt\` exists.
- **Rollback:** revert the stage commit.

Create \`hello.txt\`.
`;

const missing = BUILTIN_PROVIDERS.map(unavailableReason).filter((r): r is string => r !== null);
if (missing.length > 0 && (process.env.CI || process.env.OKSTRA_REQUIRE_AGENT_CLIS === '1'))
  throw new Error(`the okstra run contract test needs every CLI: ${missing.join('; ')}`);

/** Claude Code writes hello.txt and reports its carry; every verifier opens it (its CLI's tool events show it) and passes it. */
const passingStage: Script = (call) => {
  if (call.role === 'executor') return writeThenCarry('hello.txt', 'hello from Claude Code\n', call.stage ?? 0)(call);
  if (call.role === 'verifier' && call.turn === 0) {
    return call.protocol === 'gemini'
      ? { kind: 'tool', name: 'read_file', args: { file_path: join(call.worktree ?? '', 'hello.txt') } }
      : { kind: 'shell', command: 'cat hello.txt' };
  }
  if (call.role === 'verifier') return { kind: 'text', text: verifierMessage('PASS', ['hello.txt']) };
  throw new Error(`unexpected ${call.role ?? 'unknown'} call from ${call.protocol}`);
};

/** What one answer of the scripted server costs at `model`'s price in okstra's table. */
function answerCost(model: string): number {
  const price = resolvePrice(model)?.price;
  if (!price) throw new Error(`${model} has no price in okstra's table`);
  return (SCRIPTED_USAGE.inputTokens * price.input + SCRIPTED_USAGE.outputTokens * price.output) / 1_000_000;
}

interface StageRun {
  res: CliResult;
  report: FinalReport;
  git: Git;
}

describe.skipIf(missing.length > 0)(
  'okstra run with real CLIs: Claude Code executes, Codex and Gemini CLI verify, through the gateway',
  () => {
    let server: ModelServer;
    beforeAll(async () => {
      server = await startModelServer();
    });
    afterAll(async () => {
      await server.close();
    });
    beforeEach(() => {
      server.requests.length = 0;
      server.scriptErrors.length = 0;
      server.setScript(passingStage);
    });
    const modelCalls = (): ModelCall[] => server.requests.flatMap((r) => (r.call ? [r.call] : []));

    /** Commits the plan and a config (with `extraConfig` lines), runs stage 1 and reads its report. */
    async function runStage(extraConfig: string[] = []): Promise<StageRun> {
      const { dir, git } = await makeRepo();
      mkdirSync(join(dir, '.okstra', 'plans'), { recursive: true });
      writeFileSync(join(dir, '.okstra', 'plans', 'contract.md'), PLAN);
      writeFileSync(
        join(dir, '.okstra', 'config.yml'),
        [
          'executor: claude',
          'approval: { required: false }',
          'verifiers: [codex, gemini]',
          'excludeExecutorFromVerifiers: true',
          'providers:',
          ...(['claude', 'codex', 'gemini'] as const).map(
            (ref) => `  ${ref}: { baseUrl: "${CLIS[ref].baseUrl(server)}", model: ${CLIS[ref].model} }`,
          ),
          ...extraConfig,
          '',
        ].join('\n'),
      );
      await git.ok(['add', '--all']);
      await git.ok(['commit', '--quiet', '-m', 'plan and config']);

      const env = Object.fromEntries(BUILTIN_PROVIDERS.map((ref) => [CLIS[ref].keyEnv, FAKE_KEY]));
      const res = await runCli(
        ['run', '--plan', '.okstra/plans/contract.md', '--stage', '1', '--repo', dir, '--json'],
        { cwd: dir, env },
      );
      expect(server.scriptErrors).toEqual([]);
      // Whatever the CLIs did, the upstream only ever saw the key okstra holds.
      expect(server.requests.filter((r) => r.protocol !== null).map((r) => r.credentialPrefix)).toEqual(
        server.requests.filter((r) => r.protocol !== null).map(() => FAKE_KEY.slice(0, CREDENTIAL_PREFIX_LENGTH)),
      );
      const at = res.stdout.indexOf('\n{');
      if (at < 0)
        throw new Error(
          `okstra run printed no report (exit ${res.exitCode}):\nstderr:\n${res.stderr}\nstdout:\n${res.stdout}`,
        );
      // PROGRESS lines come first; the report is the JSON document after them.
      return { res, report: JSON.parse(res.stdout.slice(at + 1)) as FinalReport, git };
    }

    it('runs the stage end to end: edit, QA, two read-only verifiers, PASS, carry and ledger; usage is what the API sent, priced from the table', async () => {
      const { res, report, git } = await runStage();
      expect(res.exitCode, `stderr:\n${res.stderr}\nstdout:\n${res.stdout}`).toBe(0);

      expect(report.verdict.value).toBe('PASS');
      // As root (this machine, CI containers) agents run as separate users; as an ordinary user, as that user.
      expect(report.isolation?.mode).toBe(process.geteuid?.() === 0 ? 'os-user' : 'none');
      expect(report.executor).toMatchObject({
        worker: 'Claude worker',
        status: 'done',
        usage: { inputTokens: 2 * SCRIPTED_USAGE.inputTokens, outputTokens: 2 * SCRIPTED_USAGE.outputTokens },
      });
      // Each verifier's citation is backed by what its CLI's events show it opened (one read, one answer).
      expect(report.verifiers.map((v) => [v.worker, v.status, v.verdict, v.evidence, v.unreadCitations])).toEqual([
        ['Codex worker', 'done', 'PASS', 'events', undefined],
        ['Gemini worker', 'done', 'PASS', 'events', undefined],
      ]);
      for (const v of report.verifiers)
        expect(v.usage).toMatchObject({
          inputTokens: 2 * SCRIPTED_USAGE.inputTokens,
          outputTokens: 2 * SCRIPTED_USAGE.outputTokens,
        });
      expect(report.qa.map((q) => [q.cmd, q.passed])).toEqual([['test -f hello.txt', true]]);

      // The gateway's records: every model request of the run, each with the API's own usage; gpt-5.5 has no price, so the total is incomplete.
      const { usage } = report;
      expect(usage.metered).toBe('gateway');
      const rows = (usage.requests ?? []).map((r) => [r.worker, r.status, r.inputTokens, r.outputTokens, r.refused]);
      const row = (worker: string): unknown[] => [
        worker,
        200,
        SCRIPTED_USAGE.inputTokens,
        SCRIPTED_USAGE.outputTokens,
        undefined,
      ];
      // The executor's two calls first; the verifiers ran at once, in either order.
      expect(rows.slice(0, 2)).toEqual([row('Claude worker'), row('Claude worker')]);
      expect(rows.slice(2).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
        row('Codex worker'),
        row('Codex worker'),
        row('Gemini worker'),
        row('Gemini worker'),
      ]);
      const byWorker = Object.fromEntries(usage.workers.map((w) => [w.worker, w]));
      expect(byWorker['Claude worker']?.costUsd).toBeCloseTo(2 * answerCost(CLIS.claude.model), 12);
      expect(byWorker['Gemini worker']?.costUsd).toBeCloseTo(2 * answerCost(CLIS.gemini.model), 12);
      expect(byWorker['Codex worker']?.costUsd).toBeNull();
      expect(report.executor.usage?.costUsd).toBeCloseTo(2 * answerCost(CLIS.claude.model), 12);
      expect(usage.total).toMatchObject({
        inputTokens: 6 * SCRIPTED_USAGE.inputTokens,
        outputTokens: 6 * SCRIPTED_USAGE.outputTokens,
        costComplete: false,
      });
      expect(usage.total.costUsd).toBeCloseTo(
        2 * answerCost(CLIS.claude.model) + 2 * answerCost(CLIS.gemini.model),
        12,
      );
      expect(usage.budgetExceeded).toBeUndefined();

      expect(await git.ok(['show', 'okstra/contract/stage-1:hello.txt'])).toBe('hello from Claude Code');
      const ledger = await ledgerRowsAt(git, 'contract');
      expect(ledger.map((r) => r.status)).toEqual(['started', 'done']);

      const calls = modelCalls();
      expect(new Set(calls.map((c) => `${c.protocol}:${c.role}`))).toEqual(
        new Set(['anthropic:executor', 'openai-responses:verifier', 'gemini:verifier']),
      );
      // Isolated, both verifiers read the executor's tree after okstra took it back and sealed it at the committed
      // head (root's, read-only to every agent user: test/sandbox/shared-review-tree.test.ts attacks it); without
      // isolation nothing stops a write there, so each verifier gets a checkout of its own.
      const executorTree = calls.find((c) => c.role === 'executor')?.worktree;
      const verifierTrees = calls.filter((c) => c.role === 'verifier').map((c) => c.worktree);
      expect(verifierTrees.length).toBeGreaterThan(0);
      if (report.isolation?.mode === 'os-user') {
        expect(new Set(verifierTrees)).toEqual(new Set([executorTree]));
        expect(report.isolation.detail).toContain('verifiers could not write the tree they reviewed');
      } else {
        for (const tree of verifierTrees) expect(tree).not.toBe(executorTree);
        expect(new Set(verifierTrees).size).toBe(2);
      }
    });

    it("a worker budget smaller than the executor's first request: refused before the API sees it, and the stage FAILs, naming the budget", async () => {
      const limit = SCRIPTED_USAGE.inputTokens; // smaller than any request's worst case (its body and its output cap)
      const { res, report, git } = await runStage(['budgets:', `  worker: { tokens: ${limit} }`]);
      // Exit 3, not 1: the stage was not judged, a provider could not do its job (src/cli/exit-codes.ts).
      expect(res.exitCode, `stderr:\n${res.stderr}`).toBe(3);

      expect(report.verdict.value).toBe('FAIL');
      expect(
        report.verdict.runStatus,
        JSON.stringify({ verdict: report.verdict, errors: report.errors }, null, 1),
      ).toBe('failed');
      expect(report.verdict.reasons).toEqual([
        expect.stringMatching(
          new RegExp(
            `^budget exceeded: worker limit ${limit} tokens would be passed: .*budgets\\.worker\\.tokens.* \\(Claude worker, executor\\)$`,
          ),
        ),
      ]);
      expect(report.executor.status).toBe('budget-exceeded');
      expect(report.usage.budgetExceeded).toMatchObject({
        worker: 'Claude worker',
        scope: 'worker',
        limit: `${limit} tokens`,
        spent: '0 tokens',
      });
      expect(report.usage.requests?.map((r) => [r.worker, r.status, r.refused])).toEqual([
        ['Claude worker', 400, 'budget'],
      ]);
      // Nothing reached the API; nothing was verified on a head the budget stopped.
      expect(modelCalls()).toEqual([]);
      expect(report.verifiers).toEqual([]);
      expect(report.stageSidecarEvidence.carryPath).toBeNull();
      const ledger = await ledgerRowsAt(git, 'contract');
      expect(ledger.map((r) => r.status)).toEqual(['started', 'failed']);
    });

    it("a verifier whose API fails for good: the report keeps the upstream's own error beside the worker", async () => {
      server.setScript((call) => {
        // A Retry-After past the gateway's retry budget is passed through at once (no two-minute wait in a test).
        if (call.protocol === 'gemini')
          return {
            kind: 'http-error',
            status: 500,
            message: 'scripted: the backend is down for maintenance',
            headers: { 'retry-after': '600' },
          };
        return passingStage(call);
      });
      const { res, report } = await runStage();
      // Exit 3: every missing verdict is a verifier whose API failed (an outage, not a judged FAIL).
      expect(res.exitCode, `stderr:\n${res.stderr}`).toBe(3);

      expect(report.verdict.value).toBe('FAIL');
      const gemini = report.verifiers.find((v) => v.worker === 'Gemini worker');
      expect(gemini?.status).toBe('error');
      expect(gemini?.upstreamError).toEqual({ status: 500, message: 'scripted: the backend is down for maintenance' });
      expect(report.verifiers.find((v) => v.worker === 'Codex worker')).toMatchObject({
        status: 'done',
        verdict: 'PASS',
      });
      expect(report.verifiers.find((v) => v.worker === 'Codex worker')?.upstreamError).toBeUndefined();
      expect(report.executor.upstreamError).toBeUndefined();
      expect(
        report.usage.requests?.filter((r) => r.worker === 'Gemini worker').map((r) => [r.status, r.retries]),
      ).toEqual([[500, 0]]);
    });
  },
);

if (missing.length > 0) {
  console.warn(`SKIPPED the okstra run contract test: ${missing.join('; ')}`);
  describe('okstra run with real CLIs', () => {
    it.skip(`SKIPPED — ${missing.join('; ')}`, () => undefined);
  });
}
