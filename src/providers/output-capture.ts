/**
 * Bounded capture of a child's output: a buffer that keeps the head or the
 * tail of a stream within a byte limit (cut on UTF-8 boundaries), and a line
 * splitter for callers that follow a stream line by line.
 */

/** Longest line handed to `onLine`; a CLI's event line carrying a whole file is cut, not buffered without end. */
export const MAX_STREAMED_LINE_BYTES = 1024 * 1024;

/** Splits a byte stream into lines for `onLine`, holding at most `max` bytes of an unfinished line. */
export class LineSplitter {
  private pending: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly emit: (line: string) => void,
    private readonly max = MAX_STREAMED_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.keep(chunk.subarray(start, nl));
      this.flush();
      start = nl + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** The last line, when the stream ended without a newline. */
  end(): void {
    if (this.size > 0) this.flush();
  }

  private keep(part: Buffer): void {
    const room = this.max - this.size;
    if (room <= 0 || part.length === 0) return;
    const kept = part.length > room ? part.subarray(0, room) : part;
    this.pending.push(kept);
    this.size += kept.length;
  }

  private flush(): void {
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.size = 0;
    try {
      this.emit(line);
    } catch {
      // a watcher's bug must not end the agent's run
    }
  }
}

/** A byte buffer that keeps at most `max` bytes: the first ones or the last ones. */
export class BoundedBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private seen = 0;

  constructor(
    private readonly max: number,
    private readonly keep: 'head' | 'tail',
  ) {}

  push(chunk: Buffer): void {
    this.seen += chunk.length;
    if (this.max <= 0) return;
    if (this.keep === 'head') {
      const room = this.max - this.size;
      if (room <= 0) return;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    // Drop whole chunks from the front while the rest still covers the cap.
    while (this.chunks.length > 1 && this.size - (this.chunks[0]?.length ?? 0) >= this.max) {
      this.size -= this.chunks.shift()?.length ?? 0;
    }
  }

  get truncated(): boolean {
    return this.seen > this.max;
  }

  text(): string {
    let bytes = Buffer.concat(this.chunks);
    if (this.keep === 'tail' && bytes.length > this.max) bytes = bytes.subarray(bytes.length - this.max);
    if (!this.truncated) return bytes.toString('utf8');
    return this.keep === 'tail' ? decodeTail(bytes) : decodeHead(bytes);
  }
}

/** Skips UTF-8 continuation bytes a tail cut left at the start. */
function decodeTail(bytes: Buffer): string {
  let start = 0;
  while (start < bytes.length && start < 4 && ((bytes[start] as number) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start).toString('utf8');
}

/** Drops a multi-byte UTF-8 sequence a head cut left incomplete at the end. */
function decodeHead(bytes: Buffer): string {
  let end = bytes.length;
  for (let back = 1; back <= 4 && end - back >= 0; back++) {
    const b = bytes[end - back] as number;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (need > back) end -= back;
    break;
  }
  return bytes.subarray(0, end).toString('utf8');
}

export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), 'utf8');
}
