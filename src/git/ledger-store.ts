import { randomBytes } from 'node:crypto';
import {
  believedRows,
  decideAppendOn,
  LedgerFormatError,
  foldPath,
  ledgerCommitMessage,
  ledgerPath,
  planDir,
  planRepair,
  segmentDir,
  segmentPath,
  serializeFold,
  serializeRow,
  textsWithout,
  type AppendBasis,
  type DistrustedRow,
  type LedgerFold,
  type LedgerRow,
  type LedgerState,
  type PlanRow,
  type ProvenanceStatement,
  type RefusalCode,
  type RemovedLine,
  type RepairSelection,
} from '../core/ledger/index.js';
import { Git, readBlobs, type GitResult } from './git.js';
import { DoneRowProvenance } from './ledger-provenance.js';
import {
  isRowLine,
  LedgerReader,
  partsOf,
  sealedSegments,
  segmentLineCount,
  type Judgement,
  type ParsedLedger,
} from './ledger-reader.js';

export { forgetSealedSegments, SealedSegmentCache } from './ledger-reader.js';

/** A file written on the ledger branch in the same commit as a row. Paths are from the branch root. */
export interface LedgerFile {
  path: string;
  content: string;
}

export interface AppendRequest {
  row: LedgerRow;
  /** Written in the same commit as the row. Existing files are never overwritten, except a stage's carry by a later `done` of that stage. */
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
  /** The believed rows, in file order: derive state from these only. */
  rows: LedgerRow[];
  /** Rows that parsed but break the lifecycle or the clock, with their line and why (absent: none, or a store that cannot judge). */
  distrusted?: DistrustedRow[];
  /** Every row of the file in order, believed or not (absent: the same as `rows`). */
  allRows?: LedgerRow[];
}

export interface RepairRequest {
  planId: string;
  selection: RepairSelection;
  /** Why, in the human's words: required, recorded in the commit message (and each quarantine record). */
  reason: string;
  actor: string;
}

export interface RepairResult {
  outcome: 'repaired' | 'nothing';
  /** The repair commit, or the tip read when there was nothing to do (null: no ledger branch). */
  commit: string | null;
  removed: RemovedLine[];
  /** The quarantine file written to, when lines were quarantined. */
  quarantinePath: string | null;
  reason?: string;
}

/** Where a plan's quarantined ledger lines go: beside its ledger, never read as rows. */
export function quarantinePath(planId: string): string {
  return `${planDir(planId)}/quarantine.jsonl`;
}

/** What a stage run needs of a plan's ledger: the state its believed rows derive, not the rows. */
export interface LedgerStateSnapshot {
  /** The ledger branch commit read, or null when the branch does not exist yet. */
  commit: string | null;
  state: LedgerState;
  /** Rows that parsed but break the lifecycle or the clock, with their line and why. */
  distrusted: DistrustedRow[];
}

export interface ReadOptions {
  /**
   * Read the ledger at this commit, which the caller already holds (one an
   * append of its own returned), instead of asking git (or the remote) for
   * the branch's tip: no git call when the store has that commit's rows.
   * The caller answers for it being recent enough for what it decides.
   */
  tip?: string;
}

/** The ledger's storage port: the engine, CLI, Action and bot only see this. */
export interface LedgerStore {
  /** The plan's rows; an unreadable line throws LedgerFormatError (naming branch:path, line and the repair command). */
  read(planId: string, opts?: ReadOptions): Promise<LedgerSnapshot>;
  /**
   * The state the plan's believed rows derive, and the rows not believed:
   * the same verdicts as `read`, without every row (a long ledger's sealed
   * segments stay unread when a fold stands for them).
   */
  readState(planId: string, opts?: ReadOptions): Promise<LedgerStateSnapshot>;
  readFile(commit: string, path: string): Promise<string | null>;
  append(request: AppendRequest): Promise<AppendResult>;
  /** The ledger branch's commit right now, without reading the ledger (with a remote: its ref, not its objects). */
  tip(): Promise<string | null>;
}

