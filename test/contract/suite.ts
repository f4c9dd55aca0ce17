import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuiltinProvider } from '../../src/core/config/schema.js';
import { normalizeCitation, parseCarryEvidence, parseVerifierResult } from '../../src/core/contracts/index.js';
import { judgeEvidence } from '../../src/engine/verify.js';
import { resolvePrice } from '../../src/core/usage/prices.js';
import { upstreamErrorOf } from '../../src/engine/dispatch.js';
import { pinnedSpec } from '../../src/providers/cli-pins.js';
import type { DispatchResult } from '../../src/providers/types.js';
import { CREDENTIAL_PREFIX } from '../../src/sandbox/gateway/credentials.js';
import { agentScratchDir, makeRepo } from '../helpers/git-repos.js';
import { occurrences, snapshotDispatches, type AgentSnapshot } from './agent-snapshot.js';
import {
  CLIS,
  dispatch,
  engineEnv,
  FAKE_KEY,
  plantHostileAgentConfig,
  requireOrSkip,
  startContractGateway,
  startContractRig,
  type CliUnderTest,
  type ContractRig,
} from './helpers.js';
import {
  carryMessage,
  SCRIPTED_USAGE,
  verifierMessage,
  writeThenCarry,
  type ModelCall,
  type Turn,
} from './model-server/script.js';
import { CREDENTIAL_PREFIX_LENGTH, type ModelServer } from './model-server/server.js';

/**
 * The contract every built-in adapter must keep, run against the real,
 * pinned CLI binary and the scripted model server — through okstra's model
 * gateway (the scripted server is its upstream; only the gateway holds the
 * key) and as an unprivileged agent user, exactly as the engine dispatches.
 * One file per CLI calls this, so the three run in parallel.
 */
export interface ContractSuite {
  cli: CliUnderTest;
  server(): ModelServer;
  rig(): ContractRig;
}

/** What the scripted server's answers cost at `model`'s price in okstra's table (null: the table has none). */
function scriptedCost(model: string, calls: number): number | null {
  const price = resolvePrice(model)?.price;
  if (!price) return null;
  return (calls * (SCRIPTED_USAGE.inputTokens * price.input + SCRIPTED_USAGE.outputTokens * price.output)) / 1_000_000;
}

/** The key okstra holds, as far as the scripted server records a credential. */
const REAL_KEY_PREFIX = FAKE_KEY.slice(0, CREDENTIAL_PREFIX_LENGTH);

