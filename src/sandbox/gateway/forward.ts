import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  decideRetry,
  RETRYABLE_STATUSES,
  unreachable,
  upstreamErrorMessage,
  type AttemptOutcome,
} from '../../core/usage/index.js';
import { retry, type Outcome } from '../../process/retry.js';
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
  /** One try; after a wait, only while the agent is still there. */
  const once = async (n: number): Promise<Tried> => {
    if (n > 1) {
      if (agentGone) return { kind: 'gone', waiting: true };
      x.retries += 1;
    }
    const attempt = await ctx.connections.send(upstream.base, x.method, call, body, abort.signal);
    if (agentGone) return { kind: 'gone', waiting: false };
    if (attempt.kind === 'error') {
      const code = (attempt.error as NodeJS.ErrnoException).code ?? attempt.error.message;
      x.failure = { status: null, message: `could not reach ${upstream.base.host}: ${code}` };
      return { kind: 'unreachable' };
    }
    const answer = attempt.response;
    const status = answer.statusCode ?? 502;
    if (status < 400) return { kind: 'answer', answer, status };
    const text = scrub((await readCapped(answer, MAX_ERROR_BODY_BYTES)).toString('utf8'), x.lease);
    x.failure = { status, message: upstreamErrorMessage(text) || `HTTP ${status}` };
    return { kind: 'failed', answer, status, text };
  };
  // decideRetry says both whether and how long: the wait it chose is kept for the loop's delay.
  let waitMs = 0;
  const retryable = (o: Outcome<Tried>): boolean => {
    const outcome = 'value' in o ? attemptOutcome(o.value) : null;
    if (outcome === null) return false;
    const now = ctx.now();
    const decision = decideRetry({
      outcome,
      retries: x.retries,
      elapsedMs: now - x.started,
      retryBudgetMs: ctx.retryBudgetMs,
      nowMs: now,
    });
    waitMs = decision.retry ? decision.waitMs : 0;
    return decision.retry;
  };

  const tried = await retry(once, { retryable, delayMs: () => waitMs, sleep: ctx.sleep });
  if (tried.kind === 'gone') {
    if (!tried.waiting) x.error = 'the agent went away before the answer';
  } else if (tried.kind === 'unreachable') {
    if (!agentGone) refuse(res, x, unreachable(x.failure?.message ?? '', x.retries));
  } else if (tried.kind === 'answer') {
    x.failure = null;
    const meter =
      x.protocol !== null && tried.status < 300 ? upstream.meter(x.protocol, contentType(tried.answer)) : null;
    await relay(tried.answer, res, x, meter, ctx.now);
  } else if (!(agentGone && RETRYABLE_STATUSES.has(tried.status))) {
    passError(res, x, tried.answer, tried.status, tried.text, ctx.now);
  }
}

/** How a try ended, for the loop and for the answer to the agent. */
type Tried =
  | { kind: 'gone'; waiting: boolean }
  | { kind: 'unreachable' }
  | { kind: 'answer'; answer: IncomingMessage; status: number }
  | { kind: 'failed'; answer: IncomingMessage; status: number; text: string };

/** What decideRetry is asked about a try: only a failure may be tried again. */
function attemptOutcome(t: Tried): AttemptOutcome | null {
  if (t.kind === 'unreachable') return { kind: 'unreachable' };
  if (t.kind === 'failed') return { kind: 'status', status: t.status, retryAfter: t.answer.headers['retry-after'] };
  return null;
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
