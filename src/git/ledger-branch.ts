import { randomBytes } from 'node:crypto';
import type { Backoff } from '../core/backoff.js';
import { backoffMs } from '../core/backoff.js';
import { retry } from '../process/retry.js';
import { Git, type GitResult } from './git.js';
import { LedgerIoError } from './ledger-errors.js';

/** A file written on the ledger branch in the same commit as a row. Paths are from the branch root. */
export interface LedgerFile {
  path: string;
  content: string;
}

export interface LedgerBranchOptions {
  repoDir: string;
  branch: string;
  remote?: string;
  remoteEnv?: Record<string, string>;
  sleep: (ms: number) => Promise<void>;
  /** The branch fetched before this store existed (a stage job's prefetch), for its first read: see withTip. */
  early?: Promise<EarlyLedgerTip | null>;
}

/**
 * The remote ledger branch fetched ahead of the store's first read (a stage
 * job fetches it beside the plan's branches while the agents' boundary is
 * proven): the private ref holding it, its commit (null: the remote has no
 * ledger branch yet) and when it was fetched.
 */
export interface EarlyLedgerTip {
  ref: string;
  tip: string | null;
  at: number;
}

/** From this size on a file is hashed into the object store on its own before the commit is built (see buildCommit). */
const LARGE_FILE_CHARS = 256 * 1024;

/** How long a fetched remote tip is worth trying as the parent of the next append. */
const RECENT_TIP_MS = 5_000;

export const LEDGER_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'ledger@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'ledger@okstra.invalid',
};

const CONFLICT_PATTERNS = [
  /rejected/i,
  /non-fast-forward/i,
  /fetch first/i,
  /cannot lock ref/i,
  /failed to update ref/i,
  /stale info/i,
  /but expected/i,
  /unable to create .*\.lock/i,
];

/**
 * The ledger branch as git holds it: its tip (local, or fetched from the
 * remote of record), and commits built beside the user's index and work tree
 * and published with a compare-and-swap. What the commits mean is the store's.
 */
export class LedgerBranch {
  readonly git: Git;
  private readonly branchRef: string;
  private recentTip: { tip: string | null; at: number } | null = null;
  /** The last commit this store's own append put on the branch: a tip known to be complete here. */
  lastWritten: string | null = null;

  private early: Promise<EarlyLedgerTip | null> | null;

  constructor(private readonly opts: LedgerBranchOptions) {
    this.git = new Git(opts.repoDir, LEDGER_IDENTITY);
    this.branchRef = `refs/heads/${opts.branch}`;
    this.early = opts.early ?? null;
  }

  /** The tip this branch's reads just fetched is now history (a repair landed): no later append may start from it. */
  forgetRecentTip(): void {
    this.recentTip = null;
  }

  /**
   * Builds the commit on top of `parent` in one `git fast-import` (after one
   * `hash-object` per large file), which writes objects only: the user's
   * index and work tree are never touched.
   * fast-import needs a ref to build on, but it writes refs only when it
   * ends: the ref is reset to no commit before then, which fast-import does
   * not write, so no ref is ever left to delete. `publish` moves the ledger
   * branch.
   */
  async buildCommit(
    parent: string | null,
    files: readonly LedgerFile[],
    message: string,
    deleted: readonly string[] = [],
  ): Promise<string> {
    const buildRef = `refs/okstra/build/${process.pid}-${randomBytes(6).toString('hex')}`;
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    const ident = `${LEDGER_IDENTITY.GIT_COMMITTER_NAME} <${LEDGER_IDENTITY.GIT_COMMITTER_EMAIL}> ${when}`;
    const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
    // git: hash-object, each large file (the ledger itself, once it has grown) as a loose object first: inline,
    // fast-import would pack it and then, its pack being smaller than fastimport.unpackLimit, unpack it again
    // into loose objects, in about twice the time. (Keeping fast-import's pack instead, fastimport.unpackLimit=0,
    // is faster still but leaves a pack per append, and every git call slows with the number of packs.)
    const large = await Promise.all(
      files.map((f) =>
        f.content.length >= LARGE_FILE_CHARS
          ? this.git.ok(['hash-object', '-w', '--no-filters', '--stdin'], { input: f.content })
          : null,
      ),
    );
    const script = [
      `commit ${buildRef}\nmark :1\nauthor ${ident}\ncommitter ${ident}\n${data(message)}`,
      parent ? `from ${parent}\n` : '',
      ...deleted.map((p) => `D ${p}\n`),
      ...files.map((f, i) => {
        const blob = large[i];
        return blob ? `M 100644 ${blob} ${f.path}\n` : `M 100644 inline ${f.path}\n${data(f.content)}`;
      }),
      '\nget-mark :1\n',
      // A reset without a commit leaves the ref at none, which fast-import does not write as it ends.
      `reset ${buildRef}\n\n`,
      'done\n',
    ].join('');
    // git: fast-import, the commit (and the small files inline); no ref once it ends, no index, no work tree.
    const commit = await this.git.ok(['fast-import', '--quiet', '--done', '--date-format=raw'], { input: script });
    return commit.trim();
  }

