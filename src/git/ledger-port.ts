import {
  planDir,
  type DistrustedRow,
  type LedgerRow,
  type LedgerState,
  type RemovedLine,
  type RepairSelection,
} from '../core/ledger/index.js';
import type { LedgerFile } from './ledger-branch.js';

/** The ledger's storage port (GitLedgerStore is the one implementation): what the engine, CLI, Action and bot see. */

export interface AppendRequest {
  row: LedgerRow;
  /** Written in the same commit as the row. Existing files are never overwritten, except a stage's carry by a later `done` of that stage. */
  files?: LedgerFile[];
  /**
   * Called as the commit goes to the remote, before each compare-and-swap push (after the commit is built): work the
   * caller does next anyway may start beside the push, which waits on the network, not on this process.
   */
  onPublishing?: () => void;
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
   * the same verdicts as `read`, without every row when the snapshot the
   * last append wrote may be taken.
   */
  readState(planId: string, opts?: ReadOptions): Promise<LedgerStateSnapshot>;
  readFile(commit: string, path: string): Promise<string | null>;
  append(request: AppendRequest): Promise<AppendResult>;
  /** The ledger branch's commit right now, without reading the ledger (with a remote: its ref, not its objects). */
  tip(): Promise<string | null>;
}
