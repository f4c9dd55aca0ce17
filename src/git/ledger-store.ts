import { setTimeout as sleep } from 'node:timers/promises';
import {
  decideAppendOn,
  legacyPath,
  LedgerFormatError,
  ledgerPath,
  planDir,
  planRepair,
  rowCommitMessage,
  serializeLegacy,
  serializeSnapshot,
  snapshotPath,
  extendTrustScan,
  believedRows,
  trustScanHolds,
  type LedgerState,
  type TrustScan,
} from '../core/ledger/index.js';
import { readBlobs } from './git.js';
import { backoffMs } from '../core/backoff.js';
import { retry } from '../process/retry.js';
import { LEDGER_BACKOFF, LedgerBranch, type EarlyLedgerTip, type LedgerFile } from './ledger-branch.js';
import { LedgerContentionError, LedgerRefusedError } from './ledger-errors.js';
import { judgeHistory, readHistory, readSnapshot, type LedgerHistory } from './ledger-log.js';
import {
  addsOwnFiles,
  appendBasis,
  filesToWrite,
  oldFormatPaths,
  refuseIncompleteDone,
  withRow,
} from './ledger-append.js';
import {
  quarantinePath,
  type AppendRequest,
  type AppendResult,
  type LedgerSnapshot,
  type LedgerStateSnapshot,
  type LedgerStore,
  type ReadOptions,
  type RepairRequest,
  type RepairResult,
} from './ledger-port.js';

export type { EarlyLedgerTip, LedgerFile } from './ledger-branch.js';
export {
  quarantinePath,
  type AppendRequest,
  type AppendResult,
  type LedgerSnapshot,
  type LedgerStateSnapshot,
  type LedgerStore,
  type ReadOptions,
  type RepairRequest,
  type RepairResult,
} from './ledger-port.js';
export { LedgerContentionError, LedgerIoError, LedgerRefusedError } from './ledger-errors.js';

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
  /** The remote branch fetched ahead of the first read (RemoteRefs.prefetchStageBranches): taken by that read. */
  early?: Promise<EarlyLedgerTip | null>;
}

export const DEFAULT_LEDGER_BRANCH = 'okstra-ledger';

/** What this store knows of a plan's ledger at one tip: the judgement, the rows it numbers and, once read, every row. */
interface Held {
  tip: string;
  scan: TrustScan | null;
  lines: number;
  history: LedgerHistory | null;
}

const EMPTY_STATE: LedgerState = { stages: new Map(), approvals: [], finals: [], handoffs: [] };

/**
 * The ledger on a git branch: one commit a row (the row in its message, a
 * done row's carry and report beside it, the plan's snapshot rewritten),
 * appended with a compare-and-swap; a plan's state read from the snapshot at
 * the tip when it may be taken (ledger-log.ts), else from every row.
 */
export class GitLedgerStore implements LedgerStore {
  private readonly branch: LedgerBranch;
  private readonly branchName: string;
  private readonly now: () => Date;
  private readonly retryBudgetMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  /**
   * Per plan, the ledger at the last tip this store read or wrote. Keyed by
   * that commit: every read still asks for the tip (or is handed one), so an
   * entry is only ever served for the commit it was read at.
   */
  private readonly held = new Map<string, Held>();

  constructor(opts: GitLedgerStoreOptions) {
    this.branchName = opts.branch ?? DEFAULT_LEDGER_BRANCH;
    this.now = opts.now ?? (() => new Date());
    this.retryBudgetMs = opts.retryBudgetMs ?? 120_000;
    this.sleep = opts.sleep ?? sleep;
    this.branch = new LedgerBranch({
      repoDir: opts.repoDir,
      branch: this.branchName,
      ...(opts.remote !== undefined ? { remote: opts.remote } : {}),
      ...(opts.remoteEnv !== undefined ? { remoteEnv: opts.remoteEnv } : {}),
      sleep: this.sleep,
      ...(opts.early ? { early: opts.early } : {}),
    });
  }

  async read(planId: string, opts: ReadOptions = {}): Promise<LedgerSnapshot> {
    const readAt = async (tip: string | null): Promise<LedgerSnapshot> => {
      if (!tip) return { commit: tip, rows: [], distrusted: [], allRows: [] };
      const { history, scan } = await this.readAll(tip, planId);
      const numbered = history.lines.flatMap((l) => ('row' in l ? [{ line: l.line, row: l.row }] : []));
      // Copies: a caller may reorder what it is given; what this store holds must not see that.
      return {
        commit: tip,
        rows: believedRows(numbered, scan?.distrusted ?? []),
        distrusted: [...(scan?.distrusted ?? [])],
        allRows: numbered.map((r) => r.row),
      };
    };
    return opts.tip !== undefined ? readAt(opts.tip) : this.branch.withTip(readAt);
  }