export function defineContractSuite(ref: BuiltinProvider, more?: (suite: ContractSuite) => void): void {
  const cli = CLIS[ref];
  const { skip, reason } = requireOrSkip(ref);
  if (skip) {
    describe(`${ref} contract`, () => {
      it.skip(`SKIPPED — ${reason}`, () => undefined);
    });
    return;
  }

  describe(`${ref}: the real ${pinnedSpec(ref)} through okstra's adapter, gateway and agent user`, () => {
    let rig: ContractRig;
    let server: ModelServer;
    beforeAll(async () => {
      rig = await startContractRig();
      server = rig.server;
    });
    afterAll(async () => {
      await rig.close();
    });
    beforeEach(() => {
      server.requests.length = 0;
      server.scriptErrors.length = 0;
      rig.sleeps.length = 0;
    });
    afterEach(() => {
      expect(server.scriptErrors, 'the scripted server could not answer a call').toEqual([]);
      // Whatever the CLI did, the upstream only ever saw the key okstra holds.
      const modelRequests = server.requests.filter((r) => r.protocol !== null);
      expect(
        modelRequests.map((r) => r.credentialPrefix).filter((p) => p !== REAL_KEY_PREFIX),
        'a model call reached the upstream without the real key',
      ).toEqual([]);
    });
    const modelCalls = (): ModelCall[] => server.requests.flatMap((r) => (r.call ? [r.call] : []));
    const metering = (result: DispatchResult): NonNullable<DispatchResult['metering']> => {
      expect(result.metering, 'the dispatch went through no gateway').toBeDefined();
      return result.metering as NonNullable<DispatchResult['metering']>;
    };

    it('executor: edits a file, ends with Stage Carry Evidence, reports its session and the usage the API sent', async () => {
      const { dir } = await makeRepo();
      server.setScript(writeThenCarry('hello.txt', 'hello from the contract test\n', 2));
      const result = await dispatch(cli, rig, dir);

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from the contract test\n');
      const carry = parseCarryEvidence(result.finalText, { stage: 2 });
      expect(carry.ok, carry.ok ? '' : carry.reason).toBe(true);
      expect(result.sessionId).toMatch(/\S/);

      // Two model calls (the write, then the answer), each reporting SCRIPTED_USAGE, counted by the gateway from the API's answers.
      const calls = modelCalls();
      expect(calls.map((c) => c.turn)).toEqual([0, 1]);
      expect(calls.every((c) => c.model === cli.model)).toBe(true);
      const { requests, usage } = metering(result);
      expect(requests.map((r) => [r.model, r.status, r.metered, r.inputTokens, r.outputTokens, r.retries])).toEqual([
        [cli.model, 200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens, 0],
        [cli.model, 200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens, 0],
      ]);
      const cost = scriptedCost(cli.model, 2);
      expect(usage).toMatchObject({
        inputTokens: 2 * SCRIPTED_USAGE.inputTokens,
        outputTokens: 2 * SCRIPTED_USAGE.outputTokens,
        cachedInputTokens: 0,
        cacheWriteTokens: 0,
      });
      expect(result.usage).toMatchObject({
        inputTokens: 2 * SCRIPTED_USAGE.inputTokens,
        outputTokens: 2 * SCRIPTED_USAGE.outputTokens,
        cachedInputTokens: 0,
      });
      if (cost === null) {
        // gpt-5.5 (Codex's model here) is not in the table: unknown, never 0 or a neighbour's price.
        expect(usage?.costUsd).toBeNull();
        expect(result.usage?.costUsd).toBeUndefined();
      } else {
        expect(usage?.costUsd).toBeCloseTo(cost, 12);
        // Not what the CLI says it cost (Claude Code prices the tokens itself): the gateway's figure from the table.
        expect(result.usage?.costUsd).toBeCloseTo(cost, 12);
      }
      expect(server.requests.filter((r) => r.protocol !== null).every((r) => r.credentialHeader !== null)).toBe(true);
    });

    it('the CLI holds only its dispatch credential: not the key, not the upstream, in no variable and no file of its user', async () => {
      const { dir } = await makeRepo();
      // This dispatch's private folder goes here, so its processes are the ones whose HOME is inside.
      const parent = agentScratchDir('okstra-dispatch-parent-');
      let agentUid: number | null = null;
      let snapshot: AgentSnapshot | null = null;
      server.setScript((call) =>
        call.turn === 0
          ? {
              kind: 'hold',
              // The CLI waits for this answer: its processes, variables and config files are as it runs with them.
              until: async () => {
                snapshot = await snapshotDispatches(parent);
              },
              then: { kind: 'text', text: carryMessage(2, 'README.md') },
            }
          : { kind: 'text', text: 'unexpected second call' },
      );
      const result = await dispatch(cli, rig, dir, {
        deps: { tmpDir: parent },
        onLease: (lease) => (agentUid = lease.user?.uid ?? null),
      });

      expect(result.status).toBe('done');
      const seen = snapshot as AgentSnapshot | null;
      if (!seen) throw new Error('the scripted server never held a call (no snapshot of the CLI was taken)');
      expect(seen.processes.length, 'no process of the dispatch was running the CLI').toBeGreaterThan(0);
      // As root (CI containers, this machine) the CLI runs as the leased agent user; as an ordinary user, as that user.
      const expectedUid = rig.sandbox.mode === 'os-user' ? agentUid : process.getuid?.();
      expect(expectedUid).toEqual(expect.any(Number));
      expect(new Set(seen.processes.map((p) => p.uid))).toEqual(new Set([expectedUid]));
      expect(seen.files.length, `no file in ${seen.folders.join(', ')}`).toBeGreaterThan(0);
      expect(occurrences(seen, FAKE_KEY), 'the real key reached the agent').toEqual([]);
      // The CLI knows only the gateway: the upstream's address is nowhere in what it was given.
      expect(occurrences(seen, `${server.url}/`)).toEqual([]);
      expect(
        seen.processes
          .flatMap((p) => Object.entries(p.env))
          .filter(([, v]) => new RegExp(`^${server.url.replace(/\./g, '\\.')}(?!\\d)`).test(v)),
      ).toEqual([]);
      const keyed = seen.processes.filter((p) => p.env[cli.keyEnv] !== undefined);
      expect(keyed.length, `no process of the agent had ${cli.keyEnv}`).toBeGreaterThan(0);
      for (const p of keyed)
        expect(p.env[cli.keyEnv]?.startsWith(CREDENTIAL_PREFIX), `${cli.keyEnv} of pid ${p.pid}`).toBe(true);
      expect(
        occurrences(seen, `${rig.gateway.url}/d/`).length,
        'the CLI was not pointed at the gateway',
      ).toBeGreaterThan(0);
      // What the CLI sent the gateway was accepted: it used the dispatch credential it was given.
      expect(metering(result).requests.map((r) => [r.status, r.refused])).toEqual([[200, undefined]]);
    });

    it("executor: runs the stage's commands in the worktree (validation needs a shell)", async () => {
      const { dir } = await makeRepo();
      // A command no edit-only mode approves by itself (Claude's acceptEdits refuses it headless; Gemini's auto_edit has no shell).
      const command = `node -e "require('fs').writeFileSync('validated.txt', String(6 * 7))"`;
      server.setScript((call) => {
        if (call.turn === 0) return { kind: 'shell', command };
        if (call.turn === 1) return { kind: 'write', path: 'hello.txt', content: 'hello\n' };
        return { kind: 'text', text: carryMessage(2, 'hello.txt') };
      });
      const result = await dispatch(cli, rig, dir);

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(
        existsSync(join(dir, 'validated.txt'))
          ? readFileSync(join(dir, 'validated.txt'), 'utf8')
          : `not run: ${modelCalls()[1]?.lastToolResult ?? ''}`,
      ).toBe('42');
    });

    it('verifier: a write and a shell command are refused by the read-only mode; the tree is unchanged and the Verifier Result parses', async () => {
      const { dir, git } = await makeRepo();
      server.setScript((call) => {
        if (call.turn === 0) return { kind: 'write', path: 'intruder.txt', content: 'a verifier wrote this\n' };
        if (call.turn === 1) return { kind: 'shell', command: 'touch intruder-from-shell.txt' };
        return { kind: 'text', text: verifierMessage('PASS', ['README.md']) };
      });
      const result = await dispatch(cli, rig, dir, { role: 'verifier' });

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(existsSync(join(dir, 'intruder.txt')), 'the read-only mode let a verifier write a file').toBe(false);
      expect(
        existsSync(join(dir, 'intruder-from-shell.txt')),
        'the read-only mode let a verifier run a writing command',
      ).toBe(false);
      expect(await git.ok(['status', '--porcelain', '--untracked-files=all'])).toBe('');
      const parsed = parseVerifierResult(result.finalText);
      expect(parsed.ok, parsed.ok ? '' : parsed.reason).toBe(true);
      const results = modelCalls()
        .filter((c) => c.turn > 0)
        .map((c) => c.lastToolResult ?? '');
      expect(results).toHaveLength(2);
      for (const text of results) expect(text).toMatch(cli.refusal);
    });

    it('evidence actually read: a verifier that opened src/a.ts and cites src/b.ts is discounted; one that cites what it opened counts', async () => {
      const { dir, git } = await makeRepo();
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src/a.ts'), 'export const a = 1;\n');
      writeFileSync(join(dir, 'src/b.ts'), 'export const b = 2;\n');
      await git.ok(['add', '--all']);
      await git.ok(['commit', '--quiet', '-m', 'two files']);
      const readA: Turn =
        ref === 'claude'
          ? { kind: 'tool', name: 'Read', args: { file_path: join(dir, 'src/a.ts') } }
          : ref === 'gemini'
            ? { kind: 'tool', name: 'read_file', args: { file_path: join(dir, 'src/a.ts') } }
            : ref === 'copilot'
              ? { kind: 'tool', name: 'view', args: { path: join(dir, 'src/a.ts') } }
              : { kind: 'shell', command: "sed -n '1,20p' src/a.ts" };
      const answer = (cited: string): string =>
        `Reviewed.\n\n### Verifier Result\n\n\`\`\`json\n${JSON.stringify({ verdict: 'FAIL', findings: [{ severity: 'blocking', title: 'wrong constant', file: `${cited}:1` }], evidenceRead: [cited] }, null, 2)}\n\`\`\`\n`;
      const judge = async (cited: string) => {
        server.setScript((call) => (call.turn === 0 ? readA : { kind: 'text', text: answer(cited) }));
        const result = await dispatch(cli, rig, dir, { role: 'verifier' });
        expect(result.errorMessage).toBeUndefined();
        expect(result.status).toBe('done');
        const parsed = parseVerifierResult(result.finalText);
        if (!parsed.ok) throw new Error(parsed.reason);
        const evidenceRead = parsed.result.evidenceRead.map((p) => normalizeCitation(p, dir).path);
        const cites = [
          ...parsed.result.findings.flatMap((f) => (f.file ? [normalizeCitation(f.file, dir).path] : [])),
          ...evidenceRead,
        ];
        return { opened: result.opened, judged: await judgeEvidence(result, cites, async () => []) };
      };

      const honest = await judge('src/a.ts');
      expect(honest.opened).toEqual({ source: 'events', files: ['src/a.ts'] });
      expect(honest.judged).toEqual({ unread: [], entry: { evidence: 'events' } });
      const forged = await judge('src/b.ts');
      expect(forged.judged).toEqual({
        unread: ['src/b.ts'],
        entry: { evidence: 'events', unreadCitations: ['src/b.ts'] },
      });
    });

    it("the worktree's own agent configuration runs no code in a read-only session", async () => {
      const { dir, git } = await makeRepo();
      // Writable by the agent user: a planted program that ran would leave its marker (a root-only folder would hide it).
      const marker = join(agentScratchDir('okstra-marker-'), 'ran');
      plantHostileAgentConfig(dir, marker);
      await git.ok(['add', '--all']);
      await git.ok(['commit', '--quiet', '-m', 'a change that plants agent config']);
      server.setScript((call) =>
        call.turn === 0 ? { kind: 'shell', command: 'ls' } : { kind: 'text', text: verifierMessage('PASS') },
      );
      const result = await dispatch(cli, rig, dir, { role: 'verifier' });

      expect(result.status).toBe('done');
      expect(existsSync(marker), `a program planted in the worktree ran (${marker})`).toBe(false);
    });

    it("an API error ends as `error` with the API's own message", async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'http-error', status: 400, message: 'scripted: the request was malformed' }));
      const result = await dispatch(cli, rig, dir);

      expect(result.status).toBe('error');
      expect(result.errorMessage).toContain('scripted: the request was malformed');
      expect(result.finalText).not.toMatch(/Stage Carry Evidence/);
      expect(metering(result).upstreamError).toEqual({ status: 400, message: 'scripted: the request was malformed' });
    });

    it('a rejected key ends as `error` naming the variable to fix', async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'http-error', status: 401, message: 'scripted: invalid api key' }));
      const result = await dispatch(cli, rig, dir, { role: 'verifier' });

      expect(result.status).toBe('error');
      expect(result.errorMessage).toContain(`rejected the API key in ${cli.keyEnv}`);
      expect(result.errorMessage).toContain('scripted: invalid api key');
    });

    it('a missing key ends as `error` naming the secret, without starting the CLI or opening a route', async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'text', text: 'should not be asked' }));
      const env = Object.fromEntries(Object.entries(engineEnv(cli)).filter(([name]) => name !== cli.keyEnv));
      const recordsBefore = rig.gateway.records().length;
      const result = await dispatch(cli, rig, dir, { env });

      expect(result.status).toBe('error');
      expect(result.errorMessage).toMatch(new RegExp(`^${cli.keyEnv} is not set: .*secret ${cli.keyEnv}`));
      expect(server.requests).toEqual([]);
      expect(rig.gateway.records().length).toBe(recordsBefore);
      expect(result.metering).toBeUndefined();
    });

    it("a hang is killed at okstra's timeout", async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'hang' }));
      // Long enough for a slow start-up on a loaded machine to reach the server, so the kill hits a CLI waiting on the model.
      const result = await dispatch(cli, rig, dir, { timeoutMs: 6000 });

      expect(result.status).toBe('timeout');
      expect(result.errorMessage).toMatch(/did not finish within 6 s; its process tree was killed/);
      expect(result.durationMs).toBeGreaterThanOrEqual(6000);
      expect(result.durationMs).toBeLessThan(6000 + 500 + 2500);
      expect(modelCalls().length, 'the CLI never reached the model server before the timeout').toBeGreaterThan(0);
      // The gateway saw the agent go away mid-call: nothing was answered, nothing metered.
      expect(metering(result).requests.map((r) => [r.status, r.metered])).toEqual(
        modelCalls().map(() => [null, false]),
      );
    });

    const noTurnLimit = ref === 'codex' || ref === 'copilot';
    const turnLimitTest = noTurnLimit
      ? `turn limit: ${pinnedSpec(ref)} has none (no option); okstra's timeout is its only bound`
      : 'a session that reaches the turn limit ends as `error` saying so';
    it.skipIf(noTurnLimit)(turnLimitTest, async () => {
      const { dir } = await makeRepo();
      let n = 0;
      server.setScript(() => ({ kind: 'write', path: `file-${n++}.txt`, content: 'again\n' }));
      const result = await dispatch(cli, rig, dir, { turnLimit: 2 });

      expect(result.status).toBe('error');
      expect(result.errorMessage).toMatch(/stopped at its turn limit \(2 turns\)/);
    });

    it('passes the model through unchanged, and leaves the choice to the CLI when the run names none; an unpriced model costs null', async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'text', text: verifierMessage('PASS') }));
      const custom = await dispatch(cli, rig, dir, { role: 'verifier', model: 'okstra-custom-model-7' });
      expect(custom.status).toBe('done');
      expect(modelCalls().map((c) => c.model)).toEqual(['okstra-custom-model-7']);
      // Metered (the API said what it used) but not priced: the cost is unknown, never guessed.
      expect(metering(custom).usage).toMatchObject({
        inputTokens: SCRIPTED_USAGE.inputTokens,
        outputTokens: SCRIPTED_USAGE.outputTokens,
        costUsd: null,
      });
      expect(metering(custom).requests.map((r) => [r.model, r.metered, r.costUsd])).toEqual([
        ['okstra-custom-model-7', true, null],
      ]);
      expect(custom.usage).toEqual({
        inputTokens: SCRIPTED_USAGE.inputTokens,
        outputTokens: SCRIPTED_USAGE.outputTokens,
        cachedInputTokens: 0,
      });

      server.requests.length = 0;
      const unnamed = await dispatch(cli, rig, dir, { role: 'verifier', model: null });
      if (ref === 'copilot') {
        // Measured on 1.0.102: in BYOK mode the CLI exits 1 without a model ("BYOK providers require an explicit
        // model"), so okstra refuses before starting it, saying where to name one.
        expect(unnamed.status).toBe('error');
        expect(unnamed.errorMessage).toMatch(/needs a model name .*providers\.copilot\.model/);
        expect(server.requests).toEqual([]);
        return;
      }
      expect(unnamed.status).toBe('done');
      const chosen = modelCalls()[0]?.model ?? '';
      expect(chosen).toMatch(/\S/);
      expect(chosen).not.toBe('okstra-custom-model-7');
    });

    it('a worker budget: a request whose worst case does not fit is refused before the API sees it, and the dispatch ends `budget-exceeded`, naming the budget', async () => {
      const run = async (limit: number): Promise<DispatchResult> => {
        const { dir } = await makeRepo();
        server.requests.length = 0;
        server.setScript(writeThenCarry('hello.txt', 'hello\n', 2));
        const budgeted = await startContractGateway({ budgets: { worker: { tokens: limit } } });
        try {
          return await dispatch(cli, rig, dir, { gateway: budgeted.gateway });
        } finally {
          await budgeted.gateway.close();
        }
      };
      // Smaller than one answer: the first request is refused, and nothing reached the API.
      const tiny = await run(SCRIPTED_USAGE.inputTokens);
      expect(tiny.status, tiny.errorMessage).toBe('budget-exceeded');
      expect(tiny.errorMessage).toContain(`worker limit ${SCRIPTED_USAGE.inputTokens} tokens would be passed`);
      expect(tiny.errorMessage).toContain('budgets.worker.tokens');
      expect(modelCalls()).toEqual([]);
      const first = metering(tiny).budgetExceeded;
      const worstCase = Number(/^([0-9]+) tokens$/.exec(first?.reservation ?? '')?.[1]);
      expect(worstCase).toBeGreaterThan(SCRIPTED_USAGE.inputTokens);

      // The first request's worst case and a margin smaller than one answer's usage: the first request fits even
      // when this run's body is a little longer (a CLI puts random folder names and ids in it) and books its real
      // usage; the second, with a longer conversation, no longer fits what is left.
      const limit = worstCase + SCRIPTED_USAGE.inputTokens;
      const result = await run(limit);
      expect(result.status, result.errorMessage).toBe('budget-exceeded');
      const { budgetExceeded, requests, usage } = metering(result);
      expect(budgetExceeded).toMatchObject({
        scope: 'worker',
        limit: `${limit} tokens`,
        spent: `${SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens} tokens`,
      });
      // Only the first turn reached the API; the second stopped at the gateway, and nothing after it.
      expect(modelCalls().map((c) => c.turn)).toEqual([0]);
      expect(requests.map((r) => [r.status, r.refused, r.metered])).toEqual([
        [200, undefined, true],
        [400, 'budget', false],
      ]);
      expect(usage).toMatchObject({
        inputTokens: SCRIPTED_USAGE.inputTokens,
        outputTokens: SCRIPTED_USAGE.outputTokens,
      });
    });

    it('a 429 with Retry-After is waited out by the gateway; the CLI sees only the success', async () => {
      const { dir } = await makeRepo();
      let answers = 0;
      server.setScript((): Turn =>
        answers++ === 0
          ? { kind: 'http-error', status: 429, message: 'scripted: slow down', headers: { 'retry-after': '1' } }
          : { kind: 'text', text: verifierMessage('PASS') },
      );
      const result = await dispatch(cli, rig, dir, { role: 'verifier' });

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(server.requests.filter((r) => r.protocol !== null).map((r) => r.answered)).toEqual(['http-error', 'text']);
      expect(rig.sleeps).toEqual([1000]);
      const { requests, upstreamError } = metering(result);
      expect(requests.map((r) => [r.status, r.retries, r.metered])).toEqual([[200, 1, true]]);
      expect(upstreamError).toBeNull();
    });

    it('a 500 on every attempt: the gateway gives up after three and the final error text is kept for the report', async () => {
      const { dir } = await makeRepo();
      let answers = 0;
      server.setScript((): Turn => ({
        kind: 'http-error',
        status: 500,
        message: `scripted: overloaded (answer ${++answers})`,
        headers: { 'retry-after': '1' },
      }));
      const result = await dispatch(cli, rig, dir, { role: 'verifier' });

      // Measured on Copilot CLI 1.0.102: it asks again five times after a 5xx (about 15 s of its own waits) and has no
      // switch to stop that; the other CLIs' retries are off. Every one of its requests gets the gateway's three tries.
      const cliRequests = ref === 'copilot' ? 6 : 1;
      const last = `scripted: overloaded (answer ${3 * cliRequests})`;
      expect(result.status).toBe('error');
      expect(answers).toBe(3 * cliRequests);
      expect(rig.sleeps).toEqual(Array.from({ length: 2 * cliRequests }, () => 1000));
      expect(result.errorMessage).toContain(last);
      expect(result.errorMessage).not.toContain('(answer 1)');
      const { requests, upstreamError } = metering(result);
      expect(requests.map((r) => [r.status, r.retries])).toEqual(Array.from({ length: cliRequests }, () => [500, 2]));
      expect(upstreamError).toEqual({ status: 500, message: last });
      expect(upstreamErrorOf(result)).toEqual({ upstreamError: { status: 500, message: last } });
    });

    more?.({ cli, server: () => server, rig: () => rig });
  });
}
