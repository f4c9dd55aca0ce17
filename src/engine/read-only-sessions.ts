import { composePrompt, type PromptInput } from '../core/prompts/index.js';
import type { WorkerStatus } from '../core/report/schema/final-report.js';
import { unreadCitations } from '../core/conformance/evidence.js';
import type { DispatchResult } from '../providers/types.js';
import { dispatchWorker, type Dispatched } from './dispatch.js';
import type { ProgressLog } from './progress.js';
import { EngineError, type EngineDeps, type RosterMember, type RunStageRequest } from './types.js';
import { pushAll } from '../core/arrays.js';
import { readOnlyProblem } from '../core/verdict/session-answer.js';

/**
 * Read-only review sessions over a stage's head (verifiers, re-verifiers, the
 * critic): where they read, how a session is dispatched and checked, and how
 * far what it cites is backed by what it opened.
 */

export type Base = Omit<PromptInput, 'role' | 'worker'>;

/** How a refused write reads in a process's stderr (errno names, libc and CLI wording). */
const WRITE_REFUSED = /\b(EACCES|EPERM|EROFS)\b|permission denied|read-only file system/i;

export interface Session {
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
export interface ReviewView {
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
export async function reviewView(
  deps: EngineDeps,
  stageTree: string | null,
  base: string,
  head: string,
): Promise<ReviewView> {
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
export async function checkSharedView(
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
export async function readOnlySession(
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
export function sessionProblem(
  s: Session,
  parsed: { ok: true } | { ok: false; reason: string } | null,
): string | undefined {
  return readOnlyProblem(s.changedFiles, parsed);
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
export function lazyChangedFiles(deps: EngineDeps, base: string, head: string): () => Promise<string[]> {
  let files: Promise<string[]> | null = null;
  return () => (files ??= deps.workspace.changedFiles(base, head));
}
