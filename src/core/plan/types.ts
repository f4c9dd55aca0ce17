import type { Diagnostic, SourcePosition } from '../diagnostics.js';

/** One command a stage or the config asks to run, with where it came from. */
export interface ValidationCommand {
  cmd: string;
  /** `pre` commands run before the executor (baseline), `main` and `post` after it. */
  phase: 'pre' | 'main' | 'post';
  position: SourcePosition;
}

export interface Stage {
  number: number;
  title: string;
  dependsOn: number[];
  files: string[];
  validation: ValidationCommand[];
  exitContract: string | null;
  rollback: string | null;
  /**
   * `red-green` (absent: the default): the stage's tests must fail at its base and pass at its head;
   * `none`: a stage that keeps behaviour (docs, refactors) proves nothing red, only that no test was lost.
   */
  tdd?: 'red-green' | 'none';
  /** Unknown `key: value` fields, kept so nothing the author wrote is lost. */
  extraFields: Record<string, string>;
  /** Everything under the heading that is not a field: steps, notes. Verbatim Markdown. */
  body: string;
  /** The whole stage, heading included, verbatim Markdown (LF line endings). */
  section: string;
  position: SourcePosition;
  /** Where each recognised field was written, by canonical key. */
  fieldPositions: Partial<Record<StageFieldKey, SourcePosition>>;
}

export type StageFieldKey = 'depends-on' | 'files' | 'validation' | 'exit-contract' | 'rollback' | 'tdd';

export interface ClarificationItem {
  id: string | null;
  question: string;
  answer: string | null;
  /**
   * An optional item may stay unanswered when the plan is approved: its
   * question or id says `(optional)`, or its row's `Optional` / `Required`
   * column says so.
   */
  optional: boolean;
  position: SourcePosition;
}

export interface Plan {
  id: string;
  title: string | null;
  /** Base ref for stages without dependencies; null means the repository's default branch / HEAD. */
  base: string | null;
  /** Path as given by the caller (used in diagnostics and reports). */
  path: string;
  stages: Stage[];
  clarifications: ClarificationItem[];
}

export interface PlanParseResult {
  /** Present whenever the file could be read into a plan, even with errors, so tools can still show it. */
  plan: Plan | null;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}
