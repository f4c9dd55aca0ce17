import { GitError, startGit, type Git, type ObjectLookup } from './git.js';
import type { StartedProcess } from '../process/started-process.js';

interface Asked {
  spec: string;
  resolve: (found: ObjectLookup) => void;
  reject: (error: Error) => void;
}

/**
 * One `git cat-file --batch` asked in rounds, where one round's answers decide
 * the next's questions (a folder's listing, then the files it lists): one
 * process instead of one per round, and each object handed over as soon as
 * its bytes arrived, so the caller works on the first while git still reads
 * the rest. Answers come in the order asked. Always {@link close} it, in a `finally`.
 */
export class ObjectReader {
  private readonly waiting: Asked[] = [];
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  /** The header of the object whose bytes are still arriving. */
  private current: { spec: string; id: string; type: string; size: number } | null = null;
  private failure: Error | null = null;
  private readonly stderr: Buffer[] = [];
  private readonly ended: Promise<void>;

  private constructor(private readonly child: StartedProcess) {
    child.stdout.on('data', (chunk: Buffer) => this.received(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // A git that exits without reading all its stdin (it failed) closes it under us: its exit says why.
    child.stdin.on('error', () => undefined);
    child.stdout.resume();
    child.stderr.resume();
    this.ended = Promise.all([child.exited, child.outputClosed]).then(([status]) => {
      if (this.waiting.length === 0) return;
      const stderr = Buffer.concat(this.stderr).toString('utf8');
      this.fail(
        new GitError(['cat-file', '--batch'], {
          stdout: '',
          stderr: stderr || 'it ended before answering every object asked',
          exitCode: status.code ?? -1,
        }),
      );
    });
  }

  static async open(git: Git): Promise<ObjectReader> {
    return new ObjectReader(await startGit(git, ['cat-file', '--batch']));
  }

  /** One promise per spec (`<rev>:<path>` or an id), settled when its object has arrived; null object: not there. */
  ask(specs: readonly string[]): Promise<ObjectLookup>[] {
    const sent: string[] = [];
    const answers = specs.map((spec) => {
      // A name that would break the line it is sent on names no object: answered here, never sent (git would
      // read it as two questions and every later answer would go to the wrong one).
      if (spec === '' || spec.includes('\n')) return Promise.resolve({ spec, object: null });
      const answer = new Promise<ObjectLookup>((resolve, reject) => {
        if (this.failure) reject(this.failure);
        else {
          this.waiting.push({ spec, resolve, reject });
          sent.push(spec);
        }
      });
      // A caller that stops at an earlier answer (a layout it refuses) leaves the rest unawaited: not unhandled.
      answer.catch(() => undefined);
      return answer;
    });
    if (sent.length > 0) this.child.stdin.write(sent.map((s) => `${s}\n`).join(''));
    return answers;
  }

  /** No more rounds: git exits once it has answered what was asked (which {@link ask}'s promises still deliver). */
  lastRoundAsked(): void {
    this.child.stdin.end();
  }

  /**
   * Ends the conversation. Anything still unanswered (a caller that gave up
   * early) is not waited for: the process is stopped.
   */
  async close(): Promise<void> {
    this.child.stdin.end();
    if (this.waiting.length > 0) {
      this.fail(new Error('git cat-file --batch: closed before every object asked had arrived'));
      try {
        process.kill(this.child.pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
    await this.ended;
  }

  private received(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (!this.current && !this.readHeader()) return;
      const object = this.current as NonNullable<typeof this.current>;
      // The object's bytes and the newline cat-file writes after them.
      if (this.buffered < object.size + 1) return;
      const bytes = this.take(object.size + 1).subarray(0, object.size);
      this.current = null;
      this.answer({ spec: object.spec, object: { id: object.id, type: object.type, bytes } });
    }
  }

  /** Reads the next header line if it has arrived: true when an object's bytes follow it. */
  private readHeader(): boolean {
    for (;;) {
      const first = this.chunks[0];
      if (!first) return false;
      const eol = first.indexOf(0x0a);
      if (eol >= 0) break;
      if (this.chunks.length === 1) return false;
      // A header split across reads: join what has arrived (headers are short, this is rare).
      const joined = Buffer.concat(this.chunks);
      this.chunks.length = 0;
      this.chunks.push(joined);
    }
    const first = this.chunks[0] as Buffer;
    const header = this.take(first.indexOf(0x0a) + 1)
      .subarray(0, -1)
      .toString('utf8');
    const spec = this.waiting[0]?.spec ?? '';
    if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
      this.answer({ spec, object: null });
      return this.readHeader();
    }
    const [id = '', type = '', size] = header.split(' ');
    this.current = { spec, id, type, size: Number(size) };
    return true;
  }

  /** The next `n` bytes of what has arrived (there are at least that many); one copy only when they span reads. */
  private take(n: number): Buffer {
    this.buffered -= n;
    const first = this.chunks[0] as Buffer;
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const chunk = this.chunks[0] as Buffer;
      if (chunk.length <= left) {
        parts.push(chunk);
        this.chunks.shift();
        left -= chunk.length;
      } else {
        parts.push(chunk.subarray(0, left));
        this.chunks[0] = chunk.subarray(left);
        left = 0;
      }
    }
    return Buffer.concat(parts, n);
  }

  private answer(found: ObjectLookup): void {
    this.waiting.shift()?.resolve(found);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const asked of this.waiting.splice(0)) asked.reject(error);
  }
}
