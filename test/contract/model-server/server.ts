import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { anthropic } from './anthropic.js';
import { bedrock, verifySigV4, type SigV4Check } from './bedrock.js';
import { stsAnswer, vertex, vertexGemini } from './vertex.js';
import { azureOpenai } from './azure.js';
import { gemini } from './gemini.js';
import { openaiResponses } from './openai-responses.js';
import { openaiChat } from './openai-chat.js';
import { isRecord, type ProtocolHandler, type SseEvent } from './protocol.js';
import { okstraAnchors, type ModelCall, type Script, type Turn } from './script.js';

/**
 * A scripted model server on 127.0.0.1 for the contract tests: it speaks the
 * vendor streaming protocols the agent CLIs use (Anthropic Messages, OpenAI
 * Responses and Chat Completions, Gemini), and answers each call
 * with whatever the current test's {@link Script} says. Nothing leaves the
 * machine; every request is recorded so tests can check what the CLIs sent.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** The protocol that answered, or null for a request no protocol owns (answered 404). */
  protocol: ProtocolHandler['protocol'] | null;
  /** Which credential header arrived (its name; the value itself stays out of test output). */
  credentialHeader: 'x-api-key' | 'authorization' | 'x-goog-api-key' | null;
  /**
   * The first {@link CREDENTIAL_PREFIX_LENGTH} characters of that header's
   * credential (after `Bearer `): enough to tell okstra's dispatch
   * credential (`okstra-dispatch-…`) from the key okstra holds, never a
   * whole secret.
   */
  credentialPrefix: string | null;
  call: ModelCall | null;
  /** `bad-signature`: a Bedrock signature, a Vertex access token or an Azure key the platform would refuse. */
  answered: Turn['kind'] | 'not-found' | 'script-error' | 'bad-signature';
  /** `performance.now()` when the request arrived: the bench measures start-to-first-request with it. */
  at: number;
  /** The request's headers as received (a proxy test checks what was forwarded). */
  headers: IncomingMessage['headers'];
  /** The body the server wrote, exactly (a proxy test compares it with what its client got). */
  sent: string;
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Errors thrown by scripts (answered as HTTP 500): a test should assert this stays empty. */
  readonly scriptErrors: string[];
  setScript(script: Script): void;
  close(): Promise<void>;
}

// Vertex's Anthropic path ends like Gemini's `models/<m>:<method>`: it is asked first.
const HANDLERS: readonly ProtocolHandler[] = [
  anthropic,
  bedrock,
  vertex,
  vertexGemini,
  azureOpenai,
  openaiResponses,
  openaiChat,
  gemini,
];

export interface ModelServerOptions {
  /** Bedrock's credentials: every Bedrock call must be SigV4-signed with them (else 403, as AWS answers). */
  bedrock?: SigV4Check;
  /**
   * Vertex AI: the access token its token endpoint (`POST /sts/token`, a workload identity federation exchange)
   * issues, and the only bearer token a Vertex call may carry (else 401).
   */
  vertex?: { accessToken: string };
  /**
   * Azure OpenAI: the resource key every `/openai/v1/responses` call must carry in `api-key`, or the Microsoft Entra
   * token it must carry as `Authorization: Bearer` (else 401).
   */
  azure?: { apiKey: string } | { entraToken: string };
}

/** As long as okstra's `okstra-dispatch-` prefix. */
export const CREDENTIAL_PREFIX_LENGTH = 16;

const noScript: Script = () => {
  throw new Error('no script set for this test');
};

