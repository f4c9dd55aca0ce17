import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PRICES,
  budgetTokens,
  costUsd,
  createEventMeter,
  createPriceLookup,
  createSseParser,
  createUsageMeter,
  decideBudget,
  detectProtocol,
  errorStyle,
  gatewayErrorBody,
  requestFacts,
  requestModel,
  requestModelOf,
  resolvePrice,
  upstreamErrorMessage,
  usd,
  vendorModelName,
  type Spend,
} from '../../src/core/usage/index.js';

const sse = (events: Array<{ event?: string; data: unknown }>): string =>
  events.map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`).join('');

function meter(
  protocol: Parameters<typeof createUsageMeter>[0],
  format: 'sse' | 'json',
  text: string,
  chunk = 7,
): ReturnType<ReturnType<typeof createUsageMeter>['end']> {
  const m = createUsageMeter(protocol, format);
  for (let i = 0; i < text.length; i += chunk) m.push(text.slice(i, i + chunk));
  return m.end();
}

describe('price table', () => {
  it('matches the exact name first, then the longest prefix followed by a dash', () => {
    expect(resolvePrice('gpt-5-mini')?.key).toBe('gpt-5-mini');
    expect(resolvePrice('gpt-5-mini-2025-08-07')?.key).toBe('gpt-5-mini');
    expect(resolvePrice('gpt-5-2025-08-07')?.key).toBe('gpt-5');
    expect(resolvePrice('claude-sonnet-4-5-20250929')?.key).toBe('claude-sonnet-4');
    expect(resolvePrice('claude-opus-4-5-20251101')?.price.input).toBe(5);
    expect(resolvePrice('claude-opus-4-1-20250805')?.price.input).toBe(15);
    expect(resolvePrice('gemini-3-pro-preview')?.key).toBe('gemini-3-pro');
    expect(resolvePrice('gemini-2.5-flash-lite')?.key).toBe('gemini-2.5-flash-lite');
    expect(resolvePrice('GEMINI-2.5-PRO')?.key).toBe('gemini-2.5-pro');
  });

  it('never guesses: a neighbour or a family without one price stays unpriced', () => {
    expect(resolvePrice('gpt-5.5')).toBeNull();
    expect(resolvePrice('claude-opus-4-7')).toBeNull();
    expect(resolvePrice('gpt-5x')).toBeNull();
    expect(resolvePrice('scripted-model')).toBeNull();
    expect(resolvePrice(null)).toBeNull();
    expect(resolvePrice('')).toBeNull();
  });

  it('lets pricing: override a built-in entry and add new models', () => {
    const overrides = {
      'gpt-5': { input: 9, output: 99 },
      'gpt-5.5': { input: 2, output: 20 },
      'My-Local': { input: 0, output: 0 },
    };
    expect(resolvePrice('gpt-5', overrides)?.price).toEqual({ input: 9, output: 99 });
    expect(resolvePrice('gpt-5-codex-2025', overrides)?.key).toBe('gpt-5-codex');
    expect(resolvePrice('gpt-5.5', overrides)?.price.output).toBe(20);
    expect(resolvePrice('my-local', overrides)?.price.input).toBe(0);
  });

  it('has a price for every model family the CLIs default to, each with input and output', () => {
    for (const model of [
      'claude-sonnet-4-5',
      'claude-opus-4-5',
      'claude-haiku-4-5-20251001',
      'gpt-5',
      'gpt-5-codex',
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'gemini-3-pro-preview',
    ]) {
      expect(resolvePrice(model), model).not.toBeNull();
    }
    for (const price of Object.values(BUILTIN_PRICES)) expect(price.output).toBeGreaterThanOrEqual(price.input);
  });
});

describe('cost', () => {
  it('prices plain input, cache reads, cache writes and output separately (USD per million tokens)', () => {
    const usage = {
      inputTokens: 1_000_000 + 200_000 + 100_000,
      outputTokens: 10_000,
      cachedInputTokens: 200_000,
      cacheWriteTokens: 100_000,
    };
    // 1M × $3 + 0.2M × $0.30 + 0.1M × $3.75 + 0.01M × $15
    expect(costUsd(usage, { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 })).toBeCloseTo(
      3 + 0.06 + 0.375 + 0.15,
      10,
    );
    // without cache prices, cache tokens cost the input price
    expect(costUsd(usage, { input: 3, output: 15 })).toBeCloseTo(1.3 * 3 + 0.15, 10);
    expect(budgetTokens(usage)).toBe(1_310_000);
  });

  it('is null, never 0, without a price', () => {
    expect(costUsd({ inputTokens: 10, outputTokens: 10, cachedInputTokens: 0, cacheWriteTokens: 0 }, null)).toBeNull();
  });

  it('does not count cached tokens twice when a report claims more cached than input', () => {
    expect(
      costUsd(
        { inputTokens: 100, outputTokens: 0, cachedInputTokens: 500, cacheWriteTokens: 50 },
        { input: 1_000_000, output: 0, cachedInput: 0 },
      ),
    ).toBe(0);
  });
});

describe('protocol and model of a request', () => {
  it('detects each protocol from the path', () => {
    expect(detectProtocol('/v1/messages')).toBe('anthropic');
    expect(detectProtocol('/v1/messages/count_tokens')).toBe('anthropic');
    expect(detectProtocol('/v1/responses')).toBe('openai-responses');
    expect(detectProtocol('/openai/v1/chat/completions')).toBe('openai-chat');
    expect(detectProtocol('/v1beta/models/gemini-2.5-pro:streamGenerateContent')).toBe('gemini');
    expect(detectProtocol('/v1beta/models/gemini-2.5-pro:generateContent/')).toBe('gemini');
    expect(detectProtocol('/')).toBeNull();
    expect(detectProtocol('/v1/models')).toBeNull();
    expect(detectProtocol('/v1/messagesx')).toBeNull();
  });

  it('reads the model from the body, or from the Gemini path', () => {
    expect(
      requestModel('anthropic', '/v1/messages', JSON.stringify({ model: 'claude-sonnet-4-5', stream: true })),
    ).toBe('claude-sonnet-4-5');
    expect(requestModel('gemini', '/v1beta/models/gemini-2.5-flash:streamGenerateContent', '{"contents":[]}')).toBe(
      'gemini-2.5-flash',
    );
    expect(requestModel('gemini', '/v1beta/models/gemini%2D3-pro:generateContent', '')).toBe('gemini-3-pro');
    expect(requestModel('openai-chat', '/v1/chat/completions', JSON.stringify({ model: 'models/x' }))).toBe('x');
  });

  it('gives no model for a body that is not JSON, not an object, or names none', () => {
    expect(requestModel('anthropic', '/v1/messages', '{not json')).toBeNull();
    expect(requestModel('anthropic', '/v1/messages', '[1,2]')).toBeNull();
    expect(requestModel('openai-responses', '/v1/responses', '{"model":42}')).toBeNull();
    expect(requestModel('openai-responses', '/v1/responses', '')).toBeNull();
  });
});

describe('server-sent events', () => {
  it('parses events split anywhere, with CRLF, comments and multi-line data', () => {
    const text = ': keep-alive\r\nevent: a\r\ndata: {"x":\r\ndata: 1}\r\n\r\ndata: two\n\n';
    for (const size of [1, 2, 3, 5, text.length]) {
      const parser = createSseParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
      out.push(...parser.end());
      expect(out, `chunks of ${size}`).toEqual([
        { event: 'a', data: '{"x":\n1}' },
        { event: null, data: 'two' },
      ]);
    }
  });

  it('keeps an event the stream ended without its blank line', () => {
    const parser = createSseParser();
    expect(parser.push('data: {"a":1}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: null, data: '{"a":1}' }]);
  });
});

describe('usage from each protocol', () => {
  it('Anthropic: message_start usage, overridden by message_delta running totals', () => {
    const text = sse([
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: {
            usage: {
              input_tokens: 100,
              output_tokens: 1,
              cache_creation_input_tokens: 30,
              cache_read_input_tokens: 500,
            },
          },
        },
      },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'hi' } },
      },
      { event: 'message_delta', data: { type: 'message_delta', usage: { output_tokens: 42 } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
    expect(meter('anthropic', 'sse', text)).toEqual({
      usage: { inputTokens: 630, outputTokens: 42, cachedInputTokens: 500, cacheWriteTokens: 30 },
      malformed: 0,
    });
  });

  it('Anthropic: a non-streamed message body', () => {
    const body = JSON.stringify({ type: 'message', usage: { input_tokens: 10, output_tokens: 5 } });
    expect(meter('anthropic', 'json', body).usage).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it('OpenAI Responses: response.completed usage with cached and reasoning details', () => {
    const text = sse([
      { event: 'response.created', data: { type: 'response.created', response: { usage: null } } },
      {
        event: 'response.completed',
        data: {
          type: 'response.completed',
          response: {
            usage: {
              input_tokens: 2000,
              input_tokens_details: { cached_tokens: 1500 },
              output_tokens: 300,
              output_tokens_details: { reasoning_tokens: 200 },
            },
          },
        },
      },
    ]);
    expect(meter('openai-responses', 'sse', text).usage).toEqual({
      inputTokens: 2000,
      outputTokens: 300,
      cachedInputTokens: 1500,
      cacheWriteTokens: 0,
    });
  });

  it('OpenAI Chat Completions: streamed final usage chunk and [DONE], and a JSON body', () => {
    const text = `${sse([{ data: { choices: [{ delta: { content: 'x' } }] } }, { data: { choices: [], usage: { prompt_tokens: 50, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 20 } } } }])}data: [DONE]\n\n`;
    expect(meter('openai-chat', 'sse', text)).toEqual({
      usage: { inputTokens: 50, outputTokens: 7, cachedInputTokens: 20, cacheWriteTokens: 0 },
      malformed: 0,
    });
    expect(
      meter('openai-chat', 'json', JSON.stringify({ usage: { prompt_tokens: 3, completion_tokens: 4 } })).usage
        ?.outputTokens,
    ).toBe(4);
  });

  it('Gemini: the last usageMetadata wins; thoughts count as output, cached as part of input', () => {
    const text = sse([
      { data: { candidates: [], usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 1 } } },
      {
        data: {
          candidates: [],
          usageMetadata: {
            promptTokenCount: 1000,
            candidatesTokenCount: 40,
            thoughtsTokenCount: 60,
            cachedContentTokenCount: 400,
            totalTokenCount: 1100,
          },
        },
      },
    ]);
    expect(meter('gemini', 'sse', text).usage).toEqual({
      inputTokens: 1000,
      outputTokens: 100,
      cachedInputTokens: 400,
      cacheWriteTokens: 0,
    });
    // streamGenerateContent without alt=sse: one JSON array of chunks
    const array = JSON.stringify([
      { usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 } },
      { usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 6 } },
    ]);
    expect(meter('gemini', 'json', array).usage).toEqual({
      inputTokens: 5,
      outputTokens: 6,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it('counts malformed events, keeps what was valid, and gives null when no usage came', () => {
    const broken = `data: {"type":"message_start","message":{"usage":{"input_tokens":7}}}\n\ndata: {oops\n\n`;
    expect(meter('anthropic', 'sse', broken)).toEqual({
      usage: { inputTokens: 7, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 },
      malformed: 1,
    });
    expect(meter('gemini', 'sse', 'data: {"candidates":[]}\n\n')).toEqual({ usage: null, malformed: 0 });
    expect(meter('openai-responses', 'json', '<html>bad gateway</html>')).toEqual({ usage: null, malformed: 1 });
    expect(
      meter('openai-responses', 'sse', 'data: {"response":{"usage":{"input_tokens":-5,"output_tokens":"many"}}}\n\n')
        .usage,
    ).toBeNull();
  });
});

describe('budget decision', () => {
  const zero: Spend = { tokens: 0, usd: 0 };
  const spent = (
    worker: Spend,
    stage: Spend = worker,
    plan: Spend = stage,
  ): Record<'worker' | 'stage' | 'plan', Spend> => ({ worker, stage, plan });

  it('allows a request while every scope is under its limit, and without limits', () => {
    expect(decideBudget({ budgets: {}, spent: spent({ tokens: 1e12, usd: 1e6 }), model: null, priced: false })).toEqual(
      { allowed: true },
    );
    expect(
      decideBudget({
        budgets: { worker: { tokens: 100 }, plan: { usd: 1 } },
        spent: spent({ tokens: 99, usd: 0.99 }),
        model: 'm',
        priced: true,
      }).allowed,
    ).toBe(true);
  });

  it('refuses once spent >= limit, naming the scope, limit and spend', () => {
    const d = decideBudget({
      budgets: { stage: { tokens: 1000 } },
      spent: spent(zero, { tokens: 1000, usd: 0 }),
      model: 'm',
      priced: true,
    });
    expect(d).toMatchObject({ allowed: false, scope: 'stage', limit: '1000 tokens', spent: '1000 tokens' });
    if (d.allowed) throw new Error('expected a refusal');
    expect(d.message).toMatch(
      /^okstra: budget exceeded: stage limit 1000 tokens reached \(this stage run has spent 1000 tokens\)/,
    );
  });

  it('checks worker, then stage, then plan', () => {
    const budgets = { worker: { usd: 1 }, stage: { usd: 1 }, plan: { usd: 1 } };
    expect(decideBudget({ budgets, spent: spent({ tokens: 0, usd: 2 }), model: 'm', priced: true })).toMatchObject({
      scope: 'worker',
      limit: '$1.00',
      spent: '$2.00',
    });
    expect(
      decideBudget({ budgets, spent: spent(zero, zero, { tokens: 0, usd: 1.5 }), model: 'm', priced: true }),
    ).toMatchObject({ scope: 'plan', spent: '$1.50' });
  });

  it('refuses a USD-limited request whose model has no price, naming the model and pricing:', () => {
    const d = decideBudget({ budgets: { plan: { usd: 10 } }, spent: spent(zero), model: 'gpt-9', priced: false });
    if (d.allowed) throw new Error('expected a refusal');
    expect(d.message).toContain('model "gpt-9" has no price');
    expect(d.message).toContain('pricing:');
    expect(d.message.startsWith('okstra: budget exceeded:')).toBe(true);
    // a token limit alone does not need a price
    expect(
      decideBudget({ budgets: { plan: { tokens: 10 } }, spent: spent(zero), model: 'gpt-9', priced: false }).allowed,
    ).toBe(true);
  });

  it('refuses a USD limit over spend of unknown cost', () => {
    expect(
      decideBudget({
        budgets: { plan: { usd: 10 } },
        spent: spent(zero, zero, { tokens: 5, usd: null }),
        model: 'm',
        priced: true,
      }),
    ).toMatchObject({ allowed: false, scope: 'plan', spent: 'unknown' });
  });

  it('formats dollars readably', () => {
    expect([usd(0), usd(5), usd(0.0123), usd(0.000456), usd(123.456)]).toEqual([
      '$0.00',
      '$5.00',
      '$0.0123',
      '$0.00046',
      '$123.46',
    ]);
  });
});

describe("error bodies in each provider's shape", () => {
  it('renders Anthropic, OpenAI and Gemini shapes', () => {
    expect(gatewayErrorBody('anthropic', 'budget', 400, 'm')).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'm' },
    });
    expect(gatewayErrorBody('openai', 'budget', 400, 'm')).toEqual({
      error: { message: 'm', type: 'invalid_request_error', code: 'okstra_budget_exceeded', param: null },
    });
    expect(gatewayErrorBody('gemini', 'credential', 401, 'm')).toEqual({
      error: { code: 401, message: 'm', status: 'UNAUTHENTICATED' },
    });
  });

  it('picks the style from the protocol, else the provider', () => {
    expect(errorStyle('gemini', 'claude')).toBe('gemini');
    expect(errorStyle(null, 'claude')).toBe('anthropic');
    expect(errorStyle(null, 'my-command')).toBe('openai');
  });

  it('reads the message of an upstream error body, or keeps the text', () => {
    expect(upstreamErrorMessage('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).toBe(
      'Overloaded',
    );
    expect(upstreamErrorMessage('[{"error":{"code":500,"message":"Internal"}}]')).toBe('Internal');
    expect(upstreamErrorMessage(' <html>502</html> ')).toBe('<html>502</html>');
    expect(upstreamErrorMessage('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('Bedrock (Anthropic models)', () => {
  const path = '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream';

  it('is told by its invoke path, which names the model; its body sets the output ceiling as Anthropic’s does', () => {
    expect(detectProtocol(path)).toBe('bedrock');
    expect(detectProtocol('/model/anthropic.claude-3-haiku-20240307-v1:0/invoke')).toBe('bedrock');
    expect(detectProtocol('/inference-profiles')).toBeNull();
    expect(requestModelOf('bedrock', path, { max_tokens: 10 })).toBe('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(requestFacts('bedrock', { anthropic_version: 'bedrock-2023-05-31', max_tokens: 321 })).toEqual({
      maxOutputTokens: 321,
    });
  });

  it('prices a platform id as the vendor model it serves, and nothing else as a neighbour', () => {
    expect(vendorModelName('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5-20250929');
    expect(vendorModelName('global.anthropic.claude-opus-4-1-20250805-v1:0')).toBe('claude-opus-4-1-20250805');
    expect(vendorModelName('anthropic.claude-3-5-haiku-20241022-v1:0')).toBe('claude-3-5-haiku-20241022');
    expect(vendorModelName('claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5-20250929');
    expect(vendorModelName('gpt-5.5')).toBe('gpt-5.5');
    const priceOf = createPriceLookup();
    expect(priceOf('us.anthropic.claude-sonnet-4-5-20250929-v1:0')?.key).toBe(priceOf('claude-sonnet-4-5')?.key);
    expect(priceOf('us.meta.llama3-70b-instruct-v1:0')).toBeNull();
  });

  it('meters Bedrock’s invocation metrics over the Anthropic events’ usage', () => {
    const meter = createEventMeter('bedrock');
    meter.event(JSON.stringify({ type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1 } } }));
    meter.event(JSON.stringify({ type: 'message_delta', usage: { output_tokens: 9 } }));
    meter.event(
      JSON.stringify({
        type: 'message_stop',
        'amazon-bedrock-invocationMetrics': {
          inputTokenCount: 6,
          outputTokenCount: 10,
          cacheReadInputTokenCount: 100,
          cacheWriteInputTokenCount: 20,
          invocationLatency: 300,
          firstByteLatency: 50,
        },
      }),
    );
    meter.event('not json');
    expect(meter.end()).toEqual({
      usage: { inputTokens: 126, outputTokens: 10, cachedInputTokens: 100, cacheWriteTokens: 20 },
      malformed: 1,
    });
  });
});

describe('Vertex AI (Anthropic models)', () => {
  const path =
    '/v1/projects/p/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict';

  it('is an Anthropic call named in its path (not a Gemini one), priced as the vendor model', () => {
    expect(detectProtocol(path)).toBe('anthropic');
    expect(detectProtocol('/v1beta/models/gemini-2.5-pro:streamGenerateContent')).toBe('gemini');
    expect(requestModelOf('anthropic', path, { max_tokens: 5 })).toBe('claude-sonnet-4-5@20250929');
    expect(createPriceLookup()('claude-sonnet-4-5@20250929')?.key).toBe(createPriceLookup()('claude-sonnet-4-5')?.key);
  });
});
