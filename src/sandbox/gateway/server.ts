import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  addCost,
  addSpend,
  addUsage,
  admit,
  BudgetBook,
  budgetRefusal,
  budgetTokens,
  createPriceLookup,
  detectProtocol,
  errorStyle,
  parseRequestBody,
  requestFacts,
  requestModelOf,
  tooLarge,
  unknownDispatch,
  worstCase,
  ZERO_SPEND,
  ZERO_USAGE,
  type PriceMatch,
  type Spend,
} from '../../core/usage/index.js';
import type { ModelPrice } from '../../core/config/schema.js';

const SUBSCRIPTION_PRICE: ModelPrice = { input: 0, output: 0, cachedInput: 0, cacheWrite: 0 };
import { needsKey, platformUpstream } from './platform.js';
import { credentialPlaces, newCredential } from './credentials.js';
import { logLine, refuse, scrub, sendRefusal, toRecord, type Exchange, type Lease } from './exchange.js';
import { forward } from './forward.js';
import { drain, readBody } from './io.js';
import { isWarmUp, parseLeaseRoute, parseUpstream, safePath, type LeaseRoute } from './paths.js';
import { apiKeyUpstream, Connections, upstreamPath, type IncomingCall, type OutgoingCall } from './upstream.js';
import type {
  DispatchGrant,
  DispatchLease,
  DispatchSummary,
  Gateway,
  GatewayBudgets,
  GatewayOptions,
  GatewayRecord,
  SpendTotals,
} from './types.js';

const DEFAULT_RETRY_BUDGET_MS = 120_000;
const DEFAULT_MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/**
 * The gateway of one stage run: routes each dispatch's requests, admits or
 * refuses them, reserves their worst case against the budgets, forwards
 * them and records what they cost. Decisions are the pure functions of
 * `src/core/usage/`; this class only wires them to the sockets.
 */
class ModelGateway {
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly maxRequestBytes: number;
  private readonly priceOf: (model: string | null) => PriceMatch | null;
  private readonly book: BudgetBook;
  private readonly forwarding: Parameters<typeof forward>[0];
  readonly leases = new Map<string, Lease>();
  readonly records: GatewayRecord[] = [];
  /** Metered spend (what the APIs reported), for the report; the budgets' books are {@link book}. */
  private stage: Spend = ZERO_SPEND;
  private readonly byWorker = new Map<string, Spend>();

  constructor(options: GatewayOptions, connections: Connections) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
    this.maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
    this.priceOf = createPriceLookup(options.pricing);
    this.book = new BudgetBook(options.budgets, {
      ...(options.planSpentBefore ? { plan: options.planSpentBefore } : {}),
      ...(options.daySpentBefore ? { day: options.daySpentBefore } : {}),
    });
    this.forwarding = {
      connections,
      retryBudgetMs: options.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS,
      now: this.now,
      sleep: options.sleep ?? sleep,
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = this.now();
    const method = req.method ?? 'GET';
    const route = parseLeaseRoute(req.url ?? '/');
    const lease = route ? this.leases.get(route.leaseId) : undefined;
    if (!route || !lease) {
      this.log(`okstra gateway: ${method} to an unknown dispatch refused`);
      drain(req);
      sendRefusal(res, 'openai', unknownDispatch());
      return;
    }
    const path = upstreamPath(lease.upstream, route.path);
    const protocol = detectProtocol(path);
    const x = this.newExchange(lease, method, route.path, protocol, started);
    const hasCredential = lease.open && credentialPlaces(req.headers, route.rawQuery, lease.credential).length > 0;
    const local = hasCredential ? null : (lease.upstream.localAnswer?.(method, route.path) ?? null);
    const admission = admit({
      leaseOpen: lease.open,
      hasCredential,
      warmUp: local !== null || isWarmUp(req, method, route.path, route.rawQuery),
      safePath: safePath(route.path),
      method,
      path: route.path,
      protocol,
    });
    if (admission.kind !== 'forward') drain(req);
    if (admission.kind === 'warm-up' && local !== null) {
      res.writeHead(local.status, { 'content-type': local.contentType }).end(local.body);
      this.log(
        `okstra gateway: ${lease.grant.worker} (${lease.grant.role}) ${local.why} (answered locally; not forwarded)`,
      );
      return;
    }
    if (admission.kind === 'warm-up') {
      // Claude Code (2.1.197) opens its connection early with a keyless HEAD of its base URL and ignores the answer.
      // Nothing is forwarded or spent, so it is no request of the dispatch, and no credential refusal in its report.
      res.writeHead(200, { 'content-length': '0' }).end();
      this.log(
        `okstra gateway: ${lease.grant.worker} (${lease.grant.role}) HEAD of the base URL without a credential answered locally (a connection warm-up; not forwarded)`,
      );
      return;
    }
    lease.inFlight.add(x);
    try {
      if (admission.kind === 'refuse') refuse(res, x, admission.refusal);
      else await this.receive(req, res, x, route, path);
    } finally {
      // Also after an internal error: a reservation left open would hold budget for the rest of the run.
      this.finish(x);
    }
  }

