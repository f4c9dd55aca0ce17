import { composePrompt, type PromptInput } from '../core/prompts/index.js';
import { REVIEW_DIFF_LIMIT_BYTES } from '../core/prompts/types.js';
import { hiddenFromPlainDiff, reviewDiff } from '../git/change-diff.js';
import {
  normalizeCitation,
  parseCriticResult,
  parseReverifyResult,
  parseVerifierResult,
} from '../core/contracts/index.js';
import {
  applyPositions,
  disputedFindings,
  mergeDuplicateFindings,
  survivingIds,
  type PositionTaken,
} from '../core/verdict/index.js';
import type { FinalReport, Finding, WorkerStatus } from '../core/report/schema/final-report.js';
import type { VerifierResult } from '../core/report/schema/verifier-result.js';
import type { VerifierWorktreeRecord } from '../core/conformance/types.js';
import { workerFailure } from '../core/report/failure.js';
import { unreadCitations, unreadCitationsReason } from '../core/conformance/evidence.js';
import type { DispatchResult } from '../providers/types.js';
import { dispatchWorker, pool, toReportUsage, upstreamErrorOf, type Dispatched } from './dispatch.js';
import type { ProgressLog } from './progress.js';
import { EngineError, type EngineDeps, type RosterMember, type RunStageRequest } from './types.js';
import { checkStage } from './stage-evidence.js';
import { outageOf, Outages, verifyWithFallbacks } from './fallback.js';
import type { StageEvidence } from '../core/report/schema/evidence.js';
import { pushAll } from '../core/arrays.js';
import { keepFindings } from '../core/limits/sizes.js';

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

type Base = Omit<PromptInput, 'role' | 'worker'>;

