import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { startGateway, type Gateway, type GatewayOptions } from '../../src/sandbox/gateway/index.js';
import { startModelServer, type ModelServer } from '../contract/model-server/server.js';
import type { Script } from '../contract/model-server/script.js';

/** A real key shaped like an Anthropic one, so a leak would also trip okstra's redaction patterns. */
export const REAL_KEY = 'sk-ant-api03-REALKEY-never-leaves-okstra-0123456789';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | object;
  /** A path sent exactly as written (a URL would resolve `%2e%2e` before sending). */
  rawPath?: string;
}

/** One HTTP call with node:http (no decompression, no retries: the bytes as they came). */
export function call(url: string, options: CallOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    open(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Starts a call and hands over the response as soon as its headers arrive. */
export function stream(url: string, options: CallOptions = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    open(url, options, resolve).on('error', reject);
  });
}

function open(
  url: string,
  options: CallOptions,
  onResponse: (res: IncomingMessage) => void,
): ReturnType<typeof request> {
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const target = new URL(url);
  const req = request(
    {
      hostname: target.hostname,
      port: target.port,
      path: options.rawPath ?? `${target.pathname}${target.search}`,
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...options.headers },
      agent: false,
    },
    onResponse,
  );
  req.end(body);
  return req;
}

/** The next chunk of a response body. */
export function nextChunk(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    res.once('data', (c: Buffer) => {
      res.pause();
      resolve(c.toString('utf8'));
    });
    res.once('error', reject);
    res.resume();
  });
}

export function rest(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
    res.resume();
  });
}

export interface Rig {
  gateway: Gateway;
  upstream: ModelServer;
  logs: string[];
  sleeps: number[];
  close(): Promise<void>;
}

/** A gateway in front of the scripted model server, with instant sleeps that advance a fake clock. */
export async function rig(script: Script, options: Partial<GatewayOptions> = {}): Promise<Rig> {
  const upstream = await startModelServer(script);
  const logs: string[] = [];
  const sleeps: number[] = [];
  let clock = Date.parse('2026-12-01T12:00:00Z');
  const gateway = await startGateway({
    pricing: {},
    budgets: {},
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    log: (line) => logs.push(line),
    ...options,
  });
  return {
    gateway,
    upstream,
    logs,
    sleeps,
    close: async () => {
      await gateway.close();
      await upstream.close();
    },
  };
}

export const anthropicBody = (model = 'claude-sonnet-4-5'): object => ({
  model,
  stream: true,
  max_tokens: 100,
  messages: [{ role: 'user', content: 'hello' }],
});
export const responsesBody = (model = 'gpt-5-codex'): object => ({
  model,
  stream: true,
  input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] }],
});
export const geminiBody = (): object => ({ contents: [{ role: 'user', parts: [{ text: 'hello' }] }] });