  /** Reads the body, reserves the request's worst case, and forwards it if it fits. */
  private async receive(
    req: IncomingMessage,
    res: ServerResponse,
    x: Exchange,
    route: LeaseRoute,
    path: string,
  ): Promise<void> {
    const body = await readBody(req, this.maxRequestBytes);
    if (body === 'too-large') {
      refuse(res, x, tooLarge(this.maxRequestBytes));
      res.once('finish', () => req.destroy());
      return;
    }
    if (body === 'aborted') {
      x.error = 'the agent went away while sending its request';
      return;
    }
    if (x.protocol !== null && !this.reserve(res, x, path, body)) return;
    const call = await this.prepare(res, x, { ...route, method: x.method, headers: req.headers, body });
    if (call !== null) await forward(this.forwarding, res, x, call, body);
  }

  /**
   * The outgoing request, or null when okstra's own credentials failed (no AWS credentials, an ADC file that does
   * not work, no Azure sign-in): the agent gets a 502 saying so, and the report the reason, as for an upstream that
   * could not be reached; nothing was sent, so nothing is spent.
   */
  private async prepare(res: ServerResponse, x: Exchange, incoming: IncomingCall): Promise<OutgoingCall | null> {
    try {
      return await x.lease.upstream.prepare(incoming);
    } catch (error) {
      const why = scrub(error instanceof Error ? error.message : String(error), x.lease).split('\n')[0] ?? '';
      const message = `okstra gateway: could not authenticate to ${x.lease.grant.platform?.kind ?? 'the upstream'} with okstra's credentials: ${why}`;
      x.failure = { status: null, message };
      refuse(res, x, { status: 502, kind: 'upstream-unreachable', error: message, message });
      return null;
    }
  }

  /** A subscription's requests spend no money: priced at zero, so money budgets hold nothing for them and count $0. */
  private priceFor(x: Exchange): ModelPrice | null {
    if (x.lease.grant.billing === 'subscription') return SUBSCRIPTION_PRICE;
    return this.priceOf(x.model)?.price ?? null;
  }

  /** Reserves the worst case against every budget; false (and the refusal sent) when it does not fit. */
  private reserve(res: ServerResponse, x: Exchange, path: string, body: Buffer): boolean {
    if (x.protocol === null) return true;
    const parsed = parseRequestBody(body.toString('utf8'));
    x.model = requestModelOf(x.protocol, path, parsed);
    const price = this.priceFor(x);
    const cost = worstCase({
      model: x.model,
      bodyBytes: body.length,
      facts: requestFacts(x.protocol, parsed),
      price,
    });
    const reserved = this.book.reserve(x.lease.id, cost, x.model, price !== null);
    if (reserved.ok) {
      x.hold = reserved.hold;
      return true;
    }
    const { scope, limit, spent, message, reservation, headroom } = reserved.refusal;
    x.lease.budgetExceeded ??= {
      scope,
      limit,
      spent,
      message,
      ...(reservation !== null ? { reservation } : {}),
      headroom,
    };
    refuse(res, x, budgetRefusal(message));
    return false;
  }