/** How a refused write reads in a process's stderr (errno names, libc and CLI wording). */
const WRITE_REFUSED = /\b(EACCES|EPERM|EROFS)\b|permission denied|read-only file system/i;

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
  const base: Base = {
    ...promptBase,
    headCommit: head,
    instructionFilesRestored: view.restored,
    ...(checked.evidence ? { evidence: checked.evidence } : {}),
    // Made by okstra, not the tree's git: no attribute of the project can hide a file's change from its reviewers.
    changeDiff: await reviewDiff(deps.workspace.git, promptBase.baseCommit, head, REVIEW_DIFF_LIMIT_BYTES),
    qaResults: qa.map((q) => ({
      label: q.label,
      cmd: q.cmd,
      exitCode: q.exitCode,
      passed: q.passed,
      outputTail: q.outputTail,
      tests: q.tests ?? null,
    })),
  };
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
  for (const s of sessions) {
    dispatched.push(s.dispatched);
    worktreeRecords.push({ worker: s.member.name, changedFiles: s.changedFiles });
    const parsed = s.status === 'done' ? parseVerifierResult(s.dispatched.result.finalText) : null;
    const evidenceRead = parsed?.ok ? parsed.result.evidenceRead.map((p) => normalizeCitation(p, s.worktree).path) : [];
    const capped = cappedFindings(parsed, req, s.member.name, progress);
    const cited = parsed?.ok
      ? [...capped.kept.flatMap((f) => (f.file ? [normalizeCitation(f.file, s.worktree).path] : [])), ...evidenceRead]
      : [];
    const evidence = await judgeEvidence(s.dispatched.result, cited, changed, (paths) =>
      hiddenFromPlainDiff(deps.workspace.git, head, paths),
    );
    // A verifier whose citations its own tool events do not back is not counted: no verdict, so the stage cannot PASS on it.
    const status: WorkerStatus =
      s.status !== 'done' ? s.status : !parsed?.ok || evidence.unread.length > 0 ? 'contract-violated' : 'done';
    const mine: Finding[] = [];
    if (parsed?.ok && status === 'done') {
      for (const f of capped.kept) mine.push(verifierFinding(f, `F${nextId++}`, s.member.name, s.worktree));
    }
    pushAll(findings, mine);
    if (evidence.unread.length > 0)
      progress.emit('phase-5-collect', 'citations not backed by what the worker opened', {
        worker: s.member.name,
        unread: evidence.unread.length,
      });
    verifiers.push({
      worker: s.member.name,
      status,
      verdict: status === 'done' && parsed?.ok ? parsed.result.verdict : null,
      findings: mine.map((f) => f.id),
      evidenceRead,
      usage: toReportUsage(s.dispatched.result),
      durationMs: Math.round(s.dispatched.result.durationMs),
      ...upstreamErrorOf(s.dispatched.result),
      ...unavailableOf(s.dispatched.result),
      ...workerFailure(
        status,
        s.dispatched.result,
        sessionProblem(s, parsed) ?? (evidence.unread.length > 0 ? unreadCitationsReason(evidence.unread) : undefined),
      ),
      ...evidence.entry,
      ...(capped.dropped > 0 ? { findingsDropped: capped.dropped } : {}),
    });
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

interface Session {
  member: RosterMember;
  status: WorkerStatus;
  dispatched: Dispatched;
  worktree: string;
  changedFiles: string[];
}

/**
 * Where read-only sessions read the head. With OS users the kernel keeps a
 * tree read-only (okstra owns it, agents are other users), so every session
 * shares the stage tree okstra sealed at the head: nothing is checked out
 * again, and one check after each batch proves it unchanged. Without that
 * protection each session gets a tree of its own, so a change is pinned on
 * the session that made it and thrown away with its tree.
 */
interface ReviewView {
  shared: string | null;
  /** The commit sessions read: the head, with the agent instruction files as the base has them (src/git/review-commit.ts). */
  commit: string;
  /** The instruction files put back, for the prompt. */
  restored: string[];
  /** The shared tree opened to the sessions' users: once per sealing, not once per session. */
  opened?: Promise<void> | undefined;
}

/**
 * Where sessions read, and what: never the instructions the executor left for
 * its reviewers (docs/security.md, "What reviewers load"). QA ran on the head
 * itself; when the change touched an instruction file, the stage tree is
 * sealed again, detached, at the review commit.
 */
async function reviewView(deps: EngineDeps, stageTree: string | null, base: string, head: string): Promise<ReviewView> {
  const { commit, restored } = await deps.workspace.reviewTree(base, head);
  if (stageTree && commit !== head) await deps.workspace.sealForReview(stageTree, commit);
  return { shared: deps.sandbox.mode === 'os-user' ? stageTree : null, commit, restored };
}

/** Opens `dir` to the session's user for reading: a shared tree once until it is restored, a tree of its own each time. */
function openView(deps: EngineDeps, view: ReviewView, dir: string): Promise<void> {
  if (view.shared !== dir) return deps.sandbox.shareForReading(deps.workspace.tree(dir));
  view.opened ??= deps.sandbox.shareForReading(deps.workspace.tree(dir));
  return view.opened;
}

/**
 * After a batch of sessions over the shared tree: if it is not exactly the
 * head any more (the protection failed), no session of the batch can be
 * believed — which one wrote is unknowable — so each is marked as having
 * changed it, and the tree is put back before anyone reads it again.
 */
async function checkSharedView(
  deps: EngineDeps,
  view: ReviewView,
  sessions: readonly Session[],
  progress: ProgressLog,
): Promise<void> {
  if (!view.shared || sessions.length === 0) return;
  const state = await deps.workspace.treeState(view.shared);
  const changed = [...state.dirty, ...(state.head !== view.commit ? ['(HEAD moved: a session committed)'] : [])];
  if (changed.length === 0) return;
  progress.emit('phase-5-collect', 'the shared read-only tree changed; every session that read it is discarded', {
    workers: sessions.map((s) => s.member.name).join(', '),
    paths: changed.length,
  });
  for (const s of sessions) {
    s.changedFiles = [...changed];
    s.status = 'contract-violated';
  }
  // Restoring takes the tree back (closed to agents): the next batch opens it again.
  view.opened = undefined;
  await deps.workspace.restore(view.shared, view.commit);
}

/**
 * A fresh read-only session over the head: in the shared sealed tree, or in
 * its own detached tree (see {@link ReviewView}). Whatever the worker changes
 * in its own tree is recorded and then thrown away, so it can never reach the
 * stage branch; a worker that changed anything is `contract-violated` and its
 * answer is not used.
 */
async function readOnlySession(
  deps: EngineDeps,
  view: ReviewView,
  member: RosterMember,
  role: 'verifier' | 'reverify' | 'critic',
  base: Base,
  timeoutMs: number,
  req: RunStageRequest,
  progress: ProgressLog,
  extra: Partial<PromptInput> = {},
): Promise<Session> {
  const own = view.shared === null;
  const dir = view.shared ?? (await deps.workspace.addDetachedWorktree(view.commit));
  try {
    // Readable by the session's user, writable by none: the file system, not the CLI's plan mode, keeps the tree as it was.
    await openView(deps, view, dir);
    const composed = composePrompt({ ...base, ...extra, worktree: dir, role, worker: member.name });
    if (!composed.ok)
      throw new EngineError(
        `the ${role} prompt for ${member.name} is incomplete: ${composed.problems.join('; ')}`,
        'prompts',
      );
    const dispatched = await dispatchWorker(member, role, composed.prompt, dir, timeoutMs, req, deps, progress);
    // The refusal itself happens in the kernel; what the session said about it is the only trace, kept for the report.
    if (deps.sandbox.mode === 'os-user' && WRITE_REFUSED.test(dispatched.result.stderrTail))
      progress.emit('phase-5-collect', 'the file system refused a write in the read-only tree', {
        worker: member.name,
      });
    // A shared tree is checked once per batch (checkSharedView); a tree of its own right here.
    const changedFiles: string[] = [];
    if (own) {
      const state = await deps.workspace.treeState(dir);
      pushAll(changedFiles, state.dirty);
      if (state.head !== view.commit) changedFiles.push('(HEAD moved: the session committed)');
    }
    const status: WorkerStatus = changedFiles.length > 0 ? 'contract-violated' : dispatched.result.status;
    return { member, status, dispatched, worktree: dir, changedFiles };
  } finally {
    if (own) await deps.workspace.releaseWorktree(dir);
  }
}

/** okstra's own account of why a finished session gave no usable result; the CLI's exit reason covers the rest. */
function sessionProblem(s: Session, parsed: { ok: true } | { ok: false; reason: string } | null): string | undefined {
  if (s.changedFiles.length > 0) {
    const more = s.changedFiles.length > 5 ? ` and ${s.changedFiles.length - 5} more` : '';
    return `changed its read-only worktree (${s.changedFiles.slice(0, 5).join(', ')}${more}); its answer was discarded`;
  }
  if (parsed && !parsed.ok) return `its result could not be used: ${parsed.reason}`;
  return undefined;
}

/**
 * Phase 5.5: each blocking finding that not every verifier raised goes back to
 * the verifiers (fresh sessions): the others confirm or refute, the author may
 * withdraw. It stands unless every other verifier refuted it and its author withdrew.
 */
async function converge(
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
  const failures: NonNullable<FinalReport['convergence']['failures']> = [];
  let rounds = 0;
  for (let round = 1; round <= req.config.convergence.rounds; round++) {
    const queue = disputedFindings(findings, answering);
    if (queue.length === 0 || members.length < 2) break;
    rounds = round;
    progress.emit('phase-5.5-convergence', '', { round, queue: queue.length });
    for (const f of queue) everDisputed.add(f.id);
    const jobs = queue.flatMap((finding) => members.map((member) => ({ finding, member })));
    const sessions = await pool(
      req.config.concurrency.verifiers,
      jobs.map(
        ({ finding, member }) =>
          () =>
            readOnlySession(
              deps,
              view,
              member,
              'reverify',
              base,
              req.config.timeouts.verifierMinutes * 60_000,
              req,
              progress,
              {
                disputed: {
                  id: finding.id,
                  severity: finding.severity,
                  title: finding.title,
                  detail: finding.detail,
                  file: finding.file,
                  line: finding.line,
                  raisedBy: finding.raisedBy,
                },
              },
            ).then((s) => ({ s, finding })),
      ),
    );
    await checkSharedView(
      deps,
      view,
      sessions.map(({ s }) => s),
      progress,
    );
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

async function runCritic(
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
  const s = await readOnlySession(
    deps,
    view,
    member,
    'critic',
    base,
    req.config.timeouts.verifierMinutes * 60_000,
    req,
    progress,
  );
  await checkSharedView(deps, view, [s], progress);
  dispatched.push(s.dispatched);
  if (s.changedFiles.length > 0) records.push({ worker: member.name, changedFiles: s.changedFiles });
  const parsed = s.status === 'done' ? parseCriticResult(s.dispatched.result.finalText) : null;
  const evidenceRead = parsed?.ok ? parsed.result.evidenceRead.map((p) => normalizeCitation(p, s.worktree).path) : [];
  const cited = parsed?.ok
    ? [
        ...parsed.result.gaps.flatMap((g) => (g.file ? [normalizeCitation(g.file, s.worktree).path] : [])),
        ...evidenceRead,
      ]
    : [];
  const evidence = await judgeEvidence(
    s.dispatched.result,
    cited,
    lazyChangedFiles(deps, base.baseCommit, head),
    (paths) => hiddenFromPlainDiff(deps.workspace.git, head, paths),
  );
  // Discounted, but its gaps stay: they can only make the verdict stricter, and dropping them could turn a FAIL into a PASS.
  const status: WorkerStatus =
    s.status !== 'done' ? s.status : !parsed?.ok || evidence.unread.length > 0 ? 'contract-violated' : 'done';
  const findings: Finding[] = parsed?.ok
    ? parsed.result.gaps.map((g, i) => {
        const cite = g.file ? normalizeCitation(g.file, s.worktree) : null;
        return {
          id: `F${firstId + i}`,
          severity: g.severity,
          title: g.title,
          detail: g.detail ?? '',
          file: cite?.path ?? null,
          line: g.line ?? cite?.line ?? null,
          endLine: g.endLine ?? cite?.endLine ?? null,
          raisedBy: member.name,
          confirmedBy: [],
          refutedBy: [],
          disposition: 'standing' as const,
        };
      })
    : [];
  progress.emit('phase-5.6-critic', '', {
    provider: member.kind,
    gaps: findings.length,
    ...(evidence.unread.length > 0 ? { unread: evidence.unread.length } : {}),
  });
  return {
    findings,
    report: {
      worker: member.name,
      status,
      gaps: findings.length,
      findings: findings.map((f) => f.id),
      evidenceRead,
      usage: toReportUsage(s.dispatched.result),
      durationMs: Math.round(s.dispatched.result.durationMs),
      ...upstreamErrorOf(s.dispatched.result),
      ...workerFailure(
        status,
        s.dispatched.result,
        sessionProblem(s, parsed) ?? (evidence.unread.length > 0 ? unreadCitationsReason(evidence.unread) : undefined),
      ),
      ...evidence.entry,
    },
  };
}

/** A finding as a verifier wrote it, as the report keeps it: its cited path made repository-relative, standing until convergence. */
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

export interface EvidenceJudgement {
  /** Cited files the session's tool events show it never opened; empty when it has no events. */
  unread: string[];
  /** The report entry's `evidence` (and `unreadCitations`, when there are some). */
  entry: { evidence: 'events' | 'self-reported'; unreadCitations?: string[] };
}

/**
 * Where the session's evidence comes from, and what it cited without opening.
 * A provider that says nothing about what its session opened (a stand-in,
 * the Command provider) is self-reported, like one whose CLI printed no events.
 */
export async function judgeEvidence(
  result: DispatchResult,
  cited: string[],
  changedFiles: () => Promise<string[]>,
  hiddenFromPlainDiff: (paths: string[]) => Promise<string[]> = async () => [],
): Promise<EvidenceJudgement> {
  const opened = result.opened;
  if (opened?.source !== 'events') return { unread: [], entry: { evidence: 'self-reported' } };
  const changed = opened.wholeDiff ? await changedFiles() : [];
  // Asked of git only when a diff without --text is all that backs some file.
  const plain = opened.plainDiff;
  const hidden = plain ? await hiddenFromPlainDiff([...plain.files, ...(plain.wholeDiff ? changed : [])]) : [];
  const unread = unreadCitations(cited, opened, changed, hidden);
  return { unread, entry: { evidence: 'events', ...(unread.length > 0 ? { unreadCitations: unread } : {}) } };
}

/** The change's files, asked of git once and only when a session printed the whole diff. */
function lazyChangedFiles(deps: EngineDeps, base: string, head: string): () => Promise<string[]> {
  let files: Promise<string[]> | null = null;
  return () => (files ??= deps.workspace.changedFiles(base, head));
}
