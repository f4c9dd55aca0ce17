import { normalizeCitation } from '../contracts/cited-path.js';
import type { Finding, WorkerStatus } from '../report/schema/final-report.js';
import type { VerifierResult } from '../report/schema/verifier-result.js';

/**
 * What okstra makes of one read-only session's answer (a verifier, a
 * re-verifier, the critic): whether it counts, why not, and its findings as
 * the report keeps them. Pure; the engine runs the sessions.
 */

/**
 * A session that finished counts only when its result parsed and its own tool
 * events back every file it cited; otherwise it broke the contract and gives
 * no verdict (so a stage cannot PASS on it). One that did not finish keeps its status.
 */
export function answerStatus(status: WorkerStatus, parsedOk: boolean, unreadCitations: number): WorkerStatus {
  if (status !== 'done') return status;
  return !parsedOk || unreadCitations > 0 ? 'contract-violated' : 'done';
}

/** okstra's own account of why a finished session gave no usable result; the CLI's exit reason covers the rest. */
export function readOnlyProblem(
  changedFiles: readonly string[],
  parsed: { ok: true } | { ok: false; reason: string } | null,
): string | undefined {
  if (changedFiles.length > 0) {
    const more = changedFiles.length > 5 ? ` and ${changedFiles.length - 5} more` : '';
    return `changed its read-only worktree (${changedFiles.slice(0, 5).join(', ')}${more}); its answer was discarded`;
  }
  if (parsed && !parsed.ok) return `its result could not be used: ${parsed.reason}`;
  return undefined;
}

/** A finding as a verifier (or the critic) wrote it, as the report keeps it: its cited path made repository-relative, standing until convergence. */
export function verifierFinding(
  f: VerifierResult['findings'][number],
  id: string,
  raisedBy: string,
  worktree: string,
): Finding {
  const cite = f.file ? normalizeCitation(f.file, worktree) : null;
  return {
    id,
    severity: f.severity,
    title: f.title,
    detail: f.detail ?? '',
    file: cite?.path ?? null,
    line: f.line ?? cite?.line ?? null,
    endLine: f.endLine ?? cite?.endLine ?? null,
    raisedBy,
    confirmedBy: [],
    refutedBy: [],
    disposition: 'standing',
  };
}

/** The repository-relative paths an answer cites: its findings' files, then what it says it read. */
export function citedPaths(
  findings: ReadonlyArray<{ file?: string | null | undefined }>,
  evidenceRead: readonly string[],
  worktree: string,
): string[] {
  return [...findings.flatMap((f) => (f.file ? [normalizeCitation(f.file, worktree).path] : [])), ...evidenceRead];
}