  async readState(planId: string, opts: ReadOptions = {}): Promise<LedgerStateSnapshot> {
    const readAt = async (tip: string | null): Promise<LedgerStateSnapshot> => {
      if (!tip) return { commit: tip, state: EMPTY_STATE, distrusted: [] };
      const { scan } = await this.judged(tip, planId);
      return { commit: tip, state: scan?.state ?? EMPTY_STATE, distrusted: [...(scan?.distrusted ?? [])] };
    };
    return opts.tip !== undefined ? readAt(opts.tip) : this.branch.withTip(readAt);
  }

  /**
   * Removes (or quarantines) bad rows of a plan's ledger in one commit whose
   * message names them (`okstra-drop:`), the reason and who ran it;
   * compare-and-swap like an append, re-decided on the fresh tip after every
   * conflict. The rows stay in the branch's history; readers leave them out.
   */
  async repair(request: RepairRequest): Promise<RepairResult> {
    return this.untilWon(() => this.branch.withTip((tip) => this.tryRepair(tip, request)));
  }

  async readFile(commit: string, path: string): Promise<string | null> {
    // git: cat-file, one file of a ledger commit (a carry, a report).
    const [blob] = await readBlobs(this.branch.git, [`${commit}:${path}`]);
    return blob?.content ?? null;
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const result = await this.untilWon((attempt) => {
      // A tip fetched moments ago (a read just before this claim) saves a fetch; if it went
      // stale, the push is rejected like any lost race and the next attempt fetches afresh.
      const recent = attempt === 1 ? this.branch.takeRecentTip() : undefined;
      return recent !== undefined
        ? this.tryOnRecentTip(recent, request, attempt)
        : this.branch.withTip((tip) => this.tryAppend(tip, request, attempt));
    });
    if (result.outcome === 'appended') this.branch.lastWritten = result.commit;
    return result;
  }

  /** Compare-and-swap tries (null: another writer won) until one decides, backing off; bounded by time, not count. */
  private async untilWon<T>(attempt: (n: number) => Promise<T | null>): Promise<T> {
    const started = Date.now();
    let tries = 0;
    const result = await retry(
      (n) => {
        tries = n;
        return attempt(n);
      },
      {
        retryable: (o) => 'value' in o && o.value === null && Date.now() - started < this.retryBudgetMs,
        delayMs: (n) => backoffMs(n, LEDGER_BACKOFF),
        sleep: this.sleep,
      },
    );
    if (result === null) throw new LedgerContentionError(tries, Date.now() - started);
    return result;
  }

  tip(): Promise<string | null> {
    return this.branch.tip();
  }

