import { checkFinalReport, formatSchemaProblem } from '../report/validate-schema.js';
import type { Check, RunArtifacts, Violation } from './types.js';
import { violation } from './violation.js';
import { checkVerdict } from './checks/verdict.js';
import { checkCarryOutcome } from './checks/carry.js';
import { checkLedger } from './checks/ledger.js';
import { checkCheckpoints } from './checks/checkpoints.js';
import { checkRoster } from './checks/roster.js';
import { checkFindings } from './checks/findings.js';
import { checkQa } from './checks/qa.js';
import { checkVerifiers } from './checks/verifiers.js';
import { checkConsistency } from './checks/consistency.js';
import { checkUsage } from './checks/usage.js';

const CHECKS: readonly Check[] = [
  checkVerdict,
  checkCarryOutcome,
  checkLedger,
  checkCheckpoints,
  checkRoster,
  checkFindings,
  checkQa,
  checkVerifiers,
  checkConsistency,
  checkUsage,
];

/**
 * Checks a finished run's artifacts against the run contract (DESIGN.md,
 * phase 7). The report is checked against its schema first; when it fails,
 * only those problems are returned, because every other check reads fields
 * the schema guarantees. Checks whose artifact is absent are skipped.
 */
export function validateRun(artifacts: RunArtifacts): Violation[] {
  const checked = checkFinalReport(artifacts.report);
  if (!checked.ok) {
    return checked.problems.map((p) => violation('report/schema', formatSchemaProblem(p), { pointer: p.pointer }));
  }
  const input = { report: checked.value, artifacts };
  return CHECKS.flatMap((check) => check(input));
}