  /**
   * The compare-and-swap: true when `commit` replaced exactly `expected`.
   * Locally one ref transaction moves the branch from `expected` (or from
   * "absent"); remotely a push without force does. The commit's objects stay
   * in the object store without a ref (loose objects are pruned only weeks
   * after they lose every ref).
   */
  async publish(commit: string, expected: string | null): Promise<boolean> {
    if (this.opts.remote) {
      // git: push without force, the remote compare-and-swap.
      const pushed = await this.git.run(
        ['push', '--quiet', '--no-verify', this.opts.remote, `${commit}:${this.branchRef}`],
        { env: this.opts.remoteEnv ?? {} },
      );
      if (pushed.exitCode === 0) return true;
      if (isConflict(pushed.stderr + pushed.stdout)) return false;
      throw new LedgerIoError(
        `ledger push to ${this.opts.remote} failed: ${pushed.stderr.trim() || pushed.stdout.trim()}`,
      );
    }
    const old = expected ?? '0'.repeat(commit.length);
    // git: update-ref, the local compare-and-swap.
    const updated = await this.git.run(['update-ref', '-m', 'okstra ledger append', this.branchRef, commit, old]);
    if (updated.exitCode === 0) return true;
    if (isConflict(updated.stderr)) return false;
    throw new LedgerIoError(`ledger update-ref failed: ${updated.stderr.trim()}`);
  }

  async tip(): Promise<string | null> {
    // git: rev-parse, the local branch's tip.
    if (!this.opts.remote) return this.git.resolveCommit(this.branchRef);
    // git: ls-remote, the remote branch's commit alone (one round trip, no objects).
    const listed = await this.git.run(['ls-remote', '--exit-code', this.opts.remote, this.branchRef], {
      env: this.opts.remoteEnv ?? {},
    });
    // Exit 2: the remote has no such branch (yet).
    if (listed.exitCode === 2) return null;
    if (listed.exitCode !== 0)
      throw new LedgerIoError(`cannot read the ledger branch's tip from ${this.opts.remote}: ${listed.stderr.trim()}`);
    // A pattern matches refs that end with it: only the branch's own line counts.
    const line = listed.stdout.split('\n').find((l) => l.split('\t')[1] === this.branchRef);
    const tip = line?.split('\t')[0] ?? null;
    // Still this store's own last commit (every object here): the next append may start from it without a fetch,
    // as from a tip fetched moments ago; a stale one loses its compare-and-swap and fetches afresh.
    if (tip !== null && tip === this.lastWritten) this.recentTip = { tip, at: Date.now() };
    return tip;
  }

  /** The remote tip this store fetched within the last few seconds, once; undefined when there is none. */
  takeRecentTip(): string | null | undefined {
    const recent = this.recentTip;
    this.recentTip = null;
    return recent && Date.now() - recent.at < RECENT_TIP_MS ? recent.tip : undefined;
  }

