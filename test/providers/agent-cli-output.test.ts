import { describe, expect, it } from 'vitest';
import { interpretClaudeOutput } from '../../src/providers/claude.js';
import { codexConfigToml, interpretCodexOutput } from '../../src/providers/codex.js';
import { interpretGeminiOutput } from '../../src/providers/gemini.js';
import { jsonBlocks, unwrapApiErrorBody } from '../../src/providers/cli-output.js';

// Output shapes as the pinned CLIs printed them against the scripted model server (trimmed).

describe('Claude Code --output-format json', () => {
  const result = (over: object): string =>
    JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: false,
      api_error_status: null,
      num_turns: 2,
      result: 'done.',
      session_id: 'd5ac3c8b',
      total_cost_usd: 0.009,
      usage: { input_tokens: 2000, cache_creation_input_tokens: 300, cache_read_input_tokens: 168, output_tokens: 112 },
      permission_denials: [],
      ...over,
    });

  it('reads the final text, session, usage (cache reads and writes are input too) and the cost the CLI reports', () => {
    expect(interpretClaudeOutput(result({}), 0, false)).toEqual({
      ok: true,
      finalText: 'done.',
      sessionId: 'd5ac3c8b',
      notes: [],
      usage: { inputTokens: 2468, outputTokens: 112, cachedInputTokens: 168, costUsd: 0.009 },
    });
  });

  it('treats is_error as failure even when subtype says "success" (an HTTP 400)', () => {
    const out = interpretClaudeOutput(
      result({ is_error: true, api_error_status: 400, result: 'API Error: 400 scripted: bad request' }),
      1,
      false,
    );
    expect(out.ok).toBe(false);
    expect(out.failure).toEqual({ kind: 'api', message: 'API Error: 400 scripted: bad request' });
  });

  it('classifies a rejected key, the turn limit and a crash', () => {
    expect(
      interpretClaudeOutput(
        result({ is_error: true, api_error_status: 401, result: 'Invalid API key · Fix external API key' }),
        1,
        false,
      ).failure?.kind,
    ).toBe('auth');
    expect(
      interpretClaudeOutput(
        result({ subtype: 'error_max_turns', is_error: true, num_turns: 3, result: undefined }),
        1,
        false,
      ).failure,
    ).toEqual({ kind: 'turn-limit', message: 'error_max_turns after 3 turns' });
    expect(interpretClaudeOutput('Segmentation fault\n', 139, false).failure?.kind).toBe('crash');
  });

  it('keeps the tool calls plan mode refused as a note', () => {
    const out = interpretClaudeOutput(
      result({
        permission_denials: [
          { tool_name: 'Write', tool_input: { file_path: '/w/intruder.txt' } },
          { tool_name: 'Bash', tool_input: { command: 'touch x' } },
        ],
      }),
      0,
      true,
    );
    expect(out.ok).toBe(true);
    expect(out.notes).toEqual([
      'okstra: Claude Code refused 2 tool calls (read-only: plan mode): Write(/w/intruder.txt), Bash(touch x)',
    ]);
  });

  it('is not fooled by a success exit without a result object', () => {
    expect(interpretClaudeOutput('{"type":"system","subtype":"init"}\n', 0, false).ok).toBe(false);
  });
});

describe('codex exec --json', () => {
  const events = (...lines: object[]): string => lines.map((l) => JSON.stringify(l)).join('\n');
  const usage = { input_tokens: 1234, cached_input_tokens: 34, output_tokens: 56, reasoning_output_tokens: 0 };

  it('reads the session, sums usage over turns, and prefers the -o file for the final text', () => {
    const stdout = events(
      { type: 'thread.started', thread_id: '01a227ba' },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'item_1', type: 'agent_message', text: 'from the event' } },
      { type: 'turn.completed', usage },
      { type: 'turn.completed', usage },
    );
    expect(interpretCodexOutput(stdout, 0, 'from the file')).toEqual({
      ok: true,
      finalText: 'from the file',
      sessionId: '01a227ba',
      notes: [],
      usage: { inputTokens: 2468, outputTokens: 112, cachedInputTokens: 68 },
    });
    expect(interpretCodexOutput(stdout, 0, null).finalText).toBe('from the event');
  });

  it("reports turn.failed with the API's message unwrapped from its JSON body", () => {
    const body = JSON.stringify({ error: { message: 'scripted: bad request', type: 'invalid_request_error' } });
    const out = interpretCodexOutput(
      events(
        { type: 'thread.started', thread_id: 't' },
        { type: 'error', message: body },
        { type: 'turn.failed', error: { message: body } },
      ),
      1,
      null,
    );
    expect(out.ok).toBe(false);
    expect(out.failure).toEqual({ kind: 'api', message: 'scripted: bad request' });
  });

  it('classifies an HTTP 401 as a rejected key', () => {
    const message = 'unexpected status 401 Unauthorized: invalid key, url: http://127.0.0.1:1/v1/responses';
    expect(interpretCodexOutput(events({ type: 'turn.failed', error: { message } }), 1, null).failure?.kind).toBe(
      'auth',
    );
  });

  it('writes a config whose strings are quoted TOML', () => {
    const toml = codexConfigToml('http://gw.example/v1?a="b"');
    expect(toml).toContain('base_url = "http://gw.example/v1?a=\\"b\\""');
    expect(toml).toMatch(/wire_api = "responses"/);
    expect(toml).toMatch(/request_max_retries = 0\nstream_max_retries = 0/);
  });
});

