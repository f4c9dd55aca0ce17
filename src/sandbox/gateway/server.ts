import { randomBytes } from 'node:crypto';
import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import {
  addCost,
  addUsage,
  budgetTokens,
  costUsd,
  createUsageMeter,
  decideBudget,
  detectProtocol,
  errorStyle,
  gatewayErrorBody,
  requestModel,
  createPriceLookup,
  upstreamErrorMessage,
  ZERO_USAGE,
  type ErrorStyle,
  type GatewayErrorKind,
  type ModelProtocol,
  type Spend,
  type TokenUsage,
} from '../../core/usage/index.js';
import { credentialPlaces, injectRealKey, injectRealKeyInQuery, newCredential } from './credentials.js';
import { agentResponseHeaders, upstreamRequestHeaders } from './headers.js';
import type {
  BudgetRefusal,
  DispatchGrant,
  DispatchLease,
  DispatchSummary,
  Gateway,
  GatewayOptions,
  GatewayRecord,
  SpendTotals,
} from './types.js';
import { backoffMs, RETRYABLE_STATUSES, retryAfterMs } from './retry.js';

const DEFAULT_RETRY_BUDGET_MS = 120_000;
const DEFAULT_MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** Error bodies are held whole (to retry, keep and scrub them); past this they are cut. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;
const LEASE_PATH = /^\/d\/([A-Za-z0-9_-]+)([^?]*)(?:\?(.*))?$/s;
const REDACTED_KEY = '[REDACTED:real-key]';

interface Lease {
  readonly id: string;
  readonly grant: DispatchGrant;
  readonly upstream: URL;
  readonly credential: string;
  open: boolean;
  readonly records: GatewayRecord[];
  /** Requests that have not ended yet: a dispatch that ends (its CLI killed) records them as they stand. */
  readonly inFlight: Set<Exchange>;
  spend: Spend;
  usage: TokenUsage | null;
  usageCost: number | null;
  budgetExceeded: BudgetRefusal | null;
  upstreamError: { status: number | null; message: string } | null;
}

/** One request's progress, turned into its {@link GatewayRecord} when it ends. */
interface Exchange {
  lease: Lease;
  method: string;
  path: string;
  protocol: ModelProtocol | null;
  style: ErrorStyle;
  model: string | null;
  priced: boolean;
  started: number;
  status: number | null;
  firstByteMs: number | null;
  retries: number;
  usage: TokenUsage | null;
  refused?: GatewayRecord['refused'];
  error?: string;
  failure: { status: number | null; message: string } | null;
  /** Set once recorded: a request ends once, even when its dispatch ended first. */
  record: GatewayRecord | null;
}

