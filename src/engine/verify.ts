import { REVIEW_DIFF_LIMIT_BYTES } from '../core/prompts/types.js';
import { hiddenFromPlainDiff, reviewDiff } from '../git/change-diff.js';
import { normalizeCitation, parseVerifierResult } from '../core/contracts/index.js';
import { mergeDuplicateFindings, survivingIds } from '../core/verdict/index.js';
import type { FinalReport, Finding } from '../core/report/schema/final-report.js';
import type { VerifierResult } from '../core/report/schema/verifier-result.js';
import type { VerifierWorktreeRecord } from '../core/conformance/types.js';
import { unreadCitationsReason } from '../core/conformance/evidence.js';
import type { DispatchResult } from '../providers/types.js';
import { pool, sessionFacts, type Dispatched } from './dispatch.js';
import type { ProgressLog } from './progress.js';
import { type EngineDeps, type RosterMember, type RunStageRequest } from './types.js';
import { checkStage } from './stage-evidence.js';
import { outageOf, Outages, verifyWithFallbacks } from './fallback.js';
import type { StageEvidence } from '../core/report/schema/evidence.js';
import { pushAll } from '../core/arrays.js';
import { keepFindings } from '../core/limits/sizes.js';
import { answerStatus, citedPaths, verifierFinding } from '../core/verdict/session-answer.js';
import {
  checkSharedView,
  judgeEvidence,
  lazyChangedFiles,
  readOnlySession,
  reviewView,
  sessionProblem,
  type Base,
  type Session,
} from './read-only-sessions.js';
import { converge, runCritic } from './converge.js';

// What other phases and the contract tests take from here.
export { judgeEvidence, type EvidenceJudgement } from './read-only-sessions.js';
export { verifierFinding } from '../core/verdict/session-answer.js';

export interface Verification {
  qa: FinalReport['qa'];
  /** okstra's own evidence about the tests, and the blocking reasons it gives. */
  evidence: StageEvidence | undefined;
  evidenceReasons: string[];
  verifiers: FinalReport['verifiers'];
  findings: Finding[];
  convergence: FinalReport['convergence'];
  critic: FinalReport['critic'] | undefined;
  worktreeRecords: VerifierWorktreeRecord[];
  dispatched: Dispatched[];
  /** Who verified in the end, in order: the roster's verifiers with fallbacks in the place of those that were out. */
  members: RosterMember[];
  /** Fallback worker name → the verifier it stands in for. */
  standsInFor: ReadonlyMap<string, string>;
}

/** Phase 5: real QA, then every verifier in parallel over the head, each read-only in its own worktree. */
export async function verify(
  req: RunStageRequest,
  deps: EngineDeps,
  head: string,
  promptBase: Base,
  progress: ProgressLog,
  stageTree: string | null = null,
  changedPaths: readonly string[] = [],
  who: { executor: RosterMember; outages: Outages } = { executor: req.roster.executor, outages: new Outages() },
): Promise<Verification> {
  const at = { base: promptBase.baseCommit, head, changed: changedPaths, stageTree };
  const checked = await checkStage(req, deps, at, progress);
  const qa = checked.qa;
  const view = await reviewView(deps, stageTree, promptBase.baseCommit, head);
  const base = await verifierBase(deps, promptBase, head, view.restored, checked);
  const timeoutMs = req.config.timeouts.verifierMinutes * 60_000;
  const dispatched: Dispatched[] = [];
  const worktreeRecords: VerifierWorktreeRecord[] = [];

  const { sessions, standsInFor } = await verifyWithFallbacks(req, who.executor, who.outages, progress, (members) =>
    pool(
      req.config.concurrency.verifiers,
      members.map((member) => () => readOnlySession(deps, view, member, 'verifier', base, timeoutMs, req, progress)),
    ),
  );
  await checkSharedView(deps, view, sessions, progress);
  let nextId = 1;
  const verifiers: FinalReport['verifiers'] = [];
  let findings: Finding[] = [];
  const changed = lazyChangedFiles(deps, promptBase.baseCommit, head);
  const git = { deps, head, changed };
  for (const s of sessions) {
    dispatched.push(s.dispatched);
    worktreeRecords.push({ worker: s.member.name, changedFiles: s.changedFiles });
    const judged = await judgeVerifier(req, git, s, progress, () => `F${nextId++}`);
    pushAll(findings, judged.findings);
    verifiers.push(judged.verifier);
  }
  const merged = mergeDuplicateFindings(findings);
  findings = merged.findings;
  for (const v of verifiers) v.findings = survivingIds(v.findings, merged.survivorOf);
  const answering = verifiers.filter((v) => v.status === 'done').map((v) => v.worker);
  const converged = await converge(req, deps, view, base, findings, answering, progress, dispatched, worktreeRecords);
  const raisedFindings = converged.findings.map((f) => ({
    id: f.id,
    severity: f.severity,
    title: f.title,
    detail: f.detail,
    file: f.file,
    line: f.line,
  }));
  const critic = req.roster.critic
    ? await runCritic(
        req,
        deps,
        view,
        head,
        { ...base, raisedFindings },
        req.roster.critic,
        progress,
        nextId,
        dispatched,
        worktreeRecords,
      )
    : undefined;
  return {
    qa,
    evidence: checked.evidence,
    evidenceReasons: checked.reasons,
    verifiers,
    findings: [...converged.findings, ...(critic?.findings ?? [])],
    convergence: converged.summary,
    critic: critic?.report,
    worktreeRecords,
    dispatched,
    members: sessions.map((s) => s.member),
    standsInFor,
  };
}

