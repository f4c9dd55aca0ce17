import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseCarryEvidence, parseVerifierResult } from '../../src/core/contracts/index.js';
import { makeRepo } from '../helpers/git-repos.js';
import { dispatch, type DispatchOptions } from './helpers.js';
import { carryMessage, SCRIPTED_USAGE, verifierMessage, writeThenCarry } from './model-server/script.js';
import { defineContractSuite } from './suite.js';

defineContractSuite('copilot', ({ cli, server, rig }) => {
  // Chat Completions instead of Responses (`wireApi: completions`): what OpenAI-compatible endpoints without the
  // Responses API speak, GitHub Models among them (its base URL ends in /inference, as here).
  // GitHub Models' name for GPT-5; an id Copilot does not know, so it offers its generic tools (create, edit, grep).
  const chat = (role: DispatchOptions['role'] = 'executor'): DispatchOptions => ({
    role,
    model: 'openai/gpt-5',
    provider: { baseUrl: `${server().url}/inference`, wireApi: 'completions' },
  });

  it('Chat Completions: the executor creates a file and reports its carry; the gateway meters the usage chunk', async () => {
    const { dir } = await makeRepo();
    server().setScript(writeThenCarry('hello.txt', 'hello over chat\n', 2));
    const result = await dispatch(cli, rig(), dir, chat());

    expect(result.errorMessage).toBeUndefined();
    expect(result.status).toBe('done');
    expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hello over chat\n');
    const carry = parseCarryEvidence(result.finalText, { stage: 2 });
    expect(carry.ok, carry.ok ? '' : carry.reason).toBe(true);
    const calls = server().requests.filter((r) => r.protocol !== null);
    expect(calls.map((r) => [r.protocol, r.url, r.call?.turn])).toEqual([
      ['openai-chat', '/inference/chat/completions', 0],
      ['openai-chat', '/inference/chat/completions', 1],
    ]);
    // Copilot's tools on this wire API: `create` and `edit` instead of apply_patch, `grep` instead of rg.
    expect(calls[0]?.call?.tools).toEqual(expect.arrayContaining(['create', 'edit', 'bash', 'view', 'grep']));
    expect(result.metering?.requests.map((r) => [r.status, r.metered, r.inputTokens, r.outputTokens])).toEqual([
      [200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
      [200, true, SCRIPTED_USAGE.inputTokens, SCRIPTED_USAGE.outputTokens],
    ]);
  });

  it('Chat Completions: a read-only session refuses a write and a command; what it viewed and grepped counts', async () => {
    const { dir, git } = await makeRepo();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'src/b.ts'), 'export const b = 2;\n');
    await git.ok(['add', '--all']);
    await git.ok(['commit', '--quiet', '-m', 'two files']);
    server().setScript((call) => {
      switch (call.turn) {
        case 0:
          return { kind: 'write', path: 'intruder.txt', content: 'x\n' };
        case 1:
          return { kind: 'shell', command: 'touch intruder-from-shell.txt' };
        case 2:
          return { kind: 'tool', name: 'view', args: { path: join(dir, 'src/a.ts') } };
        case 3:
          return {
            kind: 'tool',
            name: 'grep',
            args: { pattern: 'const', paths: [join(dir, 'src/b.ts')], output_mode: 'content' },
          };
        default:
          return { kind: 'text', text: verifierMessage('PASS', ['src/a.ts', 'src/b.ts']) };
      }
    });
    const result = await dispatch(cli, rig(), dir, chat('verifier'));

    expect(result.errorMessage).toBeUndefined();
    expect(result.status).toBe('done');
    expect(existsSync(join(dir, 'intruder.txt'))).toBe(false);
    expect(existsSync(join(dir, 'intruder-from-shell.txt'))).toBe(false);
    expect(await git.ok(['status', '--porcelain', '--untracked-files=all'])).toBe('');
    const results = server()
      .requests.filter((r) => r.call !== null && r.call.turn > 0)
      .map((r) => r.call?.lastToolResult ?? '');
    expect(results[0]).toMatch(/Tool 'create' does not exist/);
    expect(results[1]).toMatch(/Tool 'bash' does not exist/);
    expect(results[2]).toContain('export const a = 1;');
    expect(results[3]).toContain('export const b = 2;');
    expect(parseVerifierResult(result.finalText).ok).toBe(true);
    expect(result.opened).toEqual({ source: 'events', files: ['src/a.ts', 'src/b.ts'] });
  });

  it('Chat Completions: an executor runs the stage command through bash', async () => {
    const { dir } = await makeRepo();
    server().setScript((call) =>
      call.turn === 0
        ? { kind: 'shell', command: `node -e "require('fs').writeFileSync('validated.txt', String(6 * 7))"` }
        : { kind: 'text', text: carryMessage(2, 'validated.txt') },
    );
    const result = await dispatch(cli, rig(), dir, chat());

    expect(result.status).toBe('done');
    expect(readFileSync(join(dir, 'validated.txt'), 'utf8')).toBe('42');
  });
});
