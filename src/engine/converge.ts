import { hiddenFromPlainDiff } from '../git/change-diff.js';
import { normalizeCitation, parseCriticResult, parseReverifyResult } from '../core/contracts/index.js';
import { applyPositions, disputedFindings, type PositionTaken } from '../core/verdict/index.js';
import type { FinalReport, Finding, WorkerStatus } from '../core/report/schema/final-report.js';
import type { VerifierWorktreeRecord } from '../core/conformance/types.js';
import { workerFailure } from '../core/report/failure.js';
import { unreadCitationsReason } from '../core/conformance/evidence.js';
import { pool, sessionFacts, upstreamErrorOf, type Dispatched } from './dispatch.js';
import type { ProgressLog } from './progress.js';
import { type EngineDeps, type RosterMember, type RunStageRequest } from './types.js';
import { answerStatus, verifierFinding, citedPaths } from '../core/verdict/session-answer.js';
import {
  checkSharedView,
  judgeEvidence,
  lazyChangedFiles,
  readOnlySession,
  sessionProblem,
  type Base,
  type ReviewView,
  type Session,
} from './read-only-sessions.js';

/** After the verifiers: disputed findings go back to them (convergence), then the critic looks for what all of them missed. */

/**
 * Phase 5.5: each blocking finding that not every verifier raised goes back to
 * the verifiers (fresh sessions): the others confirm or refute, the author may
 * withdraw. It stands unless every other verifier refuted it and its author withdrew.
 */
export async function converge(
  req: RunStageRequest,
  deps: EngineDeps,
  view: ReviewView,
  base: Base,
  initial: Finding[],
  answering: string[],
  progress: ProgressLog,
  dispatched: Dispatched[],
  records: VerifierWorktreeRecord[],
): Promise<{ findings: Finding[]; summary: FinalReport['convergence'] }> {
  let findings = initial;
  const members = req.roster.verifiers.filter((m) => answering.includes(m.name));
  const everDisputed = new Set<string>();
  const failures: ReverifyFailure[] = [];
  let rounds = 0;
  for (let round = 1; round <= req.config.convergence.rounds; round++) {
    const queue = disputedFindings(findings, answering);
    if (queue.length === 0 || members.length < 2) break;
    rounds = round;
    progress.emit('phase-5.5-convergence', '', { round, queue: queue.length });
    for (const f of queue) everDisputed.add(f.id);
    const sessions = await reverifyRound(req, deps, view, base, queue, members, progress);
    const positions = takePositions(sessions, dispatched, records, failures);
    findings = applyPositions(findings, positions, answering);
  }
  const resolved = [...everDisputed].filter(
    (id) => findings.find((f) => f.id === id)?.disposition !== 'standing',
  ).length;
  return {
    findings,
    summary: { rounds, disputed: everDisputed.size, resolved, ...(failures.length > 0 ? { failures } : {}) },
  };
}

type ReverifyFailure = NonNullable<FinalReport['convergence']['failures']>[number];
type Reverified = { s: Session; finding: Finding };

/** One round: every disputed finding to every answering verifier, each in a fresh read-only session. */
async function reverifyRound(
  req: RunStageRequest,
  deps: EngineDeps,
  view: ReviewView,
  base: Base,
  queue: readonly Finding[],
  members: readonly RosterMember[],
  progress: ProgressLog,
): Promise<Reverified[]> {
  const timeoutMs = req.config.timeouts.verifierMinutes * 60_000;
  const jobs = queue.flatMap((finding) => members.map((member) => ({ finding, member })));
  const sessions = await pool(
    req.config.concurrency.verifiers,
    jobs.map(({ finding, member }) => () => {
      const disputed = {
        id: finding.id,
        severity: finding.severity,
        title: finding.title,
        detail: finding.detail,
        file: finding.file,
        line: finding.line,
        raisedBy: finding.raisedBy,
      };
      return readOnlySession(deps, view, member, 'reverify', base, timeoutMs, req, progress, { disputed }).then(
        (s) => ({ s, finding }),
      );
    }),
  );
  await checkSharedView(
    deps,
    view,
    sessions.map(({ s }) => s),
    progress,
  );
  return sessions;
}