/** What every verifier's prompt holds beyond the stage: the head, okstra's evidence, its own diff of the change, QA. */
async function verifierBase(
  deps: EngineDeps,
  promptBase: Base,
  head: string,
  restored: string[],
  checked: Awaited<ReturnType<typeof checkStage>>,
): Promise<Base> {
  return {
    ...promptBase,
    headCommit: head,
    instructionFilesRestored: restored,
    ...(checked.evidence ? { evidence: checked.evidence } : {}),
    // Made by okstra, not the tree's git: no attribute of the project can hide a file's change from its reviewers.
    changeDiff: await reviewDiff(deps.workspace.git, promptBase.baseCommit, head, REVIEW_DIFF_LIMIT_BYTES),
    qaResults: checked.qa.map((q) => ({
      label: q.label,
      cmd: q.cmd,
      exitCode: q.exitCode,
      passed: q.passed,
      outputTail: q.outputTail,
      tests: q.tests ?? null,
    })),
  };
}

/** One verifier's report entry and findings: counted only when its result parsed and its tool events back its citations. */
async function judgeVerifier(
  req: RunStageRequest,
  git: { deps: EngineDeps; head: string; changed: () => Promise<string[]> },
  s: Session,
  progress: ProgressLog,
  nextId: () => string,
): Promise<{ verifier: FinalReport['verifiers'][number]; findings: Finding[] }> {
  const parsed = s.status === 'done' ? parseVerifierResult(s.dispatched.result.finalText) : null;
  const evidenceRead = parsed?.ok ? parsed.result.evidenceRead.map((p) => normalizeCitation(p, s.worktree).path) : [];
  const capped = cappedFindings(parsed, req, s.member.name, progress);
  const cited = parsed?.ok ? citedPaths(capped.kept, evidenceRead, s.worktree) : [];
  const evidence = await judgeEvidence(s.dispatched.result, cited, git.changed, (paths) =>
    hiddenFromPlainDiff(git.deps.workspace.git, git.head, paths),
  );
  // A verifier whose citations its own tool events do not back is not counted: no verdict, so the stage cannot PASS on it.
  const status = answerStatus(s.status, parsed?.ok === true, evidence.unread.length);
  const mine: Finding[] = [];
  if (parsed?.ok && status === 'done') {
    for (const f of capped.kept) mine.push(verifierFinding(f, nextId(), s.member.name, s.worktree));
  }
  if (evidence.unread.length > 0)
    progress.emit('phase-5-collect', 'citations not backed by what the worker opened', {
      worker: s.member.name,
      unread: evidence.unread.length,
    });
  const problem =
    sessionProblem(s, parsed) ?? (evidence.unread.length > 0 ? unreadCitationsReason(evidence.unread) : undefined);
  const verifier = {
    worker: s.member.name,
    status,
    verdict: status === 'done' && parsed?.ok ? parsed.result.verdict : null,
    findings: mine.map((f) => f.id),
    evidenceRead,
    ...sessionFacts(s.dispatched.result, status, problem),
    ...unavailableOf(s.dispatched.result),
    ...evidence.entry,
    ...(capped.dropped > 0 ? { findingsDropped: capped.dropped } : {}),
  };
  return { verifier, findings: mine };
}

function unavailableOf(result: DispatchResult): { unavailable?: string } {
  const why = outageOf(result);
  return why === null ? {} : { unavailable: why };
}

/** A verifier's findings within limits.findingsPerVerifier: a verifier listing 150,000 costs one pass, not a report nobody can read. */
function cappedFindings(
  parsed: ReturnType<typeof parseVerifierResult> | null,
  req: RunStageRequest,
  worker: string,
  progress: ProgressLog,
): { kept: VerifierResult['findings']; dropped: number } {
  if (!parsed?.ok) return { kept: [], dropped: 0 };
  const capped = keepFindings(parsed.result.findings, req.config.limits.findingsPerVerifier);
  if (capped.dropped > 0)
    progress.emit('phase-5-collect', 'findings over limits.findingsPerVerifier counted, not kept', {
      worker,
      kept: capped.kept.length,
      dropped: capped.dropped,
    });
  return capped;
}