describe('gemini -o json', () => {
  const stderrOf = (error: object): string =>
    [
      'Warning: 256-color support not detected.',
      'Error when talking to Gemini API Full report available at: /tmp/x.json _ApiError: {"error":{"code":400}}',
      '    at throwErrorIfNotOK (file:///bundle/chunk.js:1:1)',
      JSON.stringify({ session_id: 's1', error }, null, 2),
      `[ERROR] ${JSON.stringify({ session_id: 's1', error }, null, 2)}`,
    ].join('\n');

  it('reads the response, session and token stats of every model used', () => {
    const stdout = JSON.stringify(
      {
        session_id: 's1',
        response: 'ok',
        stats: {
          models: {
            a: { tokens: { prompt: 2000, candidates: 100, cached: 10, thoughts: 5 } },
            b: { tokens: { prompt: 468, candidates: 7, cached: 0, thoughts: 0 } },
          },
        },
      },
      null,
      2,
    );
    expect(interpretGeminiOutput(stdout, '', 0)).toEqual({
      ok: true,
      finalText: 'ok',
      sessionId: 's1',
      usage: { inputTokens: 2468, outputTokens: 112, cachedInputTokens: 10 },
    });
  });

  it('finds the error JSON on stderr and names the HTTP status (exit = status & 255)', () => {
    const error = {
      type: 'Error',
      message: JSON.stringify({ error: { code: 400, message: 'scripted: bad request', status: 'INVALID_ARGUMENT' } }),
      code: 400,
    };
    const out = interpretGeminiOutput('', stderrOf(error), 144);
    expect(out).toMatchObject({
      ok: false,
      sessionId: 's1',
      failure: { kind: 'api', message: 'HTTP 400: scripted: bad request' },
    });
  });

  it('maps exit 41 to a rejected key and exit 53 to the turn limit', () => {
    expect(
      interpretGeminiOutput(
        '',
        stderrOf({ type: 'FatalAuthenticationError', message: 'Invalid auth method selected.', code: 41 }),
        41,
      ).failure?.kind,
    ).toBe('auth');
    const limit = interpretGeminiOutput(
      '',
      stderrOf({ type: 'FatalTurnLimitedError', message: 'Reached max session turns for this session.', code: 53 }),
      53,
    );
    expect(limit.failure).toEqual({ kind: 'turn-limit', message: 'Reached max session turns for this session.' });
  });

  it('has no failure detail when the CLI died without its error JSON', () => {
    expect(interpretGeminiOutput('', 'Killed\n', 137)).toMatchObject({ ok: false });
    expect(interpretGeminiOutput('', 'Killed\n', 137).failure).toBeUndefined();
  });
});

describe('output readers', () => {
  it('finds pretty-printed JSON objects between log lines', () => {
    expect(jsonBlocks('noise\n{\n  "a": 1\n}\nmore\n{\n  "b": {\n    "c": 2\n  }\n}\n')).toEqual([
      { a: 1 },
      { b: { c: 2 } },
    ]);
    expect(jsonBlocks('{\n  "broken": \n}\n')).toEqual([]);
  });

  it('unwraps a vendor error body and leaves other text alone', () => {
    expect(unwrapApiErrorBody('{"error":{"message":"quota exceeded"}}')).toBe('quota exceeded');
    expect(unwrapApiErrorBody('plain text')).toBe('plain text');
    expect(unwrapApiErrorBody('{not json')).toBe('{not json');
  });
});
