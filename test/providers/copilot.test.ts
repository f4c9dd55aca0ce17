import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliRunContext } from '../../src/providers/agent-cli.js';
import { copilotSpec, copilotUsage, interpretCopilotOutput } from '../../src/providers/copilot.js';
import type { DispatchRequest } from '../../src/providers/types.js';

// Recorded from the pinned Copilot CLI (1.0.102, BYOK, Responses wire API) against the scripted model server
// (test/contract/model-server) in a repository holding src/a.ts and src/b.ts at WORKTREE; HOME replaced by
// /home/agent. The verifier viewed src/a.ts, searched src/b.ts in content mode and viewed a missing file; the
// executor ran `sed -n 1p src/a.ts` (exit 0), `cat src/nothing.ts` (exit 1) and created hello.txt.
const WORKTREE = '/tmp/okstra-worktree';
const recorded = (name: string): string =>
  readFileSync(join(import.meta.dirname, '../fixtures/cli-output', name), 'utf8');

describe('copilot --output-format json', () => {
  it('a verifier: the last message that asks for no tool, the session, what view and rg (content) opened', () => {
    const out = interpretCopilotOutput(recorded('copilot-verifier.jsonl'), 0, null, WORKTREE);
    expect(out.ok).toBe(true);
    expect(out.finalText).toMatch(/^Checked a\.ts and b\.ts\.\n\n### Verifier Result/);
    expect(out.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The view of a missing file failed: it opened nothing.
    expect(out.opened).toEqual({ source: 'events', files: ['src/a.ts', 'src/b.ts'] });
    expect(out.usage).toBeNull();
  });

  it('an executor: a command counts only when it exited 0; a file it created counts', () => {
    const out = interpretCopilotOutput(recorded('copilot-executor.jsonl'), 0, null, WORKTREE);
    expect(out).toMatchObject({ ok: true, finalText: 'Wrote hello.txt.' });
    expect(out.opened).toEqual({ source: 'events', files: ['hello.txt', 'src/a.ts'] });
  });

  it("a sub-agent's message is not the session's answer", () => {
    const lines = [
      { type: 'user.message', data: { content: 'x' } },
      { type: 'assistant.message', data: { content: 'the answer', toolRequests: [] } },
      {
        type: 'assistant.message',
        data: { content: 'sub-agent report', toolRequests: [], parentToolCallId: 'call_9' },
      },
      { type: 'assistant.message', agentId: 'task-1', data: { content: 'another report', toolRequests: [] } },
      { type: 'result', sessionId: 's', exitCode: 0 },
    ];
    const out = interpretCopilotOutput(lines.map((l) => JSON.stringify(l)).join('\n'), 0, null, WORKTREE);
    expect(out.finalText).toBe('the answer');
  });

  it('a stream that lost its start (no user.message first) proves nothing; without a cwd nothing is claimed', () => {
    const lines = recorded('copilot-verifier.jsonl').trimEnd().split('\n');
    const cut = lines.filter((l) => !l.includes('"type":"user.message"')).join('\n');
    expect(interpretCopilotOutput(cut, 0, null, WORKTREE).opened).toEqual({ source: 'self-reported' });
    expect(interpretCopilotOutput(lines.join('\n'), 0, null).opened).toBeUndefined();
  });

  it("a session.error is the failure: the provider's 401 is an auth failure, anything else the API's message", () => {
    const event = (data: Record<string, unknown>): string =>
      [
        JSON.stringify({ type: 'user.message', data: { content: 'x' } }),
        JSON.stringify({ type: 'session.error', data }),
        JSON.stringify({ type: 'result', sessionId: 's-1', exitCode: 1 }),
      ].join('\n');
    const auth = event({
      errorType: 'authentication',
      message: 'Authentication failed with provider at http://127.0.0.1:1/d/x (HTTP 401).',
      statusCode: 401,
    });
    expect(interpretCopilotOutput(auth, 1, null, WORKTREE)).toMatchObject({
      ok: false,
      sessionId: 's-1',
      failure: { kind: 'auth', message: expect.stringContaining('HTTP 401') },
    });
    const api = event({ errorType: 'query', message: '400 scripted: the request was malformed', statusCode: 400 });
    expect(interpretCopilotOutput(api, 1, null, WORKTREE).failure).toEqual({
      kind: 'api',
      message: '400 scripted: the request was malformed',
    });
    // Exit 0 with an error event is no success either.
    expect(interpretCopilotOutput(api, 0, null, WORKTREE).ok).toBe(false);
  });

  it('usage comes from --usage-output-file, summed over models; unreadable or absent is null', () => {
    const file = JSON.stringify({
      modelMetrics: {
        'gpt-5.5': { usage: { inputTokens: 1234, outputTokens: 56, cacheReadTokens: 200, cacheWriteTokens: 0 } },
        'claude-haiku-4.5': { usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0 } },
      },
    });
    expect(copilotUsage(file)).toEqual({ inputTokens: 1244, outputTokens: 61, cachedInputTokens: 200 });
    expect(copilotUsage('not json')).toBeNull();
    expect(copilotUsage(null)).toBeNull();
  });
});

describe('the copilot invocation', () => {
  const request = (readOnly: boolean, model: string | null): DispatchRequest => ({
    worker: 'Copilot worker',
    role: readOnly ? 'verifier' : 'executor',
    prompt: 'p',
    cwd: WORKTREE,
    model,
    readOnly,
    timeoutMs: 1000,
    env: {},
    context: { planId: 'p', stage: 1, runId: 'r' },
  });
  const ctx = (readOnly: boolean): CliRunContext => ({
    request: request(readOnly, 'gpt-5.5'),
    dir: '/d',
    home: '/d/home',
    outDir: '/d/out',
    apiKey: { name: 'COPILOT_PROVIDER_API_KEY', value: 'okstra-dispatch-abc' },
    baseUrl: 'http://127.0.0.1:9/d/x',
    maxTurns: 1,
    installDir: null,
    config: undefined,
    platform: null,
  });

  it('read-only roles keep only view, rg and glob and deny write and shell; the executor gets every tool', async () => {
    const verifier = await copilotSpec.prepare(ctx(true));
    const executor = await copilotSpec.prepare(ctx(false));
    const readOnlyFlags = ['--available-tools', 'view', 'rg', 'glob', '--deny-tool', 'write', '--deny-tool', 'shell'];
    expect(verifier.args.join(' ')).toContain(readOnlyFlags.join(' '));
    expect(executor.args).not.toContain('--available-tools');
    expect(executor.args).not.toContain('--deny-tool');
    for (const { args } of [verifier, executor]) {
      // Never a flag that trusts the worktree's own hooks, MCP servers or instructions.
      expect(args).not.toContain('--trust-folder');
      expect(args).toEqual(expect.arrayContaining(['--no-custom-instructions', '--model', 'gpt-5.5']));
    }
  });

  it('speaks Chat Completions when the provider says `wireApi: completions`', async () => {
    const verifier = await copilotSpec.prepare({ ...ctx(true), config: { wireApi: 'completions' } });
    expect(verifier.env.COPILOT_PROVIDER_WIRE_API).toBe('completions');
  });

  it('BYOK through the route it was given, offline, holding only the dispatch credential', async () => {
    const { env } = await copilotSpec.prepare(ctx(true));
    expect(env).toMatchObject({
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:9/d/x',
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_WIRE_API: 'responses',
      COPILOT_PROVIDER_API_KEY: 'okstra-dispatch-abc',
    });
    expect(Object.keys(env).filter((k) => /GITHUB_TOKEN|GH_TOKEN|COPILOT_ALLOW_ALL/.test(k))).toEqual([]);
  });

  it('refuses a dispatch without a model before anything starts (BYOK needs one)', () => {
    expect(copilotSpec.refuse?.(request(true, null), undefined)).toMatch(/providers\.copilot\.model/);
    expect(copilotSpec.refuse?.(request(true, 'gpt-5.5'), undefined)).toBeNull();
  });
});