export async function startModelServer(
  script: Script = noScript,
  options: ModelServerOptions = {},
): Promise<ModelServer> {
  let current = script;
  const requests: RecordedRequest[] = [];
  const scriptErrors: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      scriptErrors.push(`server: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const url = req.url ?? '/';
    const pathname = new URL(url, 'http://127.0.0.1').pathname;
    const bytes = await readBody(req);
    const raw = bytes.toString('utf8');
    if (options.vertex && req.method === 'POST' && pathname === '/sts/token') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(stsAnswer(options.vertex.accessToken)));
      return;
    }
    const handler = req.method === 'POST' ? HANDLERS.find((h) => h.owns(pathname)) : undefined;
    const record: RecordedRequest = {
      method: req.method ?? '',
      url,
      protocol: handler?.protocol ?? null,
      credentialHeader: credentialHeader(req),
      credentialPrefix: credentialPrefix(req),
      call: null,
      answered: 'not-found',
      at,
      headers: req.headers,
      sent: '',
    };
    requests.push(record);
    if (!handler) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `scripted model server: no route for ${req.method} ${pathname}` } }));
      return;
    }

    if (handler.protocol === 'bedrock') {
      const check = options.bedrock;
      const refused = check
        ? await verifySigV4({ method: record.method, url, headers: req.headers, body: bytes }, check)
        : 'the server was started without Bedrock credentials';
      if (refused !== null) {
        record.answered = 'bad-signature';
        record.sent = JSON.stringify({ message: `scripted Bedrock: ${refused}` });
        res
          .writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'InvalidSignatureException' })
          .end(record.sent);
        return;
      }
    }

    if (handler.protocol === 'vertex' && req.headers.authorization !== `Bearer ${options.vertex?.accessToken ?? ''}`) {
      record.answered = 'bad-signature';
      record.sent = JSON.stringify(handler.errorBody(401, 'scripted Vertex AI: missing or wrong access token'));
      res.writeHead(401, { 'content-type': 'application/json' }).end(record.sent);
      return;
    }

    const azureRefusal = handler.protocol === 'azure' ? azureAuthError(req, options.azure) : null;
    if (azureRefusal !== null) {
      record.answered = 'bad-signature';
      record.sent = JSON.stringify(handler.errorBody(401, `scripted Azure OpenAI: ${azureRefusal}`));
      res.writeHead(401, { 'content-type': 'application/json' }).end(record.sent);
      return;
    }

    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      body = isRecord(parsed) ? parsed : {};
    } catch {
      body = {};
    }
    const parsed = handler.parse(pathname, body);
    const call: ModelCall = { ...parsed, ...okstraAnchors(parsed.userText) };
    record.call = call;

    let turn: Turn;
    try {
      turn = current(call);
    } catch (error) {
      const message = `${handler.protocol} call ${call.turn}: ${error instanceof Error ? error.message : String(error)}`;
      scriptErrors.push(message);
      record.answered = 'script-error';
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify(handler.errorBody(500, `scripted model server: ${message}`)));
      return;
    }
    record.answered = turn.kind;
    if (turn.kind === 'hold') {
      await turn.until();
      turn = turn.then;
    }

    switch (turn.kind) {
      case 'hang':
        return; // the socket stays open until the client gives up or the server closes
      case 'http-error':
        record.sent = JSON.stringify(handler.errorBody(turn.status, turn.message));
        res.writeHead(turn.status, { 'content-type': 'application/json', ...turn.headers }).end(record.sent);
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'raw':
        await writeRaw(res, turn, record);
        return;
      case 'write': {
        const path = isAbsolute(turn.path) || !call.worktree ? turn.path : join(call.worktree, turn.path);
        record.sent = writeAnswer(res, handler, handler.answer({ ...turn, path }, parsed));
        return;
      }
      case 'text':
      case 'shell':
      case 'tool':
        record.sent = writeAnswer(res, handler, handler.answer(turn, parsed));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    scriptErrors,
    setScript(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes the events in the handler's wire form; returns what was written (a binary stream as base64). */
function writeAnswer(res: ServerResponse, handler: ProtocolHandler, events: readonly SseEvent[]): string {
  if (!handler.encode) return writeSse(res, events);
  const { contentType, body } = handler.encode(events);
  res.writeHead(200, { 'content-type': contentType }).end(body);
  return body.toString('base64');
}

/** Writes the events as one SSE answer and returns the exact text written. */
function writeSse(res: ServerResponse, events: readonly SseEvent[]): string {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let sent = '';
  for (const e of events) {
    const text = `${e.event ? `event: ${e.event}\n` : ''}data: ${e.literal ?? JSON.stringify(e.data)}\n\n`;
    res.write(text);
    sent += text;
  }
  res.end();
  return sent;
}

async function writeRaw(
  res: ServerResponse,
  turn: Extract<Turn, { kind: 'raw' }>,
  record: RecordedRequest,
): Promise<void> {
  res.writeHead(turn.status, turn.headers ?? {});
  res.flushHeaders();
  for (const chunk of turn.chunks) {
    if (typeof chunk === 'function') await chunk();
    else {
      // Wait until the chunk is on the wire, so a pause or a cut that follows comes after it.
      await new Promise<void>((resolve) => res.write(chunk, () => resolve()));
      record.sent += chunk;
    }
  }
  if (turn.end === 'destroy') res.socket?.destroy();
  else res.end();
}

/** Why Azure would refuse the call (its key, or its Entra token and no key beside it), or null. */
function azureAuthError(req: IncomingMessage, azure: ModelServerOptions['azure']): string | null {
  if (azure === undefined) return 'the server was started without Azure credentials';
  if ('apiKey' in azure) return req.headers['api-key'] === azure.apiKey ? null : 'missing or wrong api-key';
  if (req.headers['api-key'] !== undefined) return 'an api-key where an Entra token was expected';
  return req.headers.authorization === `Bearer ${azure.entraToken}` ? null : 'missing or wrong Entra token';
}

function credentialHeader(req: IncomingMessage): RecordedRequest['credentialHeader'] {
  if (req.headers['x-api-key']) return 'x-api-key';
  if (req.headers['x-goog-api-key']) return 'x-goog-api-key';
  if (req.headers.authorization) return 'authorization';
  return null;
}

function credentialPrefix(req: IncomingMessage): string | null {
  const name = credentialHeader(req);
  const raw = name === null ? undefined : req.headers[name];
  if (typeof raw !== 'string') return null;
  const value = name === 'authorization' ? raw.replace(/^Bearer\s+/i, '') : raw.trim();
  return value.slice(0, CREDENTIAL_PREFIX_LENGTH);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const raw = Buffer.concat(chunks);
  // Some clients compress request bodies; none of the pinned CLIs did when measured, so say so loudly if one starts.
  if (req.headers['content-encoding'] && req.headers['content-encoding'] !== 'identity')
    throw new Error(`compressed request body (${req.headers['content-encoding']}) is not supported`);
  return raw;
}