/** The ledger's rules said no; retrying will not change that. */
export class LedgerRefusedError extends Error {
  constructor(
    readonly code: RefusalCode | 'file-exists' | 'missing-carry' | 'missing-report' | 'repair-refused',
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
    super(
      `ledger append gave up after ${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s of compare-and-swap conflicts; try again`,
    );
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
  /**
   * From this size (characters) of the live `ledger.jsonl` on, the next append
   * seals it into the next segment and starts the live file afresh with its row
   * (default SEAL_CHARS). Tests pass a few hundred.
   */
  sealChars?: number;
}

export const DEFAULT_LEDGER_BRANCH = 'okstra-ledger';

/** From this size on a file is hashed into the object store on its own before the commit is built (see buildCommit). */
const LARGE_FILE_CHARS = 256 * 1024;

/**
 * From this size the live ledger.jsonl is sealed into a segment by the next append.
 * Every append rewrites the whole live file (a blob cannot grow in place), and
 * fast-import's cost is flat up to about 64 KiB and grows past it (a 220 KiB
 * live file cost ~5 ms more per append than a 1 KiB one; at 256 KiB a
 * 10,000-row ledger's live file sat near that). Far below LARGE_FILE_CHARS, so
 * the live file always goes inline. A 10,000-row ledger is about 28 segments,
 * read in the same single cat-file and kept parsed by blob id; a plan that
 * never grows this big never seals.
 */
export const SEAL_CHARS = 64 * 1024;

/** How long a fetched remote tip is worth trying as the parent of the next append. */
const RECENT_TIP_MS = 5_000;

const LEDGER_IDENTITY = {
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

export class GitLedgerStore implements LedgerStore {
  private readonly git: Git;
  private readonly branchRef: string;
  private readonly now: () => Date;
  private readonly retryBudgetMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private recentTip: { tip: string | null; at: number } | null = null;
  /** The last commit this store's own append put on the branch: a tip known to be complete here. */
  private lastWritten: string | null = null;
  /**
   * Per plan, the ledger at the last tip this store read or wrote. Keyed by
   * that commit: every read still asks for the tip (or is handed one), so an
   * entry is only ever served for the commit it was read at, never for a
   * branch that moved since.
   */
  private readonly reader: LedgerReader;
  private readonly sealChars: number;

  constructor(private readonly opts: GitLedgerStoreOptions) {
    this.git = new Git(opts.repoDir, LEDGER_IDENTITY);
    this.branchRef = `refs/heads/${opts.branch ?? DEFAULT_LEDGER_BRANCH}`;
    this.now = opts.now ?? (() => new Date());
    this.retryBudgetMs = opts.retryBudgetMs ?? 120_000;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.reader = new LedgerReader(
      this.git,
      new DoneRowProvenance(this.git),
      (path) => this.displayPath(path),
      this.now,
    );
    this.sealChars = opts.sealChars ?? SEAL_CHARS;
  }

  async read(planId: string, opts: ReadOptions = {}): Promise<LedgerSnapshot> {
    const readAt = async (tip: string | null): Promise<LedgerSnapshot> => {
      const entry = await this.reader.at(tip, planId, 'rows');
      if (!entry) return { commit: tip, rows: [], distrusted: [], allRows: [] };
      const rows = this.reader.strictRows(entry);
      const { scan, distrusted } = await this.reader.judge(entry);
      const trusted = believedRows(this.reader.lines(entry).filter(isRowLine), scan.distrusted);
      // A copy: a caller may reorder what it is given; the cache must not see that.
      return { commit: tip, rows: trusted, distrusted, allRows: [...rows] };
    };
    return opts.tip !== undefined ? readAt(opts.tip) : this.withTip(readAt);
  }

  async readState(planId: string, opts: ReadOptions = {}): Promise<LedgerStateSnapshot> {
    const readAt = async (tip: string | null): Promise<LedgerStateSnapshot> => {
      const entry = await this.reader.at(tip, planId, 'state');
      if (!entry) return { commit: tip, state: EMPTY_STATE, distrusted: [] };
      this.reader.strictHeld(entry);
      const { scan, distrusted } = await this.reader.judge(entry);
      // Judging may have read segments no fold stood for: a line there that is no row stops this reader too.
      this.reader.strictHeld(entry);
      return { commit: tip, state: scan.state, distrusted };
    };
    return opts.tip !== undefined ? readAt(opts.tip) : this.withTip(readAt);
  }

  /**
   * Removes (or quarantines) bad lines of a plan's ledger in one commit whose
   * message holds the reason and who ran it; compare-and-swap like an append,
   * the selection re-decided on the fresh tip after every conflict.
   */
  async repair(request: RepairRequest): Promise<RepairResult> {
    const started = Date.now();
    const qPath = quarantinePath(request.planId);
    for (let attempt = 1; ; attempt++) {
      const result = await this.withTip(async (tip): Promise<RepairResult | null> => {
        const parsed = await this.reader.at(tip, request.planId, 'rows');
        const lines = parsed ? this.reader.lines(parsed) : [];
        const distrusted = parsed ? (await this.reader.judge(parsed)).distrusted : [];
        const decision = planRepair(lines, distrusted, request.selection, {
          planId: request.planId,
          reason: request.reason,
          actor: request.actor,
          at: this.now(),
        });
        if (decision.kind === 'refused') throw new LedgerRefusedError('repair-refused', decision.reason);
        if (decision.kind === 'nothing' || !tip)
          return {
            outcome: 'nothing',
            commit: tip,
            removed: [],
            quarantinePath: null,
            reason: decision.kind === 'nothing' ? decision.reason : 'no ledger branch yet',
          };
        const { plan } = decision;
        // Each file (segment or live) that loses a line is written without it; the others are left as they are,
        // and so are blame's attributions of the lines kept.
        const dropped = new Set(plan.removed.map((r) => r.line));
        const parts = parsed ? partsOf(parsed) : [];
        const files: LedgerFile[] = textsWithout(lines, parts, dropped).map((f) => ({
          path: f.path,
          content: f.text,
        }));
        if (plan.quarantine !== null) {
          // git: cat-file, the quarantine file so far (quarantined lines are appended to it).
          const [existing] = await readBlobs(this.git, [`${tip}:${qPath}`]);
          files.push({ path: qPath, content: `${existing?.content ?? ''}${plan.quarantine}` });
        }
        const { commit, buildRef } = await this.buildCommit(tip, files, plan.message);
        const landed = await this.publish(commit, tip, buildRef);
        // The tip this repair read is now history: no later append may start from it.
        this.recentTip = null;
        this.reader.forget(request.planId);
        return landed
          ? {
              outcome: 'repaired',
              commit,
              removed: plan.removed,
              quarantinePath: plan.quarantine !== null ? qPath : null,
            }
          : null;
      });
      if (result) return result;
      const elapsed = Date.now() - started;
      if (elapsed >= this.retryBudgetMs) throw new LedgerContentionError(attempt, elapsed);
      await this.sleep(backoffMs(attempt));
    }
  }

  async readFile(commit: string, path: string): Promise<string | null> {
    // git: cat-file, one file of a ledger commit (a carry, a report).
    const [blob] = await readBlobs(this.git, [`${commit}:${path}`]);
    return blob?.content ?? null;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      // A tip fetched moments ago (a read just before this claim) saves a fetch; if it went
      // stale, the push is rejected like any lost race and the next attempt fetches afresh.
      const recent = attempt === 1 ? this.takeRecentTip() : undefined;
      const result =
        recent !== undefined
          ? await this.tryOnRecentTip(recent, request, attempt)
          : await this.withTip((tip) => this.tryAppend(tip, request, attempt));
      if (result) {
        if (result.outcome === 'appended') this.lastWritten = result.commit;
        return result;
      }
      const elapsed = Date.now() - started;
      if (elapsed >= this.retryBudgetMs) throw new LedgerContentionError(attempt, elapsed);
      await this.sleep(backoffMs(attempt));
    }
  }

  /** A refusal (or a corrupt line since repaired) decided on a reused tip is only final once a fresh fetch says the same. */
  private async tryOnRecentTip(
    tip: string | null,
    request: AppendRequest,
    attempt: number,
  ): Promise<AppendResult | null> {
    try {
      return await this.tryAppend(tip, request, attempt);
    } catch (error) {
      if (error instanceof LedgerRefusedError || error instanceof LedgerFormatError) return null;
      throw error;
    }
  }

  /** One compare-and-swap attempt; null means another writer won and the caller should re-read. */
  private async tryAppend(tip: string | null, request: AppendRequest, attempt: number): Promise<AppendResult | null> {
    const { row } = request;
    const files = request.files ?? [];
    if (row.status === 'done' && !files.some((f) => f.path === row.carry_path)) {
      throw new LedgerRefusedError(
        'missing-carry',
        `a done row needs its carry file ${row.carry_path} in the same commit`,
      );
    }
    // Readers believe a done row only when its commit adds its report: refuse here what they would ignore.
    if (row.status === 'done' && !files.some((f) => f.path === row.report_path)) {
      throw new LedgerRefusedError(
        'missing-report',
        `a done row needs its report ${row.report_path} in the same commit`,
      );
    }
    const ledgerFile = ledgerPath(row.plan_id);
    const parsed = await this.reader.at(tip, row.plan_id, 'state');
    if (parsed) this.reader.strictHeld(parsed);
    // git: cat-file, whether the files already exist there (none for a claim, which writes no file).
    const blobs =
      tip && files.length > 0
        ? await readBlobs(
            this.git,
            files.map((f) => `${tip}:${f.path}`),
          )
        : [];

    // Decided over the believed rows only: a forged or broken row can neither block nor free a stage.
    const judged = parsed ? await this.reader.judge(parsed) : null;
    if (parsed) this.reader.strictHeld(parsed);
    const decision = decideAppendOn(appendBasis(judged), row, this.now());
    if (decision.kind === 'refused') throw new LedgerRefusedError(decision.code, decision.reason);
    if (decision.kind === 'redundant')
      return { outcome: 'redundant', commit: tip as string, attempts: attempt, reason: decision.reason };

    const toWrite = files.filter((f, i) => {
      const existing = blobs[i]?.content ?? null;
      if (existing === null) return true;
      if (existing === f.content) return false;
      // A stage's carry is what its dependents build on: a later `done` of the same stage (a reconcile after its
      // branch moved) replaces it; the earlier one stays in the branch's history. Nothing else is ever replaced.
      if (row.status === 'done' && f.path === row.carry_path) return true;
      throw new LedgerRefusedError(
        'file-exists',
        `${f.path} already exists on the ledger branch with different content; ledger files are never overwritten`,
      );
    });

    const raw = serializeRow(row);
    // A live file grown past the seal size becomes the next segment as it is (git copies its blob: nothing is
    // written again) and the live file starts afresh with this row. Decided on this tip: a lost race re-decides.
    const segments = parsed?.segments ?? [];
    const seal =
      parsed && parsed.liveBlob !== null && parsed.text.length >= this.sealChars
        ? segmentPath(row.plan_id, segments.length + 1)
        : null;
    const text = seal ? `${raw}\n` : `${parsed?.text ?? ''}${raw}\n`;
    // What judging this tip found of its done rows' commits, stated in the new commit for its later readers, and the
    // fold of the segments when the new commit seals one or no fold it could vouch for stands for them.
    const provenance = provenanceStatement(row.plan_id, parsed);
    const fold = parsed && judged ? foldToWrite(parsed, judged, seal !== null) : null;
    const foldText = fold ? serializeFold(fold) : null;
    const fp = foldPath(row.plan_id);
    const { commit, buildRef, ids } = await this.buildCommit(
      tip,
      [
        { path: ledgerFile, content: text },
        ...toWrite,
        ...(foldText !== null ? [{ path: fp, content: foldText }] : []),
      ],
      ledgerCommitMessage(row, provenance),
      {
        copies: seal ? [{ from: ledgerFile, to: seal }] : [],
        ls: [ledgerFile, segmentDir(row.plan_id), fp],
      },
    );
    const landed = await this.publish(commit, tip, buildRef);
    if (!landed) {
      // Lost the race: whatever this store knew is about a tip that is no longer the branch's; the retry reads afresh.
      this.reader.forget(row.plan_id);
      return null;
    }
    this.reader.remember(
      afterAppend(parsed, judged, {
        planId: row.plan_id,
        commit,
        row,
        raw,
        text,
        seal,
        ids,
        fold: foldText !== null && fold ? { blob: ids.get(fp) ?? null, fold } : null,
      }),
    );
    return { outcome: 'appended', commit, attempts: attempt };
  }

  /** A ledger file (or folder) as users name it: `branch:path`. */
  private displayPath(path: string): string {
    return `${this.opts.branch ?? DEFAULT_LEDGER_BRANCH}:${path}`;
  }

  /**
   * Builds the commit on top of `parent` in one `git fast-import` (after one
   * `hash-object` per large file), which writes objects only: the user's
   * index and work tree are never touched.
   * The commit lands on a private ref; `publish` moves the ledger branch.
   */
  private async buildCommit(
    parent: string | null,
    files: readonly LedgerFile[],
    message: string,
    extra: {
      /** Paths of the parent copied as they are (the blob is reused, not written), before the files. */
      copies?: readonly { from: string; to: string }[];
      /** Paths whose object ids in the new commit are wanted (fast-import's `ls`; absent paths are left out). */
      ls?: readonly string[];
    } = {},
  ): Promise<{ commit: string; buildRef: string; ids: Map<string, string> }> {
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
      ...(extra.copies ?? []).map((c) => `C ${c.from} ${c.to}\n`),
      ...files.map((f, i) => {
        const blob = large[i];
        return blob ? `M 100644 ${blob} ${f.path}\n` : `M 100644 inline ${f.path}\n${data(f.content)}`;
      }),
      '\nget-mark :1\n',
      ...(extra.ls ?? []).map((p) => `ls :1 ${p}\n`),
      'done\n',
    ].join('');
    // git: fast-import, the commit (and the small files inline) on a private ref; no index, no work tree.
    const [commit = '', ...listed] = (
      await this.git.ok(['fast-import', '--quiet', '--done', '--date-format=raw'], { input: script })
    )
      .trim()
      .split('\n');
    // `ls` answers "<mode> <type> <id>\t<path>", or "missing <path>".
    const ids = new Map<string, string>();
    for (const line of listed) {
      const m = /^\d+ \w+ ([0-9a-f]+)\t(.*)$/.exec(line);
      if (m) ids.set(m[2] as string, m[1] as string);
    }
    return { commit: commit.trim(), buildRef, ids };
  }

