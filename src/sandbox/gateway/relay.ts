import type { IncomingMessage, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UsageMeter } from '../../core/usage/index.js';
import { agentResponseHeaders } from './headers.js';
import type { Exchange } from './exchange.js';

const AGENT_LEFT = 'the agent went away mid-answer; the upstream request was aborted';
const UPSTREAM_CUT = 'the upstream closed the connection before the answer was complete';

/**
 * Streams a successful (or any non-error) answer to the agent as it arrives,
 * metering it on the way: upstream → meter → agent in one `pipeline`, which
 * holds back the upstream while the agent reads slowly and tears both ends
 * down when either goes away.
 */
export async function relay(
  upstream: IncomingMessage,
  res: ServerResponse,
  x: Exchange,
  meter: UsageMeter | null,
  now: () => number,
): Promise<void> {
  const status = upstream.statusCode ?? 200;
  x.status = status;
  x.answered = true;
  res.writeHead(status, agentResponseHeaders(upstream.headers, x.lease.upstream.secrets));
  res.flushHeaders();
  const tap = new MeterTap(meter, () => {
    x.firstByteMs ??= now() - x.started;
  });
  let agentLeft = false;
  res.once('close', () => {
    // An upstream cut destroys the upstream first and the agent's end after it; the agent leaving finds the upstream whole.
    agentLeft = !res.writableFinished && !upstream.destroyed;
  });
  let error: string | undefined;
  try {
    await pipeline(upstream, tap, res);
  } catch {
    // Which end went first decides the record: the agent's leaving aborts the call; an upstream cut is the API's failure.
    if (agentLeft) error = AGENT_LEFT;
    else {
      x.failure = { status, message: UPSTREAM_CUT };
      error = UPSTREAM_CUT;
    }
  }
  x.firstByteMs ??= now() - x.started;
  const result = tap.result();
  if (result) {
    x.usage = result.usage;
    if (result.malformed > 0 && !error) error = `${result.malformed} malformed event(s) in the upstream answer`;
  }
  if (error) x.error = error;
}

/** Passes the bytes through unchanged and feeds them to the usage meter: decoded as UTF-8, or raw to a binary meter. */
class MeterTap extends Transform {
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly meter: UsageMeter | null,
    private readonly onFirst: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.onFirst();
    if (this.meter?.pushBytes) this.meter.pushBytes(chunk);
    else this.meter?.push(this.decoder.write(chunk));
    callback(null, chunk);
  }

  /** What the meter read, also from an answer cut short; null when nothing is metered. */
  result(): ReturnType<UsageMeter['end']> | null {
    if (!this.meter) return null;
    if (!this.meter.pushBytes) this.meter.push(this.decoder.end());
    return this.meter.end();
  }
}