  /** A refusal (or a bad row since repaired) decided on a reused tip is only final once a fresh fetch says the same. */
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
    refuseIncompleteDone(row, files);
    const planId = row.plan_id;
    const known = tip ? await this.judged(tip, planId) : { scan: null, lines: 0, history: null };
    // git: cat-file, whether the files already exist there (none for a claim, which writes no file).
    const blobs =
      tip && files.length > 0
        ? await readBlobs(
            this.branch.git,
            files.map((f) => `${tip}:${f.path}`),
          )
        : [];
    // Decided over the believed rows only: a forged or broken row can neither block nor free a stage.
    const decision = decideAppendOn(appendBasis(known.scan), row, this.now());
    if (decision.kind === 'refused') throw new LedgerRefusedError(decision.code, decision.reason);
    if (decision.kind === 'redundant')
      return { outcome: 'redundant', commit: tip as string, attempts: attempt, reason: decision.reason };
    const toWrite = filesToWrite(
      row,
      files,
      blobs.map((b) => b.content),
    );
    const line = known.lines + 1;
    const scan = extendTrustScan(known.scan, [{ line, row }], { now: this.now() });
    // A done row whose report was there already is not one its readers believe, and what they say of it names this
    // commit, unknown until it is built: no snapshot then, and the next reader reads every row.
    const snapshot = addsOwnFiles(row, toWrite) ? serializeSnapshot({ planId, lines: line, scan }) : null;
    const unmigrated = known.history?.unmigrated ?? null;
    const written = [
      ...toWrite,
      ...(snapshot !== null ? [{ path: snapshotPath(planId), content: snapshot }] : []),
      ...(unmigrated ? [{ path: legacyPath(planId), content: serializeLegacy(unmigrated) }] : []),
    ];
    const deleted = [
      ...(snapshot === null ? [snapshotPath(planId)] : []),
      ...(unmigrated ? oldFormatPaths(planId) : []),
    ];
    const commit = await this.branch.buildCommit(tip, written, rowCommitMessage(row), deleted);
    request.onPublishing?.();
    if (!(await this.publish(commit, tip))) {
      // Lost the race: what this store knew is about a tip that is no longer the branch's; the retry reads afresh.
      this.held.delete(planId);
      return null;
    }
    // What this append decided on and wrote is the ledger at its commit: the next read there asks git nothing.
    const before = tip ? known.history : { planId, lines: [], total: 0, problems: new Map(), commits: new Map() };
    const history = before && snapshot !== null ? withRow(before, line, row, commit) : null;
    this.held.set(planId, { tip: commit, scan, lines: line, history });
    return { outcome: 'appended', commit, attempts: attempt };
  }

  private async tryRepair(tip: string | null, request: RepairRequest): Promise<RepairResult | null> {
    const { planId } = request;
    const history = tip ? await readHistory(this.branch.git, tip, planId) : null;
    const now = this.now();
    const scan = history ? judgeHistory(history, now) : null;
    const decision = planRepair(history?.lines ?? [], scan?.distrusted ?? [], request.selection, {
      planId,
      reason: request.reason,
      actor: request.actor,
      at: now,
    });
    if (decision.kind === 'refused') throw new LedgerRefusedError('repair-refused', decision.reason);
    if (decision.kind === 'nothing' || !tip || !history)
      return {
        outcome: 'nothing',
        commit: tip,
        removed: [],
        quarantinePath: null,
        reason: decision.kind === 'nothing' ? decision.reason : 'no ledger branch yet',
      };
    const { plan } = decision;
    const dropped = new Set(plan.removed.map((r) => r.line));
    const kept = { ...history, lines: history.lines.filter((l) => !dropped.has(l.line)) };
    const snapshot = serializeSnapshot({ planId, lines: history.total, scan: judgeHistory(kept, now) });
    const files: LedgerFile[] = snapshot !== null ? [{ path: snapshotPath(planId), content: snapshot }] : [];
    const qPath = quarantinePath(planId);
    if (plan.quarantine !== null) {
      // git: cat-file, the quarantine file so far (quarantined rows are appended to it).
      const [existing] = await readBlobs(this.branch.git, [`${tip}:${qPath}`]);
      files.push({ path: qPath, content: `${existing?.content ?? ''}${plan.quarantine}` });
    }
    if (history.unmigrated) files.push({ path: legacyPath(planId), content: serializeLegacy(history.unmigrated) });
    const message = `${plan.message}\n${plan.removed.map((r) => `okstra-drop: ${r.line}`).join('\n')}\n`;
    // No snapshot written (too large): the one from before goes, or the API would still read it as the plan's state.
    const deleted = [
      ...(snapshot === null ? [snapshotPath(planId)] : []),
      ...(history.unmigrated ? oldFormatPaths(planId) : []),
    ];
    const commit = await this.branch.buildCommit(tip, files, message, deleted);
    const landed = await this.publish(commit, tip);
    // The tip this repair read is now history: no later append may start from it.
    this.branch.forgetRecentTip();
    this.held.delete(planId);
    return landed
      ? { outcome: 'repaired', commit, removed: plan.removed, quarantinePath: plan.quarantine !== null ? qPath : null }
      : null;
  }

  /** The compare-and-swap (a method of its own: tests stand in for it to stage a lost race). */
  private publish(commit: string, expected: string | null): Promise<boolean> {
    return this.branch.publish(commit, expected);
  }

  /** The plan's judgement at `tip`: from the snapshot when it may be taken, else from every row. */
  private async judged(tip: string, planId: string): Promise<Held> {
    const held = this.heldAt(tip, planId);
    if (held) return held;
    const fast = await readSnapshot(this.branch.git, tip, planId, this.now());
    if (fast) {
      const entry = { tip, scan: fast.scan, lines: fast.lines, history: null };
      this.held.set(planId, entry);
      return entry;
    }
    return this.readAll(tip, planId);
  }

  /** Every row of the plan at `tip`, judged; a row that is not one stops here (LedgerFormatError). */
  private async readAll(tip: string, planId: string): Promise<Held & { history: LedgerHistory }> {
    const held = this.heldAt(tip, planId);
    const history = held?.history ?? (await readHistory(this.branch.git, tip, planId));
    const bad = history.lines.find((l) => 'problem' in l);
    if (bad && 'problem' in bad) throw this.formatError(history, bad.line, bad.problem);
    const scan = held?.history ? held.scan : judgeHistory(history, this.now());
    const entry = { tip, scan, lines: history.total, history };
    this.held.set(planId, entry);
    return entry;
  }

  /** What this store holds of the plan at `tip`, judged again when the clock has left its verdicts' bounds. */
  private heldAt(tip: string, planId: string): Held | null {
    const held = this.held.get(planId);
    if (!held || held.tip !== tip) return null;
    if (!held.scan || trustScanHolds(held.scan, this.now())) return held;
    return held.history ? { ...held, scan: judgeHistory(held.history, this.now()) } : null;
  }

  private formatError(history: LedgerHistory, line: number, problem: string): LedgerFormatError {
    const commit = history.commits.get(line);
    // A row of the commit format is named by its plan and number, and the commit that carries it; an old line by its file.
    return commit
      ? new LedgerFormatError(
          `${this.branchName}:${planDir(history.planId)}`,
          line,
          `the row of commit ${commit.slice(0, 12)}: ${problem}`,
          history.planId,
        )
      : new LedgerFormatError(`${this.branchName}:${ledgerPath(history.planId)}`, line, problem, history.planId);
  }
}