  /**
   * The compare-and-swap: true when `commit` replaced exactly `expected`.
   * Locally one ref transaction moves the branch from `expected` (or from
   * "absent") and drops the build ref; remotely a push without force does.
   */
  private async publish(commit: string, expected: string | null, buildRef: string): Promise<boolean> {
    if (this.opts.remote) {
      // git: push without force, the remote compare-and-swap.
      const pushed = await this.git.run(
        ['push', '--quiet', '--no-verify', this.opts.remote, `${commit}:${this.branchRef}`],
        { env: this.opts.remoteEnv ?? {} },
      );
      // git: update-ref -d, the private build ref is not needed once pushed (or refused).
      await this.git.run(['update-ref', '-d', buildRef]);
      if (pushed.exitCode === 0) return true;
      if (isConflict(pushed.stderr + pushed.stdout)) return false;
      throw new LedgerIoError(
        `ledger push to ${this.opts.remote} failed: ${pushed.stderr.trim() || pushed.stdout.trim()}`,
      );
    }
    const old = expected ?? '0'.repeat(commit.length);
    const transaction = `start\nupdate ${this.branchRef} ${commit} ${old}\ndelete ${buildRef}\nprepare\ncommit\n`;
    // git: update-ref --stdin, the local compare-and-swap and the build ref's removal in one transaction.
    const updated = await this.git.run(['update-ref', '-m', 'okstra ledger append', '--stdin'], { input: transaction });
    if (updated.exitCode === 0) return true;
    // git: update-ref -d, a failed transaction left the build ref behind.
    await this.git.run(['update-ref', '-d', buildRef]);
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
  private takeRecentTip(): string | null | undefined {
    const recent = this.recentTip;
    this.recentTip = null;
    return recent && Date.now() - recent.at < RECENT_TIP_MS ? recent.tip : undefined;
  }

  /** Runs `fn` with the current ledger tip; with a remote, fetches it into a private ref first. */
  private async withTip<T>(fn: (tip: string | null) => Promise<T>): Promise<T> {
    // git: rev-parse, the local branch's tip.
    if (!this.opts.remote) return fn(await this.git.resolveCommit(this.branchRef));
    // A ref of our own per call, so concurrent appenders sharing one clone never contend for a tracking ref.
    const tmpRef = `refs/okstra/fetch/${process.pid}-${randomBytes(6).toString('hex')}`;
    const fetched = await this.fetchInto(tmpRef);
    if (fetched.exitCode !== 0 && !/couldn't find remote ref/i.test(fetched.stderr)) {
      throw new LedgerIoError(`cannot fetch the ledger branch from ${this.opts.remote}: ${fetched.stderr.trim()}`);
    }
    try {
      // git: rev-parse, the commit just fetched.
      const tip = fetched.exitCode === 0 ? await this.git.resolveCommit(tmpRef) : null;
      this.recentTip = { tip, at: Date.now() };
      return await fn(tip);
    } finally {
      // git: update-ref -d, the private fetch ref.
      if (fetched.exitCode === 0) await this.git.run(['update-ref', '-d', tmpRef]);
    }
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
    for (let attempt = 1; ; attempt++) {
      // git: fetch, the remote ledger branch into a private ref.
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

const EMPTY_STATE: LedgerState = { stages: new Map(), approvals: [], finals: [], handoffs: [] };

/** What an append is decided on, from the judgement of the tip (nothing: no ledger yet). */
function appendBasis(judged: Judgement | null): AppendBasis {
  if (!judged) return { lastRowFor: () => null, planRows: [] };
  const { position, state } = judged.scan;
  return {
    lastRowFor: (stage) => position.get(stage) ?? null,
    planRows: [...state.approvals, ...state.finals, ...state.handoffs] as PlanRow[],
  };
}

/**
 * What an append built on `parsed` states about it: its folder, its live
 * file, the fold it took as the judgement of the segments and the provenance
 * verdicts judged there (null when they were not judged, which an append
 * never leaves so, and then nothing is stated).
 */
function provenanceStatement(planId: string, parsed: ParsedLedger | null): ProvenanceStatement | null {
  if (!parsed) return { planId, segments: null, live: null, liveLines: 0, fold: null, problems: new Map() };
  if (!parsed.findings) return null;
  return {
    planId,
    segments: parsed.segmentTree,
    live: parsed.liveBlob,
    liveLines: parsed.liveLines.length,
    fold: parsed.sealedFromFold ? (parsed.foldFile?.blob ?? null) : null,
    problems: parsed.findings.problems,
  };
}

/**
 * The fold an append writes, if any: when it seals (the judgement after every
 * line it decided on folds the segments that then are), or when the tip has
 * segments and no fold the last append vouched for stood for them (the
 * judgement of the segments, so the next reader need not read them).
 */
function foldToWrite(parsed: ParsedLedger, judged: Judgement, sealing: boolean): LedgerFold | null {
  const segments = parsed.segments.map((s) => ({ blob: s.blob, lineCount: s.lineCount }));
  if (sealing && parsed.liveBlob !== null)
    return {
      planId: parsed.planId,
      segments: [...segments, { blob: parsed.liveBlob, lineCount: parsed.liveLines.length }],
      scan: judged.scan,
    };
  if (segments.length === 0 || parsed.sealedFromFold || !parsed.sealedScan) return null;
  return { planId: parsed.planId, segments, scan: parsed.sealedScan };
}

/** The ledger at an append's commit, built from what the append decided on: the next read at it asks git nothing. */
function afterAppend(
  parsed: ParsedLedger | null,
  judged: Judgement | null,
  made: {
    planId: string;
    commit: string;
    row: LedgerRow;
    raw: string;
    text: string;
    seal: string | null;
    ids: ReadonlyMap<string, string>;
    fold: { blob: string | null; fold: LedgerFold } | null;
  },
): ParsedLedger {
  const { planId, commit, row, raw, seal } = made;
  const sealed =
    seal && parsed && parsed.liveBlob !== null
      ? [{ path: seal, blob: parsed.liveBlob, lineCount: parsed.liveLines.length, lines: parsed.liveLines }]
      : [];
  for (const s of sealed) sealedSegments.remember(planId, s.blob, s.lines);
  const segments = [...(parsed?.segments ?? []).map((s) => ({ ...s })), ...sealed];
  const sealedCount = segmentLineCount(segments);
  const before = seal ? [] : (parsed?.liveLines ?? []);
  const added = { line: sealedCount + before.length + 1, raw, row };
  const foldBlob = made.fold?.blob ?? null;
  // The new commit's statement vouches for the fold it wrote, or for the one the append took.
  const vouchedFold = made.fold ? foldBlob : parsed?.sealedFromFold ? (parsed.foldFile?.blob ?? null) : null;
  const fromFold = made.fold !== null || (!seal && parsed?.sealedFromFold === true);
  return {
    tip: commit,
    planId,
    segmentTree: made.ids.get(segmentDir(planId)) ?? null,
    segments,
    liveBlob: made.ids.get(ledgerPath(planId)) ?? null,
    text: made.text,
    liveLines: [...before, added],
    foldFile: made.fold && foldBlob ? { blob: foldBlob, fold: made.fold.fold } : (parsed?.foldFile ?? null),
    // The row appended holds no provenance problem (a done row comes with its carry and report or is refused).
    findings: parsed?.findings
      ? { problems: parsed.findings.problems, vouchedFold }
      : parsed
        ? null
        : { problems: new Map(), vouchedFold },
    findingsTip: commit,
    sealedScan: seal ? (judged?.scan ?? null) : (parsed?.sealedScan ?? null),
    sealedFromFold: fromFold,
    scan: judged?.scan ?? null,
    scannedLines: judged ? sealedCount + before.length : 0,
    rows: parsed?.rows ? [...parsed.rows, row] : null,
    lines: null,
  };
}