/** The positions the round's sessions took; a session that took none is recorded as a failure of the round. */
function takePositions(
  sessions: readonly Reverified[],
  dispatched: Dispatched[],
  records: VerifierWorktreeRecord[],
  failures: ReverifyFailure[],
): PositionTaken[] {
  const positions: PositionTaken[] = [];
  for (const { s, finding } of sessions) {
    dispatched.push(s.dispatched);
    if (s.changedFiles.length > 0) records.push({ worker: s.member.name, changedFiles: s.changedFiles });
    const parsed =
      s.status === 'done'
        ? parseReverifyResult(s.dispatched.result.finalText, {
            findingId: finding.id,
            isAuthor: s.member.name === finding.raisedBy,
          })
        : null;
    if (parsed?.ok) {
      positions.push({ findingId: finding.id, worker: s.member.name, position: parsed.result.position });
      continue;
    }
    const status: WorkerStatus = s.status === 'done' ? 'contract-violated' : s.status;
    const { failure } = workerFailure(status, s.dispatched.result, sessionProblem(s, parsed));
    if (failure)
      failures.push({
        worker: s.member.name,
        findingId: finding.id,
        status,
        ...upstreamErrorOf(s.dispatched.result),
        failure,
      });
  }
  return positions;
}

/** The critic: one read-only session over the head that looks for what every verifier missed. */
export async function runCritic(
  req: RunStageRequest,
  deps: EngineDeps,
  view: ReviewView,
  head: string,
  base: Base,
  member: RosterMember,
  progress: ProgressLog,
  firstId: number,
  dispatched: Dispatched[],
  records: VerifierWorktreeRecord[],
): Promise<{ report: NonNullable<FinalReport['critic']>; findings: Finding[] }> {
  const timeoutMs = req.config.timeouts.verifierMinutes * 60_000;
  const s = await readOnlySession(deps, view, member, 'critic', base, timeoutMs, req, progress);
  await checkSharedView(deps, view, [s], progress);
  dispatched.push(s.dispatched);
  if (s.changedFiles.length > 0) records.push({ worker: member.name, changedFiles: s.changedFiles });
  const parsed = s.status === 'done' ? parseCriticResult(s.dispatched.result.finalText) : null;
  const evidenceRead = parsed?.ok ? parsed.result.evidenceRead.map((p) => normalizeCitation(p, s.worktree).path) : [];
  const cited = parsed?.ok ? citedPaths(parsed.result.gaps, evidenceRead, s.worktree) : [];
  const evidence = await judgeEvidence(
    s.dispatched.result,
    cited,
    lazyChangedFiles(deps, base.baseCommit, head),
    (paths) => hiddenFromPlainDiff(deps.workspace.git, head, paths),
  );
  // Discounted, but its gaps stay: they can only make the verdict stricter, and dropping them could turn a FAIL into a PASS.
  const status = answerStatus(s.status, parsed?.ok === true, evidence.unread.length);
  const findings: Finding[] = parsed?.ok
    ? parsed.result.gaps.map((g, i) => verifierFinding(g, `F${firstId + i}`, member.name, s.worktree))
    : [];
  progress.emit('phase-5.6-critic', '', {
    provider: member.kind,
    gaps: findings.length,
    ...(evidence.unread.length > 0 ? { unread: evidence.unread.length } : {}),
  });
  const problem =
    sessionProblem(s, parsed) ?? (evidence.unread.length > 0 ? unreadCitationsReason(evidence.unread) : undefined);
  return {
    findings,
    report: {
      worker: member.name,
      status,
      gaps: findings.length,
      findings: findings.map((f) => f.id),
      evidenceRead,
      ...sessionFacts(s.dispatched.result, status, problem),
      ...evidence.entry,
    },
  };
}
