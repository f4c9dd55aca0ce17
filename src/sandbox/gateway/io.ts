import type { IncomingMessage } from 'node:http';

/** Plain stream helpers of the gateway: whole request bodies in, capped error bodies, refused bodies drained. */

export function readBody(req: IncomingMessage, cap: number): Promise<Buffer | 'too-large' | 'aborted'> {
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

/** Error bodies are held whole (to retry, keep and scrub them); past `cap` they are cut. */
export function readCapped(stream: IncomingMessage, cap: number): Promise<Buffer> {
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
export function drain(req: IncomingMessage): void {
  req.resume();
  req.on('error', () => undefined);
}
