import type { StageRow } from '../ledger/row.js';
import type { FinalReport } from '../report/schema/final-report.js';
import type { ViolationCode } from './codes.js';

/** One way a run broke its contract. */
export interface Violation {
  code: ViolationCode;
  message: string;
  hint: string;
  /** JSON Pointer into the report, when the problem sits at one place in it. */
  pointer?: string;
}

/** What a verifier session changed in its (read-only) worktree. */
export interface VerifierWorktreeRecord {
  /** Roster name of the verifier. */
  worker: string;
  /** Paths changed, added or deleted; empty when the tree stayed clean. */
  changedFiles: readonly string[];
}

/**
 * Everything conformance looks at, as plain data. Only `report` is required;
 * a check that needs an absent (undefined) artifact is skipped, so `okstra
 * report validate <file>` runs the report-only checks (see docs/report.md).
 */
export interface RunArtifacts {
  /** The final report JSON, parsed but not yet trusted. */
  report: unknown;
  /** Content of the stage's carry file after the run; null when there is no such file. */
  carryFile?: string | null;
  /** The terminal ledger row this run appended, read back from the ledger; null when none was. */
  ledgerRow?: StageRow | null;
  /** Repository-relative paths of every file at the report's head commit. */
  headFiles?: readonly string[];
  /** The stage's validation commands from the plan, as written there. */
  planValidation?: readonly string[];
  /** One record per verifier session. */
  verifierWorktrees?: readonly VerifierWorktreeRecord[];
}

/** What each check receives once the report passed its schema. */
export interface CheckInput {
  report: FinalReport;
  artifacts: RunArtifacts;
}

export type Check = (input: CheckInput) => Violation[];