  /** Ends a request once: its record, its metered spend, and its reservation settled. */
  finish(x: Exchange): GatewayRecord {
    if (x.record) return x.record;
    const price = this.priceFor(x);
    const record = toRecord(x, price, this.now());
    x.record = record;
    x.lease.inFlight.delete(x);
    this.records.push(record);
    x.lease.records.push(record);
    const metered: Spend | null = x.usage ? { tokens: budgetTokens(x.usage), usd: record.costUsd } : null;
    if (x.hold) {
      // Forwarded and answered but its usage never came (a stream cut short): it may have cost up to its reservation.
      const unknown = x.answered && metered === null;
      this.book.settle(x.hold, unknown ? null : (metered ?? ZERO_SPEND));
    }
    if (x.usage && metered) this.count(x, metered);
    if (x.refused !== 'budget' && x.refused !== 'credential')
      x.lease.upstreamError = x.failure
        ? { status: x.failure.status, message: scrub(x.failure.message, x.lease) }
        : null;
    this.log(logLine(record));
    return record;
  }

  private count(x: Exchange, spend: Spend): void {
    const { lease } = x;
    lease.usageCost = lease.usage === null ? spend.usd : addCost(lease.usageCost, spend.usd);
    lease.usage = addUsage(lease.usage ?? ZERO_USAGE, x.usage ?? ZERO_USAGE);
    this.stage = addSpend(this.stage, spend);
    const worker = lease.grant.worker;
    this.byWorker.set(worker, addSpend(this.byWorker.get(worker) ?? ZERO_SPEND, spend));
  }

  private newExchange(
    lease: Lease,
    method: string,
    path: string,
    protocol: Exchange['protocol'],
    started: number,
  ): Exchange {
    return {
      lease,
      method,
      path,
      protocol,
      style: errorStyle(protocol, lease.grant.provider),
      model: null,
      started,
      status: null,
      firstByteMs: null,
      retries: 0,
      usage: null,
      hold: null,
      answered: false,
      failure: null,
      record: null,
    };
  }

  open(grant: DispatchGrant, baseUrl: string): DispatchLease {
    const base = parseUpstream(grant);
    // A signing or token platform needs no key; an API key (Azure's without an Entra token included) must be there.
    if (needsKey(grant) && grant.realKey.trim() === '')
      throw new Error(
        `okstra gateway: no API key for ${grant.worker} (${grant.provider}); set the provider's key variable`,
      );
    const id = randomBytes(12).toString('base64url');
    const credential = newCredential();
    const lease: Lease = {
      id,
      grant,
      upstream: platformUpstream(grant, base, credential) ?? apiKeyUpstream(base, credential, grant.realKey),
      credential,
      open: true,
      records: [],
      inFlight: new Set(),
      usage: null,
      usageCost: null,
      budgetExceeded: null,
      upstreamError: null,
    };
    this.leases.set(id, lease);
    this.book.openWorker(id, grant.worker);
    return { baseUrl: `${baseUrl}/d/${id}`, credential, close: () => this.closeLease(lease) };
  }

  private closeLease(lease: Lease): DispatchSummary {
    lease.open = false;
    // A killed CLI's last request can still be open here (its socket's close not yet seen): it belongs to this summary.
    for (const x of [...lease.inFlight]) {
      x.error ??= 'the dispatch ended before this request did';
      this.finish(x);
    }
    return {
      requests: [...lease.records],
      usage: lease.usage ? { ...lease.usage, costUsd: lease.usageCost } : null,
      budgetExceeded: lease.budgetExceeded,
      upstreamError: lease.upstreamError,
    };
  }

  totals(): SpendTotals & { byWorker: Record<string, SpendTotals> } {
    return {
      ...this.stage,
      byWorker: Object.fromEntries([...this.byWorker].map(([w, spend]): [string, SpendTotals] => [w, { ...spend }])),
    };
  }

  budgets(): GatewayBudgets {
    const largest = this.book.largestRefused();
    return {
      headroom: this.book.headroom(),
      largestRefused: largest
        ? { worker: largest.worker, scope: largest.scope, reservation: largest.reservation, headroom: largest.headroom }
        : null,
    };
  }
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const log = options.log ?? (() => undefined);
  const connections = new Connections();
  const gateway = new ModelGateway(options, connections);
  const sockets = new Set<Socket>();
  const server = createServer({ noDelay: true }, (req, res) => {
    void gateway.handle(req, res).catch((error: unknown) => {
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
  const url = await listen(server);
  return {
    url,
    open: (grant) => gateway.open(grant, url),
    records: () => gateway.records,
    totals: () => gateway.totals(),
    budgets: () => gateway.budgets(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const lease of gateway.leases.values()) lease.open = false;
        for (const socket of sockets) socket.destroy();
        connections.destroy();
        server.close(() => resolve());
      }),
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
