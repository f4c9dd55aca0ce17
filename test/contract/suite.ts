import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuiltinProvider } from '../../src/core/config/schema.js';
import { parseCarryEvidence, parseVerifierResult } from '../../src/core/contracts/index.js';
import { pinnedSpec } from '../../src/providers/cli-pins.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { CLIS, dispatch, engineEnv, plantHostileAgentConfig, requireOrSkip, type CliUnderTest } from './helpers.js';
import { carryMessage, SCRIPTED_USAGE, verifierMessage, writeThenCarry, type ModelCall } from './model-server/script.js';
import { startModelServer, type ModelServer } from './model-server/server.js';

/**
 * The contract every built-in adapter must keep, run against the real,
 * pinned CLI binary and the scripted model server. One file per CLI calls
 * this, so the three run in parallel.
 */
export interface ContractSuite {
  cli: CliUnderTest;
  server(): ModelServer;
}

export function defineContractSuite(ref: BuiltinProvider, more?: (suite: ContractSuite) => void): void {
  const cli = CLIS[ref];
  const { skip, reason } = requireOrSkip(ref);
  if (skip) {
    describe(`${ref} contract`, () => {
      it.skip(`SKIPPED — ${reason}`, () => undefined);
    });
    return;
  }

  describe(`${ref}: the real ${pinnedSpec(ref)} through okstra's adapter`, () => {
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
    });
    afterEach(() => {
      expect(server.scriptErrors, 'the scripted server could not answer a call').toEqual([]);
    });
    const modelCalls = (): ModelCall[] => server.requests.flatMap((r) => (r.call ? [r.call] : []));

    it('executor: edits a file, ends with Stage Carry Evidence, reports its session and usage', async () => {
      const { dir } = await makeRepo();
      server.setScript(writeThenCarry('hello.txt', 'hello from the contract test\n', 2));
      const result = await dispatch(cli, server, dir);

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello from the contract test\n');
      const carry = parseCarryEvidence(result.finalText, { stage: 2 });
      expect(carry.ok, carry.ok ? '' : carry.reason).toBe(true);
      expect(result.sessionId).toMatch(/\S/);
      // Two model calls (the write, then the answer), each reporting SCRIPTED_USAGE.
      expect(result.usage).toMatchObject({ inputTokens: 2 * SCRIPTED_USAGE.inputTokens, outputTokens: 2 * SCRIPTED_USAGE.outputTokens, cachedInputTokens: 0 });
      if (ref === 'claude') expect(result.usage?.costUsd).toBeGreaterThan(0);
      else expect(result.usage?.costUsd).toBeUndefined();

      const calls = modelCalls();
      expect(calls.map((c) => c.turn)).toEqual([0, 1]);
      expect(calls.every((c) => c.model === cli.model)).toBe(true);
      expect(server.requests.filter((r) => r.protocol !== null).every((r) => r.credentialHeader !== null)).toBe(true);
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
      const result = await dispatch(cli, server, dir);

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(existsSync(join(dir, 'validated.txt')) ? readFileSync(join(dir, 'validated.txt'), 'utf8') : `not run: ${modelCalls()[1]?.lastToolResult ?? ''}`).toBe('42');
    });

    it('verifier: a write and a shell command are refused by the read-only mode; the tree is unchanged and the Verifier Result parses', async () => {
      const { dir, git } = await makeRepo();
      server.setScript((call) => {
        if (call.turn === 0) return { kind: 'write', path: 'intruder.txt', content: 'a verifier wrote this\n' };
        if (call.turn === 1) return { kind: 'shell', command: 'touch intruder-from-shell.txt' };
        return { kind: 'text', text: verifierMessage('PASS', ['README.md']) };
      });
      const result = await dispatch(cli, server, dir, { role: 'verifier' });

      expect(result.errorMessage).toBeUndefined();
      expect(result.status).toBe('done');
      expect(existsSync(join(dir, 'intruder.txt')), 'the read-only mode let a verifier write a file').toBe(false);
      expect(existsSync(join(dir, 'intruder-from-shell.txt')), 'the read-only mode let a verifier run a writing command').toBe(false);
      expect(await git.ok(['status', '--porcelain', '--untracked-files=all'])).toBe('');
      const parsed = parseVerifierResult(result.finalText);
      expect(parsed.ok, parsed.ok ? '' : parsed.reason).toBe(true);
      const results = modelCalls().filter((c) => c.turn > 0).map((c) => c.lastToolResult ?? '');
      expect(results).toHaveLength(2);
      for (const text of results) expect(text).toMatch(cli.refusal);
    });

    it("the worktree's own agent configuration runs no code in a read-only session", async () => {
      const { dir, git } = await makeRepo();
      const marker = join(tempDir('okstra-marker-'), 'ran');
      plantHostileAgentConfig(dir, marker);
      await git.ok(['add', '--all']);
      await git.ok(['commit', '--quiet', '-m', 'a change that plants agent config']);
      server.setScript((call) => (call.turn === 0 ? { kind: 'shell', command: 'ls' } : { kind: 'text', text: verifierMessage('PASS') }));
      const result = await dispatch(cli, server, dir, { role: 'verifier' });

      expect(result.status).toBe('done');
      expect(existsSync(marker), `a program planted in the worktree ran (${marker})`).toBe(false);
    });

    it("an API error ends as `error` with the API's own message", async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'http-error', status: 400, message: 'scripted: the request was malformed' }));
      const result = await dispatch(cli, server, dir);

      expect(result.status).toBe('error');
      expect(result.errorMessage).toContain('scripted: the request was malformed');
      expect(result.finalText).not.toMatch(/Stage Carry Evidence/);
    });

    it('a rejected key ends as `error` naming the variable to fix', async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'http-error', status: 401, message: 'scripted: invalid api key' }));
      const result = await dispatch(cli, server, dir, { role: 'verifier' });

      expect(result.status).toBe('error');
      expect(result.errorMessage).toContain(`rejected the API key in ${cli.keyEnv}`);
      expect(result.errorMessage).toContain('scripted: invalid api key');
    });

    it('a missing key ends as `error` naming the secret, without starting the CLI', async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'text', text: 'should not be asked' }));
      const env = Object.fromEntries(Object.entries(engineEnv(cli)).filter(([name]) => name !== cli.keyEnv));
      const result = await dispatch(cli, server, dir, { env });

      expect(result.status).toBe('error');
      expect(result.errorMessage).toMatch(new RegExp(`^${cli.keyEnv} is not set: .*secret ${cli.keyEnv}`));
      expect(server.requests).toEqual([]);
    });

    it("a hang is killed at okstra's timeout", async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'hang' }));
      // Long enough for a slow start-up on a loaded machine to reach the server, so the kill hits a CLI waiting on the model.
      const result = await dispatch(cli, server, dir, { timeoutMs: 6000 });

      expect(result.status).toBe('timeout');
      expect(result.errorMessage).toMatch(/did not finish within 6 s; its process tree was killed/);
      expect(result.durationMs).toBeGreaterThanOrEqual(6000);
      expect(result.durationMs).toBeLessThan(6000 + 500 + 2500);
      expect(modelCalls().length, 'the CLI never reached the model server before the timeout').toBeGreaterThan(0);
    });

    const turnLimitTest = ref === 'codex' ? 'turn limit: Codex 0.171.0 has none (no option); okstra\'s timeout is its only bound' : 'a session that reaches the turn limit ends as `error` saying so';
    it.skipIf(ref === 'codex')(turnLimitTest, async () => {
      const { dir } = await makeRepo();
      let n = 0;
      server.setScript(() => ({ kind: 'write', path: `file-${n++}.txt`, content: 'again\n' }));
      const result = await dispatch(cli, server, dir, { turnLimit: 2 });

      expect(result.status).toBe('error');
      expect(result.errorMessage).toMatch(/stopped at its turn limit \(2 turns\)/);
    });

    it("passes the model through unchanged, and leaves the choice to the CLI when the run names none", async () => {
      const { dir } = await makeRepo();
      server.setScript(() => ({ kind: 'text', text: verifierMessage('PASS') }));
      expect((await dispatch(cli, server, dir, { role: 'verifier', model: 'okstra-custom-model-7' })).status).toBe('done');
      expect(modelCalls().map((c) => c.model)).toEqual(['okstra-custom-model-7']);

      server.requests.length = 0;
      expect((await dispatch(cli, server, dir, { role: 'verifier', model: null })).status).toBe('done');
      const chosen = modelCalls()[0]?.model ?? '';
      expect(chosen).toMatch(/\S/);
      expect(chosen).not.toBe('okstra-custom-model-7');
    });

    more?.({ cli, server: () => server });
  });
}
