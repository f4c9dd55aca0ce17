import { randomBytes } from 'node:crypto';
import { decideAppend, ledgerPath, parseLedger, serializeRow, type LedgerRow, type RefusalCode } from '../core/ledger/index.js';
import { Git, readBlobs, type GitResult } from './git.js';

/** A file written on the ledger branch in the same commit as a row. Paths are from the branch root. */
export interface LedgerFile {
  path: string;
  content: string;
}

export interface AppendRequest {
  row: LedgerRow;
  /** Written in the same commit as the row. Existing files are never overwritten. */
  files?: LedgerFile[];
}

export interface AppendResult {
  outcome: 'appended' | 'redundant';
  /** The ledger commit that holds the row (for a redundant append: the commit that already did). */
  commit: string;
  attempts: number;
  reason?: string;
}

export interface LedgerSnapshot {
  /** The ledger branch commit read, or null when the branch does not exist yet. */
  commit: string | null;
  rows: LedgerRow[];
}

/** The ledger's storage port: the engine, CLI, Action and bot only see this. */
export interface LedgerStore {
  read(planId: string): Promise<LedgerSnapshot>;
  readFile(commit: string, path: string): Promise<string | null>;
  append(request: AppendRequest): Promise<AppendResult>;
}

/** The ledger's rules said no; retrying will not change that. */
export class LedgerRefusedError extends Error {
  constructor(
    readonly code: RefusalCode | 'file-exists' | 'missing-carry',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerRefusedError';
  }
}

/** git itself failed (no such remote, authentication, disk): not a rule, not a race. */
export class LedgerIoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerIoError';
  }
}

/** Other writers kept winning the compare-and-swap until the time budget ran out. */
export class LedgerContentionError extends Error {
  constructor(attempts: number, elapsedMs: number) {
    super(`ledger append gave up after ${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s of compare-and-swap conflicts; try again`);
    this.name = 'LedgerContentionError';
  }
}

export interface GitLedgerStoreOptions {
  /** A git repository (work tree or bare). Its index and work tree are never touched. */
  repoDir: string;
  branch?: string;
  /** When set, the ledger of record is this remote's branch; appends push with compare-and-swap. */
  remote?: string;
  /** The environment that authenticates fetches and pushes to `remote` (gitAuthEnv); the checkout's config holds no credential. */
  remoteEnv?: Record<string, string>;
  now?: () => Date;
  /** How long to keep retrying on conflicts. Bounded by time, not by count: 32 racers may need 30 rounds. */
  retryBudgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_LEDGER_BRANCH = 'okstra-ledger';

/** How long a fetched remote tip is worth trying as the parent of the next append. */
const RECENT_TIP_MS = 5_000;

const LEDGER_IDENTITY = {
  GIT_AUTHOR_NAME: 'okstra',
  GIT_AUTHOR_EMAIL: 'ledger@okstra.invalid',
  GIT_COMMITTER_NAME: 'okstra',
  GIT_COMMITTER_EMAIL: 'ledger@okstra.invalid',
};

const CONFLICT_PATTERNS = [/rejected/i, /non-fast-forward/i, /fetch first/i, /cannot lock ref/i, /failed to update ref/i, /stale info/i, /but expected/i, /unable to create .*\.lock/i];

export class GitLedgerStore implements LedgerStore {
  private readonly git: Git;
  private readonly branchRef: string;
  private readonly now: () => Date;
  private readonly retryBudgetMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private recentTip: { tip: string | null; at: number } | null = null;

  constructor(private readonly opts: GitLedgerStoreOptions) {
    this.git = new Git(opts.repoDir, LEDGER_IDENTITY);
    this.branchRef = `refs/heads/${opts.branch ?? DEFAULT_LEDGER_BRANCH}`;
    this.now = opts.now ?? (() => new Date());
    this.retryBudgetMs = opts.retryBudgetMs ?? 120_000;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async read(planId: string): Promise<LedgerSnapshot> {
    return this.withTip(async (tip) => ({ commit: tip, rows: await this.rowsAt(tip, planId) }));
  }

  async readFile(commit: string, path: string): Promise<string | null> {
    const [blob] = await readBlobs(this.git, [`${commit}:${path}`]);
    return blob?.content ?? null;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      // A tip fetched moments ago (a read just before this claim) saves a fetch; if it went
      // stale, the push is rejected like any lost race and the next attempt fetches afresh.
      const recent = attempt === 1 ? this.takeRecentTip() : undefined;
      const result = recent !== undefined ? await this.tryOnRecentTip(recent, request, attempt) : await this.withTip((tip) => this.tryAppend(tip, request, attempt));
      if (result) return result;
      const elapsed = Date.now() - started;
      if (elapsed >= this.retryBudgetMs) throw new LedgerContentionError(attempt, elapsed);
      await this.sleep(backoffMs(attempt));
    }
  }

