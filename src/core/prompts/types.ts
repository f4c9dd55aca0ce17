import type { FailureCause } from '../evidence/error-analysis.js';
import type { StageEvidence, TestTallyValue } from '../report/schema/evidence.js';
import type { ClarificationItem, Stage } from '../plan/types.js';
import type { GateBodies, PromptRole } from './catalogue.js';

/** A finding as a prompt shows it: enough to find and judge it again. */
export interface FindingBrief {
  id: string;
  severity: string;
  title: string;
  detail: string;
  file: string | null;
  line: number | null;
}

/** The one finding a reverify round asks about, with who raised it (a roster name). */
export interface DisputedFinding extends FindingBrief {
  raisedBy: string;
}

/** A QA command the engine ran before the verifiers started, with what it observed. */
export interface QaResultBrief {
  label: string;
  cmd: string;
  exitCode: number | null;
  passed: boolean;
  outputTail: string;
  /** The tests okstra counted in the output; null: not counted. */
  tests?: TestTallyValue | null;
}

/**
 * The change under review as okstra's own git printed it (src/git/change-diff.ts),
 * or the size past which it is not inlined.
 */
export type ChangeDiffBrief = { kind: 'inline'; text: string } | { kind: 'too-big'; limitBytes: number };

/** What okstra inlines of a change at most: past it a reviewer reads the diff file by file. */
export const REVIEW_DIFF_LIMIT_BYTES = 100_000;

/** A dependency stage's carry file, as later stages receive it. */
export interface CarryIn {
  stage: number;
  title: string;
  carryJson: string;
}

export interface PromptInput {
  role: PromptRole;
  /** Roster name, e.g. `Codex worker`. */
  worker: string;
  plan: { id: string; title: string | null; path: string; commit: string };
  /** The stage this run owns; `stage.section` (verbatim Markdown) is its scope. */
  stage: Stage;
  /** The path shown to the agent as its working directory. */
  worktree: string;
  baseCommit: string;
  /** The head under review; required for every role except the executor. */
  headCommit: string | null;
  /** Stages whose code is frozen (stage discipline). */
  doneStages: Array<{ number: number; title: string }>;
  carryIn: CarryIn[];
  clarifications: ClarificationItem[];
  /** Fix run: the previous attempt's standing findings. Empty on a first run. */
  previousFindings: FindingBrief[];
  /** Fix run: why the previous attempt failed by okstra's own observation (its rule, files and counts). */
  previousAnalysis?: FailureCause[];
  /** Verifier and critic: the QA commands the engine ran, in order. */
  qaResults: QaResultBrief[];
  /** Verifier and critic: what the stage changed of what judges it (its QA definitions, CI, agent instructions). */
  protectedChanges?: Array<{ path: string; why: string }>;
  /** Verifier, reverify and critic: files the stage changed that its plan's `files` do not name. */
  outOfPlanFiles?: string[];
  /** Verifier, reverify and critic: okstra's own evidence about the tests (counts, red then green). */
  evidence?: StageEvidence;
  /** Verifier, reverify and critic: the diff of base..head okstra made; absent, the section is left out. */
  changeDiff?: ChangeDiffBrief;
  /**
   * Verifier, reverify and critic: the agent instruction files okstra put back
   * as the base has them in the tree the session reads (src/git/review-commit.ts).
   */
  instructionFilesRestored?: string[];
  /** Reverify only: the finding the round is about. */
  disputed: DisputedFinding | null;
  /** Critic only: the findings the verifiers already raised in this run, so the critic looks elsewhere. */
  raisedFindings?: FindingBrief[];
  gates: GateBodies;
}

export type ComposeResult = { ok: true; prompt: string } | { ok: false; problems: string[] };
