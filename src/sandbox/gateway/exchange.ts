import type { ServerResponse } from 'node:http';
import {
  costUsd,
  gatewayErrorBody,
  ZERO_USAGE,
  type ErrorStyle,
  type Hold,
  type ModelProtocol,
  type Refusal,
  type TokenUsage,
} from '../../core/usage/index.js';
import type { ModelPrice } from '../../core/config/schema.js';
import type { BudgetRefusal, DispatchGrant, GatewayRecord } from './types.js';
import type { Upstream } from './upstream.js';

/** One dispatch: its route, its credential, and what its requests did. */
export interface Lease {
  readonly id: string;
  readonly grant: DispatchGrant;
  readonly upstream: Upstream;
  readonly credential: string;
  open: boolean;
  readonly records: GatewayRecord[];
  /** Requests that have not ended yet: a dispatch that ends (its CLI killed) records them as they stand. */
  readonly inFlight: Set<Exchange>;
  usage: TokenUsage | null;
  usageCost: number | null;
  budgetExceeded: BudgetRefusal | null;
  upstreamError: { status: number | null; message: string } | null;
}

/** One request's progress, turned into its {@link GatewayRecord} when it ends. */
export interface Exchange {
  lease: Lease;
  method: string;
  path: string;
  protocol: ModelProtocol | null;
  style: ErrorStyle;
  model: string | null;
  started: number;
  status: number | null;
  firstByteMs: number | null;
  retries: number;
  usage: TokenUsage | null;
  /** The budgets' reservation, settled when the request ends. */
  hold: Hold | null;
  /** Whether an answer began to stream to the agent (it may have been billed even if its usage never came). */
  answered: boolean;
  refused?: GatewayRecord['refused'];
  error?: string;
  failure: { status: number | null; message: string } | null;
  /** Set once recorded: a request ends once, even when its dispatch ended first. */
  record: GatewayRecord | null;
}

const REDACTED_KEY = '[REDACTED:real-key]';

export function scrub(text: string, lease: Lease): string {
  let out = text;
  for (const secret of lease.upstream.secrets) out = out.split(secret).join(REDACTED_KEY);
  return out;
}

/** The one place a gateway refusal is written: recorded on the exchange and sent in the agent's API shape. */
export function refuse(res: ServerResponse, x: Exchange, refusal: Refusal): void {
  x.status = refusal.status;
  x.error = refusal.error;
  if (refusal.refused) x.refused = refusal.refused;
  sendRefusal(res, x.style, refusal);
}

/** Sends a refusal in the shape of the agent's API (also for requests that belong to no dispatch). */
export function sendRefusal(res: ServerResponse, style: ErrorStyle, refusal: Refusal): void {
  if (res.headersSent || res.destroyed) return;
  res
    .writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers })
    .end(JSON.stringify(gatewayErrorBody(style, refusal.kind, refusal.status, refusal.message)));
}

/** The request's record: the API's own usage priced, or what the APIs bill for refusals and errors (nothing). */
export function toRecord(x: Exchange, price: ModelPrice | null, endedAt: number): GatewayRecord {
  const usage = x.usage ?? ZERO_USAGE;
  // The APIs bill nothing for refusals and errors; a 2xx whose usage never arrived is unknown, not free.
  const unknownSuccess =
    x.usage === null && x.protocol !== null && x.status !== null && x.status < 300 && x.refused === undefined;
  return {
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
    durationMs: Math.max(0, endedAt - x.started),
    firstByteMs: x.firstByteMs,
    retries: x.retries,
    ...(x.refused ? { refused: x.refused } : {}),
    ...(x.lease.grant.billing ? { billing: x.lease.grant.billing } : {}),
    ...(x.error ? { error: scrub(x.error, x.lease) } : {}),
  };
}

export function logLine(record: GatewayRecord): string {
  return (
    `okstra gateway: ${record.worker} (${record.role}) ${record.method} ${record.path} -> ${record.status ?? 'no response'}` +
    `${record.model ? ` model=${record.model}` : ''} in=${record.inputTokens} out=${record.outputTokens}` +
    ` cost=${record.costUsd === null ? 'unknown' : record.costUsd.toFixed(6)} retries=${record.retries} ${record.durationMs}ms` +
    `${record.refused ? ` refused=${record.refused}` : ''}${record.error ? ` error=${record.error}` : ''}`
  );
}