  /** A refusal decided on a reused tip is only final once a fresh fetch says the same. */
  private async tryOnRecentTip(tip: string | null, request: AppendRequest, attempt: number): Promise<AppendResult | null> {
    try {
      return await this.tryAppend(tip, request, attempt);
    } catch (error) {
      if (error instanceof LedgerRefusedError) return null;
      throw error;
    }
  }

  /** One compare-and-swap attempt; null means another writer won and the caller should re-read. */
  private async tryAppend(tip: string | null, request: AppendRequest, attempt: number): Promise<AppendResult | null> {
    const { row } = request;
    const files = request.files ?? [];
    if (row.status === 'done' && !files.some((f) => f.path === row.carry_path)) {
      throw new LedgerRefusedError('missing-carry', `a done row needs its carry file ${row.carry_path} in the same commit`);
    }
    const ledgerFile = ledgerPath(row.plan_id);
    const blobs = tip ? await readBlobs(this.git, [ledgerFile, ...files.map((f) => f.path)].map((p) => `${tip}:${p}`)) : [];
    const existingText = blobs[0]?.content ?? '';
    const rows = parseLedger(existingText, { path: `${this.opts.branch ?? DEFAULT_LEDGER_BRANCH}:${ledgerFile}`, planId: row.plan_id });

    const decision = decideAppend(rows, row, this.now());
    if (decision.kind === 'refused') throw new LedgerRefusedError(decision.code, decision.reason);
    if (decision.kind === 'redundant') return { outcome: 'redundant', commit: tip as string, attempts: attempt, reason: decision.reason };

    const toWrite = files.filter((f, i) => {
      const existing = blobs[i + 1]?.content ?? null;
      if (existing === null) return true;
      if (existing === f.content) return false;
      throw new LedgerRefusedError('file-exists', `${f.path} already exists on the ledger branch with different content; ledger files are never overwritten`);
    });

    const { commit, buildRef } = await this.buildCommit(tip, [{ path: ledgerFile, content: `${existingText}${serializeRow(row)}\n` }, ...toWrite], commitMessage(row));
    const landed = await this.publish(commit, tip, buildRef);
    return landed ? { outcome: 'appended', commit, attempts: attempt } : null;
  }

  private async rowsAt(tip: string | null, planId: string): Promise<LedgerRow[]> {
    if (!tip) return [];
    const path = ledgerPath(planId);
    const [blob] = await readBlobs(this.git, [`${tip}:${path}`]);
    return parseLedger(blob?.content ?? '', { path: `${this.opts.branch ?? DEFAULT_LEDGER_BRANCH}:${path}`, planId });
  }

  /**
   * Builds the commit on top of `parent` in one `git fast-import`, which
   * writes objects only: the user's index and work tree are never touched.
   * The commit lands on a private ref; `publish` moves the ledger branch.
   */
  private async buildCommit(parent: string | null, files: readonly LedgerFile[], message: string): Promise<{ commit: string; buildRef: string }> {
    const buildRef = `refs/okstra/build/${process.pid}-${randomBytes(6).toString('hex')}`;
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    const ident = `${LEDGER_IDENTITY.GIT_COMMITTER_NAME} <${LEDGER_IDENTITY.GIT_COMMITTER_EMAIL}> ${when}`;
    const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
    const script = [
      `commit ${buildRef}\nmark :1\nauthor ${ident}\ncommitter ${ident}\n${data(message)}`,
      parent ? `from ${parent}\n` : '',
      ...files.map((f) => `M 100644 inline ${f.path}\n${data(f.content)}`),
      '\nget-mark :1\ndone\n',
    ].join('');
    const commit = (await this.git.ok(['fast-import', '--quiet', '--done', '--date-format=raw'], { input: script })).trim();
    return { commit, buildRef };
  }

