export { validateRun } from './validate-run.js';
export { VIOLATION_CODES, VIOLATION_RULES, type ViolationCode } from './codes.js';
export type { RunArtifacts, Violation, VerifierWorktreeRecord } from './types.js';
export { parseCheckpoint, namesRosterWorker, hyphenatedRosterName, type Checkpoint } from './progress.js';
export { formatViolation } from './format.js';
export { violationKind, type ViolationKind } from './codes.js';
export { sortViolations, protectingReason, uniqueViolations, type SortedViolations } from './gate.js';