type Attempt = { kind: 'response'; response: IncomingMessage } | { kind: 'error'; error: Error };

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = options.log ?? (() => undefined);
  const retryBudgetMs = options.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS;
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const planBefore: Spend = options.planSpentBefore ?? { tokens: 0, usd: 0 };
  const priceOf = createPriceLookup(options.pricing);

  const leases = new Map<string, Lease>();
  const allRecords: GatewayRecord[] = [];
  let stage: Spend = { tokens: 0, usd: 0 };
  const byWorker = new Map<string, Spend>();
  const sockets = new Set<Socket>();
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  const server = createServer({ noDelay: true }, (req, res) => {
    void handle(req, res).catch((error: unknown) => {
      // A bug here must not take the gateway (and every other dispatch) down.
      log(`okstra gateway: internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'okstra gateway: internal error' } }));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  function scrub(text: string, lease: Lease): string {
    return lease.grant.realKey === '' ? text : text.split(lease.grant.realKey).join(REDACTED_KEY);
  }

  function sendGatewayError(
    res: ServerResponse,
    style: ErrorStyle,
    kind: GatewayErrorKind,
    status: number,
    message: string,
    extra: Record<string, string> = {},
  ): void {
    if (res.headersSent || res.destroyed) return;
    res
      .writeHead(status, { 'content-type': 'application/json', ...extra })
      .end(JSON.stringify(gatewayErrorBody(style, kind, status, message)));
  }

  function finish(x: Exchange): GatewayRecord {
    if (x.record) return x.record;
    const price = priceOf(x.model)?.price ?? null;
    const usage = x.usage ?? ZERO_USAGE;
    // The APIs bill nothing for refusals and errors; a 2xx whose usage never arrived is unknown, not free.
    const unknownSuccess =
      x.usage === null && x.protocol !== null && x.status !== null && x.status < 300 && x.refused === undefined;
    const record: GatewayRecord = {
      worker: x.lease.grant.worker,
      role: x.lease.grant.role,
      provider: x.lease.grant.provider,
      model: x.model,
      path: x.path,
      method: x.method,
      status: x.status,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cachedInputTokens: usage.cachedInputTokens,
      cacheWriteTokens: usage.cacheWriteTokens,
      metered: x.usage !== null,
      costUsd: x.usage !== null ? costUsd(x.usage, price) : unknownSuccess ? null : 0,
      durationMs: Math.max(0, now() - x.started),
      firstByteMs: x.firstByteMs,
      retries: x.retries,
      ...(x.refused ? { refused: x.refused } : {}),
      ...(x.error ? { error: scrub(x.error, x.lease) } : {}),
    };
    x.record = record;
    x.lease.inFlight.delete(x);
    allRecords.push(record);
    x.lease.records.push(record);
    if (x.usage !== null) {
      const spend: Spend = { tokens: budgetTokens(x.usage), usd: record.costUsd };
      x.lease.spend = addSpend(x.lease.spend, spend);
      x.lease.usageCost = x.lease.usage === null ? record.costUsd : addCost(x.lease.usageCost, record.costUsd);
      x.lease.usage = addUsage(x.lease.usage ?? ZERO_USAGE, x.usage);
      stage = addSpend(stage, spend);
      byWorker.set(record.worker, addSpend(byWorker.get(record.worker) ?? { tokens: 0, usd: 0 }, spend));
    }
    if (x.refused !== 'budget' && x.refused !== 'credential')
      x.lease.upstreamError = x.failure
        ? { status: x.failure.status, message: scrub(x.failure.message, x.lease) }
        : null;
    log(
      `okstra gateway: ${record.worker} (${record.role}) ${record.method} ${record.path} -> ${record.status ?? 'no response'}` +
        `${record.model ? ` model=${record.model}` : ''} in=${record.inputTokens} out=${record.outputTokens}` +
        ` cost=${record.costUsd === null ? 'unknown' : record.costUsd.toFixed(6)} retries=${record.retries} ${record.durationMs}ms` +
        `${record.refused ? ` refused=${record.refused}` : ''}${record.error ? ` error=${record.error}` : ''}`,
    );
    return record;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = now();
    const method = req.method ?? 'GET';
    const match = LEASE_PATH.exec(req.url ?? '/');
    const lease = match ? leases.get(match[1] as string) : undefined;
    if (!match || !lease) {
      log(`okstra gateway: ${method} to an unknown dispatch refused`);
      drain(req);
      sendGatewayError(
        res,
        'openai',
        'credential',
        401,
        'okstra gateway: unknown dispatch; use the base URL and credential okstra gave this session',
      );
      return;
    }
    const path = match[2] ?? '';
    const rawQuery = match[3] ?? '';
    const upstreamPath = joinPath(lease.upstream.pathname, path);
    const protocol = detectProtocol(upstreamPath);
    const x: Exchange = {
      lease,
      method,
      path,
      protocol,
      style: errorStyle(protocol, lease.grant.provider),
      model: null,
      priced: false,
      started,
      status: null,
      firstByteMs: null,
      retries: 0,
      usage: null,
      failure: null,
      record: null,
    };

    const places = lease.open ? credentialPlaces(req.headers, rawQuery, lease.credential) : [];
    if (places.length === 0 && lease.open && isWarmUp(req, method, path, rawQuery)) {
      // Claude Code (2.1.197) opens its connection early with a keyless HEAD of its base URL and ignores the answer.
      // Nothing is forwarded or spent, so it is no request of the dispatch, and no credential refusal in its report.
      drain(req);
      res.writeHead(200, { 'content-length': '0' }).end();
      log(
        `okstra gateway: ${lease.grant.worker} (${lease.grant.role}) HEAD of the base URL without a credential answered locally (a connection warm-up; not forwarded)`,
      );
      return;
    }
    lease.inFlight.add(x);
    if (places.length === 0) {
      drain(req);
      x.status = 401;
      x.refused = 'credential';
      x.error = lease.open ? 'missing or wrong dispatch credential' : 'dispatch credential revoked';
      sendGatewayError(
        res,
        x.style,
        'credential',
        401,
        `okstra gateway: ${x.error}; this session may only use the credential okstra gave it`,
      );
      finish(x);
      return;
    }
    if (!safePath(path)) {
      drain(req);
      x.status = 404;
      x.error = 'path not allowed';
      sendGatewayError(
        res,
        x.style,
        'not-allowed',
        404,
        `okstra gateway: ${method} ${path || '/'} is not a path the gateway forwards (dot segments or encoded slashes)`,
      );
      finish(x);
      return;
    }
    if (method !== 'GET' && method !== 'HEAD' && protocol === null) {
      // Only calls the gateway can meter may spend money; anything else could bypass the budgets.
      drain(req);
      x.status = 404;
      x.error = 'not a model call';
      sendGatewayError(
        res,
        x.style,
        'not-allowed',
        404,
        `okstra gateway: ${method} ${path || '/'} is not a model API call the gateway meters, so it is not forwarded`,
      );
      finish(x);
      return;
    }

    const body = await readBody(req, maxRequestBytes);
    if (body === 'too-large') {
      x.status = 413;
      x.error = `request body over ${maxRequestBytes} bytes`;
      sendGatewayError(
        res,
        x.style,
        'too-large',
        413,
        `okstra gateway: request body is larger than ${maxRequestBytes} bytes`,
        { connection: 'close' },
      );
      res.once('finish', () => req.destroy());
      finish(x);
      return;
    }
    if (body === 'aborted') {
      x.error = 'the agent went away while sending its request';
      finish(x);
      return;
    }

    if (protocol !== null) {
      x.model = requestModel(protocol, upstreamPath, body.toString('utf8'));
      x.priced = priceOf(x.model) !== null;
      const decision = decideBudget({
        budgets: options.budgets,
        spent: { worker: lease.spend, stage, plan: addSpend(planBefore, stage) },
        model: x.model,
        priced: x.priced,
      });
      if (!decision.allowed) {
        const refusal: BudgetRefusal = {
          scope: decision.scope,
          limit: decision.limit,
          spent: decision.spent,
          message: decision.message,
        };
        lease.budgetExceeded ??= refusal;
        x.status = BUDGET_STATUS;
        x.refused = 'budget';
        x.error = decision.message;
        sendGatewayError(res, x.style, 'budget', BUDGET_STATUS, decision.message);
        finish(x);
        return;
      }
    }

    await forward(req, res, x, rawQuery, upstreamPath, body);
    finish(x);
  }

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    x: Exchange,
    rawQuery: string,
    upstreamPath: string,
    body: Buffer,
  ): Promise<void> {
    const { lease } = x;
    const headers = upstreamRequestHeaders(req.headers, lease.upstream.host, body.length);
    injectRealKey(headers, credentialPlaces(req.headers, rawQuery, lease.credential), lease.grant.realKey);
    const query = injectRealKeyInQuery(rawQuery, lease.credential, lease.grant.realKey);
    const target = {
      path: `${upstreamPath}${query === '' && !(req.url ?? '').includes('?') ? '' : `?${query}`}`,
      headers,
    };

    const abort = new AbortController();
    let agentGone = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        agentGone = true;
        abort.abort();
      }
    });

    for (;;) {
      const attempt = await send(lease.upstream, x.method, target, body, abort.signal);
      if (agentGone) {
        x.error = 'the agent went away before the answer';
        return;
      }
      if (attempt.kind === 'error') {
        const code = (attempt.error as NodeJS.ErrnoException).code ?? attempt.error.message;
        x.failure = { status: null, message: `could not reach ${lease.upstream.host}: ${code}` };
        if (await retryAfterWait(x, backoffMs(x.retries))) continue;
        if (agentGone) return;
        x.status = 502;
        x.error = x.failure.message;
        sendGatewayError(
          res,
          x.style,
          'upstream-unreachable',
          502,
          `okstra gateway: ${x.failure.message} (after ${x.retries} retries)`,
        );
        return;
      }

      const upstream = attempt.response;
      const status = upstream.statusCode ?? 502;
      if (status >= 400) {
        const text = scrub((await readCapped(upstream, MAX_ERROR_BODY_BYTES)).toString('utf8'), lease);
        x.failure = { status, message: upstreamErrorMessage(text) || `HTTP ${status}` };
        if (RETRYABLE_STATUSES.has(status)) {
          const wait = retryAfterMs(upstream.headers['retry-after'], now()) ?? backoffMs(x.retries);
          if (await retryAfterWait(x, wait)) continue;
          if (agentGone) return;
        }
        const out = agentResponseHeaders(upstream.headers, [lease.grant.realKey]);
        out['content-length'] = String(Buffer.byteLength(text));
        x.status = status;
        x.error = `upstream ${status}: ${x.failure.message.split('\n')[0]?.slice(0, 200) ?? ''}`;
        res.writeHead(status, out);
        x.firstByteMs = now() - x.started;
        res.end(text);
        return;
      }

      x.failure = null;
      await relay(upstream, res, x, abort);
      return;
    }

    /** Waits before the next attempt when the retry budget allows it; false when it is spent (or the agent left). */
    async function retryAfterWait(ex: Exchange, waitMs: number): Promise<boolean> {
      if (now() - ex.started + waitMs > retryBudgetMs) return false;
      await sleep(waitMs);
      if (agentGone) return false;
      ex.retries += 1;
      return true;
    }
  }

  /** Streams a successful (or any non-error) answer to the agent as it arrives, metering it on the way. */
  function relay(upstream: IncomingMessage, res: ServerResponse, x: Exchange, abort: AbortController): Promise<void> {
    const status = upstream.statusCode ?? 200;
    x.status = status;
    res.writeHead(status, agentResponseHeaders(upstream.headers, [x.lease.grant.realKey]));
    res.flushHeaders();
    const contentType = String(upstream.headers['content-type'] ?? '');
    const meter =
      x.protocol !== null && status < 300
        ? createUsageMeter(x.protocol, contentType.includes('text/event-stream') ? 'sse' : 'json')
        : null;
    const decoder = new StringDecoder('utf8');

    return new Promise<void>((resolve) => {
      let done = false;
      const settle = (error?: string): void => {
        if (done) return;
        done = true;
        if (meter) {
          meter.push(decoder.end());
          const result = meter.end();
          x.usage = result.usage;
          if (result.malformed > 0 && !error) error = `${result.malformed} malformed event(s) in the upstream answer`;
        }
        if (error) x.error = error;
        resolve();
      };
      upstream.on('data', (chunk: Buffer) => {
        x.firstByteMs ??= now() - x.started;
        meter?.push(decoder.write(chunk));
        if (!res.write(chunk)) {
          upstream.pause();
          res.once('drain', () => upstream.resume());
        }
      });
      upstream.on('end', () => {
        x.firstByteMs ??= now() - x.started;
        res.end();
        settle();
      });
      upstream.on('error', () => undefined);
      upstream.on('close', () => {
        if (done) return;
        if (abort.signal.aborted) {
          settle('the agent went away mid-answer; the upstream request was aborted');
          return;
        }
        // The upstream cut the answer short: cut the agent's too, as the API would have.
        x.failure = { status, message: 'the upstream closed the connection before the answer was complete' };
        res.destroy();
        settle(x.failure.message);
      });
      res.on('close', () => {
        if (!res.writableFinished) {
          upstream.destroy();
          settle('the agent went away mid-answer; the upstream request was aborted');
        }
      });
    });
  }

  function send(
    base: URL,
    method: string,
    target: { path: string; headers: Record<string, string | string[]> },
    body: Buffer,
    signal: AbortSignal,
  ): Promise<Attempt> {
    const secure = base.protocol === 'https:';
    return new Promise<Attempt>((resolve) => {
      const request = (secure ? httpsRequest : httpRequest)({
        protocol: base.protocol,
        hostname: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port || (secure ? 443 : 80),
        method,
        path: target.path,
        headers: target.headers,
        agent: secure ? agents.https : agents.http,
        signal,
      });
      request.once('response', (response) => resolve({ kind: 'response', response }));
      // Errors after the response arrived surface on the response; later ones here only need a listener.
      request.on('error', (error) => resolve({ kind: 'error', error }));
      request.end(body.length > 0 ? body : undefined);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    open(grant) {
      const upstream = parseUpstream(grant);
      if (grant.realKey.trim() === '')
        throw new Error(
          `okstra gateway: no API key for ${grant.worker} (${grant.provider}); set the provider's key variable`,
        );
      const id = randomBytes(12).toString('base64url');
      const lease: Lease = {
        id,
        grant,
        upstream,
        credential: newCredential(),
        open: true,
        records: [],
        inFlight: new Set(),
        spend: { tokens: 0, usd: 0 },
        usage: null,
        usageCost: null,
        budgetExceeded: null,
        upstreamError: null,
      };
      leases.set(id, lease);
      const handle: DispatchLease = {
        baseUrl: `${url}/d/${id}`,
        credential: lease.credential,
        close(): DispatchSummary {
          lease.open = false;
          // A killed CLI's last request can still be open here (its socket's close not yet seen): it belongs to this summary.
          for (const x of [...lease.inFlight]) {
            x.error ??= 'the dispatch ended before this request did';
            finish(x);
          }
          return {
            requests: [...lease.records],
            usage: lease.usage ? { ...lease.usage, costUsd: lease.usageCost } : null,
            budgetExceeded: lease.budgetExceeded,
            upstreamError: lease.upstreamError,
          };
        },
      };
      return handle;
    },
    records: () => allRecords,
    totals() {
      return {
        ...stage,
        byWorker: Object.fromEntries(
          [...byWorker].map(([worker, spend]): [string, SpendTotals] => [worker, { ...spend }]),
        ),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const lease of leases.values()) lease.open = false;
        for (const socket of sockets) socket.destroy();
        agents.http.destroy();
        agents.https.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A budget refusal is a 400: every CLI shows a 400's message and gives up,
 * whereas 429 and 5xx are retried, and 401/403 are reported as a bad key
 * (Codex's adapter and Claude Code both treat 403 as an auth failure).
 */
const BUDGET_STATUS = 400;

function addSpend(a: Spend, b: Spend): Spend {
  return { tokens: a.tokens + b.tokens, usd: addCost(a.usd, b.usd) };
}

function parseUpstream(grant: DispatchGrant): URL {
  let upstream: URL;
  try {
    upstream = new URL(grant.upstream);
  } catch {
    throw new Error(
      `okstra gateway: upstream "${grant.upstream}" for ${grant.worker} is not a URL; expected e.g. https://api.anthropic.com`,
    );
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new Error(
      `okstra gateway: upstream "${grant.upstream}" for ${grant.worker} must be an http:// or https:// URL`,
    );
  if (upstream.search !== '' || upstream.hash !== '' || upstream.username !== '' || upstream.password !== '') {
    throw new Error(
      `okstra gateway: upstream "${upstream.origin}${upstream.pathname}" for ${grant.worker} must be a plain base URL (no query, fragment or user info)`,
    );
  }
  return upstream;
}

function joinPath(base: string, rest: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (rest === '') return trimmed === '' ? '/' : trimmed;
  return `${trimmed}${rest}`;
}

/**
 * A bodiless HEAD of the dispatch's base URL itself that offers no key at
 * all: a client warming up its connection, which can reach or spend nothing.
 * A wrong key is still a credential refusal.
 */
function isWarmUp(req: IncomingMessage, method: string, path: string, rawQuery: string): boolean {
  if (method !== 'HEAD' || (path !== '' && path !== '/')) return false;
  const { headers } = req;
  if (
    headers['x-api-key'] !== undefined ||
    headers.authorization !== undefined ||
    headers['x-goog-api-key'] !== undefined ||
    /(^|&)key=/.test(rawQuery)
  )
    return false;
  return (
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

/** No dot segments or encoded separators: the path the upstream resolves must be the path the gateway judged. */
function safePath(path: string): boolean {
  if (path !== '' && !path.startsWith('/')) return false;
  if (/%2f|%5c|%2e|\\/i.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

function readBody(req: IncomingMessage, cap: number): Promise<Buffer | 'too-large' | 'aborted'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (value: Buffer | 'too-large' | 'aborted'): void => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        req.pause();
        settle('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => settle(Buffer.concat(chunks)));
    req.on('error', () => settle('aborted'));
    req.on('close', () => settle(req.complete ? Buffer.concat(chunks) : 'aborted'));
  });
}

function readCapped(stream: IncomingMessage, cap: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (size < cap) chunks.push(chunk.subarray(0, cap - size));
      size += chunk.length;
    });
    const done = (): void => resolve(Buffer.concat(chunks));
    stream.on('end', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/** Reads and discards a refused request's body, so the connection can be reused. */
function drain(req: IncomingMessage): void {
  req.resume();
  req.on('error', () => undefined);
}