  /**
   * The compare-and-swap: true when `commit` replaced exactly `expected`.
   * Locally one ref transaction moves the branch from `expected` (or from
   * "absent") and drops the build ref; remotely a push without force does.
   */
  private async publish(commit: string, expected: string | null, buildRef: string): Promise<boolean> {
    if (this.opts.remote) {
      const pushed = await this.git.run(['push', '--quiet', '--no-verify', this.opts.remote, `${commit}:${this.branchRef}`], { env: this.opts.remoteEnv ?? {} });
      await this.git.run(['update-ref', '-d', buildRef]);
      if (pushed.exitCode === 0) return true;
      if (isConflict(pushed.stderr + pushed.stdout)) return false;
      throw new LedgerIoError(`ledger push to ${this.opts.remote} failed: ${pushed.stderr.trim() || pushed.stdout.trim()}`);
    }
    const old = expected ?? '0'.repeat(commit.length);
    const transaction = `start\nupdate ${this.branchRef} ${commit} ${old}\ndelete ${buildRef}\nprepare\ncommit\n`;
    const updated = await this.git.run(['update-ref', '-m', 'okstra ledger append', '--stdin'], { input: transaction });
    if (updated.exitCode === 0) return true;
    await this.git.run(['update-ref', '-d', buildRef]);
    if (isConflict(updated.stderr)) return false;
    throw new LedgerIoError(`ledger update-ref failed: ${updated.stderr.trim()}`);
  }

  /** The remote tip this store fetched within the last few seconds, once; undefined when there is none. */
  private takeRecentTip(): string | null | undefined {
    const recent = this.recentTip;
    this.recentTip = null;
    return recent && Date.now() - recent.at < RECENT_TIP_MS ? recent.tip : undefined;
  }

  /** Runs `fn` with the current ledger tip; with a remote, fetches it into a private ref first. */
  private async withTip<T>(fn: (tip: string | null) => Promise<T>): Promise<T> {
    if (!this.opts.remote) return fn(await this.git.resolveCommit(this.branchRef));
    // A ref of our own per call, so concurrent appenders sharing one clone never contend for a tracking ref.
    const tmpRef = `refs/okstra/fetch/${process.pid}-${randomBytes(6).toString('hex')}`;
    const fetched = await this.fetchInto(tmpRef);
    if (fetched.exitCode !== 0 && !/couldn't find remote ref/i.test(fetched.stderr)) {
      throw new LedgerIoError(`cannot fetch the ledger branch from ${this.opts.remote}: ${fetched.stderr.trim()}`);
    }
    try {
      const tip = fetched.exitCode === 0 ? await this.git.resolveCommit(tmpRef) : null;
      this.recentTip = { tip, at: Date.now() };
      return await fn(tip);
    } finally {
      if (fetched.exitCode === 0) await this.git.run(['update-ref', '-d', tmpRef]);
    }
  }

  /**
   * `--refmap=` stops git from also updating `refs/remotes/<remote>/<branch>`,
   * which concurrent appenders in one clone would otherwise fight over.
   * A lock held by another git process on the remote side is retried briefly.
   */
  private async fetchInto(tmpRef: string): Promise<GitResult> {
    const args = ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--refmap=', this.opts.remote as string, `+${this.branchRef}:${tmpRef}`];
    for (let attempt = 1; ; attempt++) {
      const fetched = await this.git.run(args, { env: this.opts.remoteEnv ?? {} });
      if (fetched.exitCode === 0 || attempt >= 5 || !isConflict(fetched.stderr)) return fetched;
      await this.sleep(backoffMs(attempt));
    }
  }
}

function isConflict(output: string): boolean {
  return CONFLICT_PATTERNS.some((p) => p.test(output));
}

/** Full jitter, growing to about a second: racers spread out instead of colliding in lockstep. */
function backoffMs(attempt: number): number {
  const ceiling = Math.min(1000, 20 * 2 ** Math.min(attempt, 6));
  return Math.floor(Math.random() * ceiling);
}

function commitMessage(row: LedgerRow): string {
  return `okstra: ${row.plan_id} stage ${row.stage} ${row.status} (run ${row.run_id})`;
}