  /**
   * Runs `fn` with the current ledger tip; with a remote, fetches it into a
   * private ref first. The first call takes the early fetch instead when
   * there is one and it is recent (RECENT_TIP_MS): a read that old is what an
   * append already starts from (takeRecentTip), and the claim that follows
   * is a compare-and-swap on that tip, so a ledger that moved since makes
   * the claim's push fail and fetch afresh, never claim on stale rows.
   */
  async withTip<T>(fn: (tip: string | null) => Promise<T>): Promise<T> {
    // git: rev-parse, the local branch's tip.
    if (!this.opts.remote) return fn(await this.git.resolveCommit(this.branchRef));
    const early = await this.takeEarly();
    if (early) {
      this.recentTip = { tip: early.tip, at: early.at };
      return this.readThenDrop(early.tip === null ? null : early.ref, () => fn(early.tip));
    }
    // A ref of our own per call, so concurrent appenders sharing one clone never contend for a tracking ref.
    const tmpRef = `refs/okstra/fetch/${process.pid}-${randomBytes(6).toString('hex')}`;
    const fetched = await this.fetchInto(tmpRef);
    if (fetched.exitCode !== 0 && !/couldn't find remote ref/i.test(fetched.stderr)) {
      throw new LedgerIoError(`cannot fetch the ledger branch from ${this.opts.remote}: ${fetched.stderr.trim()}`);
    }
    if (fetched.exitCode !== 0) {
      this.recentTip = { tip: null, at: Date.now() };
      return fn(null);
    }
    // git: rev-parse, the commit just fetched.
    const tip = await this.git.resolveCommit(tmpRef);
    this.recentTip = { tip, at: Date.now() };
    return this.readThenDrop(tmpRef, () => fn(tip));
  }

  /**
   * `read`, with the private fetch ref `ref` deleted beside it rather than after it: the read names the commit
   * itself, and its objects stay in the object store (loose objects are pruned only weeks after they lose every
   * ref). Both have ended when this returns, so no private ref outlives the call.
   */
  private async readThenDrop<T>(ref: string | null, read: () => Promise<T>): Promise<T> {
    // git: update-ref -d, the private fetch ref.
    const dropped = ref === null ? null : this.git.run(['update-ref', '-d', ref]).catch(() => undefined);
    try {
      return await read();
    } finally {
      await dropped;
    }
  }

  /** The early fetch, once; null when there is none, it failed (this read fetches itself) or it is no longer recent. */
  private async takeEarly(): Promise<EarlyLedgerTip | null> {
    const pending = this.early;
    this.early = null;
    const early = pending ? await pending.catch(() => null) : null;
    if (!early) return null;
    if (Date.now() - early.at < RECENT_TIP_MS) return early;
    // git: update-ref -d, an early fetch too old to read from.
    if (early.tip !== null) await this.git.run(['update-ref', '-d', early.ref]);
    return null;
  }

  /**
   * `--refmap=` stops git from also updating `refs/remotes/<remote>/<branch>`,
   * which concurrent appenders in one clone would otherwise fight over.
   * A lock held by another git process on the remote side is retried briefly.
   */
  private async fetchInto(tmpRef: string): Promise<GitResult> {
    const args = [
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      '--refmap=',
      this.opts.remote as string,
      `+${this.branchRef}:${tmpRef}`,
    ];
    // git: fetch, the remote ledger branch into a private ref.
    return retry(() => this.git.run(args, { env: this.opts.remoteEnv ?? {} }), {
      attempts: 5,
      retryable: (o) => 'value' in o && o.value.exitCode !== 0 && isConflict(o.value.stderr),
      delayMs: (n) => backoffMs(n, LEDGER_BACKOFF),
      sleep: this.opts.sleep,
    });
  }
}

export function isConflict(output: string): boolean {
  return CONFLICT_PATTERNS.some((p) => p.test(output));
}

/** Full jitter, growing to about a second: racers spread out instead of colliding in lockstep. */
export const LEDGER_BACKOFF: Backoff = { baseMs: 20, maxMs: 1000, jitter: 'full' };
