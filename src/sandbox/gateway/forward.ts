import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  decideRetry,
  RETRYABLE_STATUSES,
  unreachable,
  upstreamErrorMessage,
  type AttemptOutcome,
} from '../../core/usage/index.js';
import { agentResponseHeaders } from './headers.js';
import { readCapped } from './io.js';
import { refuse, scrub, type Exchange } from './exchange.js';
import { relay } from './relay.js';
import type { Connections, OutgoingCall } from './upstream.js';

/** Error bodies are held whole (to retry, keep and scrub them); past this they are cut. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

export interface ForwardContext {
  connections: Connections;
  retryBudgetMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Sends an admitted, reserved request upstream, trying again after transient
 * failures (while the agent has seen nothing), and hands the answer to the
 * agent: an error whole and scrubbed, anything else streamed and metered.
 */
export async function forward(
  ctx: ForwardContext,
  res: ServerResponse,
  x: Exchange,
  call: OutgoingCall,
  body: Buffer,
): Promise<void> {
  const { upstream } = x.lease;
  const abort = new AbortController();
  let agentGone = false;
  res.on('close', () => {
    if (!res.writableFinished) {
      agentGone = true;
      abort.abort();
    }
  });
  const again = async (outcome: AttemptOutcome): Promise<boolean> => {
    const now = ctx.now();
    const decision = decideRetry({
      outcome,
      retries: x.retries,
      elapsedMs: now - x.started,
      retryBudgetMs: ctx.retryBudgetMs,
      nowMs: now,
    });
    if (!decision.retry) return false;
    await ctx.sleep(decision.waitMs);
    if (agentGone) return false;
    x.retries += 1;
    return true;
  };

  for (;;) {
    const attempt = await ctx.connections.send(upstream.base, x.method, call, body, abort.signal);
    if (agentGone) {
      x.error = 'the agent went away before the answer';
      return;
    }
    if (attempt.kind === 'error') {
      const code = (attempt.error as NodeJS.ErrnoException).code ?? attempt.error.message;
      x.failure = { status: null, message: `could not reach ${upstream.base.host}: ${code}` };
      if (await again({ kind: 'unreachable' })) continue;
      if (!agentGone) refuse(res, x, unreachable(x.failure.message, x.retries));
      return;
    }
    const answer = attempt.response;
    const status = answer.statusCode ?? 502;
    if (status < 400) {
      x.failure = null;
      const meter = x.protocol !== null && status < 300 ? upstream.meter(x.protocol, contentType(answer)) : null;
      await relay(answer, res, x, meter, ctx.now);
      return;
    }
    const text = scrub((await readCapped(answer, MAX_ERROR_BODY_BYTES)).toString('utf8'), x.lease);
    x.failure = { status, message: upstreamErrorMessage(text) || `HTTP ${status}` };
    if (RETRYABLE_STATUSES.has(status)) {
      if (await again({ kind: 'status', status, retryAfter: answer.headers['retry-after'] })) continue;
      if (agentGone) return;
    }
    passError(res, x, answer, status, text, ctx.now);
    return;
  }
}

/** The upstream's final error, as it sent it (scrubbed), so the agent's CLI reacts as it would to the API. */
function passError(
  res: ServerResponse,
  x: Exchange,
  answer: IncomingMessage,
  status: number,
  text: string,
  now: () => number,
): void {
  const out = agentResponseHeaders(answer.headers, x.lease.upstream.secrets);
  out['content-length'] = String(Buffer.byteLength(text));
  x.status = status;
  x.error = `upstream ${status}: ${x.failure?.message.split('\n')[0]?.slice(0, 200) ?? ''}`;
  res.writeHead(status, out);
  x.firstByteMs = now() - x.started;
  res.end(text);
}

function contentType(answer: IncomingMessage): string {
  return String(answer.headers['content-type'] ?? '');
}
