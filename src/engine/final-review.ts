import { parseVerifierResult } from '../core/contracts/verifier.js';
import { normalizeCitation } from '../core/contracts/cited-path.js';
import type { FinalReport, WorkerStatus } from '../core/report/schema/final-report.js';
import type { FinalVerificationReport } from '../core/report/schema/final-verification-report.js';
import { hiddenFromPlainDiff } from '../git/change-diff.js';
import { dispatchWorker, pool, sessionFacts, type Dispatched } from './dispatch.js';
import type { OkstraConfig } from '../core/config/schema.js';
import type { ProgressLog } from './progress.js';
import type { EngineDeps, Roster, RosterMember } from './types.js';
import { verifierFinding } from '../core/verdict/session-answer.js';
import { judgeEvidence } from './read-only-sessions.js';

/**
 * The final verifiers' sessions and what okstra makes of each answer. Every
 * verifier works in a fresh read-only session over the final head. With OS
 * users they share the sealed tree (the kernel keeps it read-only) and one
 * check after the batch proves it unchanged; without, each gets its own tree.
 * Either is at `view.at`, the review commit (src/git/review-commit.ts).
 */

/** What of the final request the sessions need (a FinalRequest is one). */
interface ReviewRequest {
  plan: { id: string };
  runId: string;
  config: Pick<OkstraConfig, 'timeouts' | 'concurrency'>;
  roster: Pick<Roster, 'verifiers'>;
}

export interface Reviewed {
  verifiers: FinalVerificationReport['verifiers'];
  findings: FinalReport['findings'];
  dispatched: Dispatched[];
}

interface Session {
  member: RosterMember;
  d: Dispatched;
  dir: string;
  /** What the session changed in a tree it may only read; non-empty discards its answer. */
  changed: string[];
}

export async function review(
  req: ReviewRequest,
  deps: EngineDeps,
  view: { dir: string; at: string },
  head: string,
  prompt: (member: RosterMember) => string,
  progress: ProgressLog,
  changedFiles: string[],
): Promise<Reviewed> {
  const sessions = await runSessions(req, deps, view, prompt, progress);
  let nextId = 1;
  const verifiers: FinalVerificationReport['verifiers'] = [];
  const findings: FinalReport['findings'] = [];
  for (const s of sessions) {
    const judged = await judgeSession(deps, s, head, changedFiles, () => `F${nextId++}`);
    verifiers.push(judged.verifier);
    for (const f of judged.findings) findings.push(f);
  }
  return { verifiers, findings, dispatched: sessions.map((s) => s.d) };
}

async function runSessions(
  req: ReviewRequest,
  deps: EngineDeps,
  view: { dir: string; at: string },
  prompt: (member: RosterMember) => string,
  progress: ProgressLog,
): Promise<Session[]> {
  const shared = deps.sandbox.mode === 'os-user';
  const tree = view.dir;
  const context = { plan: { id: req.plan.id }, stage: 0, runId: req.runId };
  const timeoutMs = req.config.timeouts.verifierMinutes * 60_000;
  const sessions = await pool(
    req.config.concurrency.verifiers,
    req.roster.verifiers.map((member) => async (): Promise<Session> => {
      const dir = shared ? tree : await deps.workspace.addDetachedWorktree(view.at);
      try {
        // Readable by the session's user, writable by none: the file system keeps the tree as it was.
        await deps.sandbox.shareForReading(deps.workspace.tree(dir));
        const d = await dispatchWorker(
          member,
          'final-verifier',
          prompt(member),
          dir,
          timeoutMs,
          context,
          deps,
          progress,
        );
        const changed = shared ? [] : (await deps.workspace.treeState(dir)).dirty;
        return { member, d, dir, changed };
      } finally {
        if (!shared) await deps.workspace.releaseWorktree(dir);
      }
    }),
  );
  if (shared) {
    const state = await deps.workspace.treeState(tree);
    const moved = [...state.dirty, ...(state.head !== view.at ? ['(HEAD moved: a session committed)'] : [])];
    if (moved.length > 0) {
      // Which session wrote is unknowable: none of them is believed, and the tree is put back.
      for (const s of sessions) s.changed = moved;
      await deps.workspace.restore(tree, view.at);
    }
  }
  return sessions;
}

/** One session's report entry and findings: believed only when it finished, left the tree alone and cited what it opened. */
async function judgeSession(
  deps: EngineDeps,
  s: Session,
  head: string,
  changedFiles: string[],
  nextId: () => string,
): Promise<{ verifier: FinalVerificationReport['verifiers'][number]; findings: FinalReport['findings'] }> {
  const parsed =
    s.d.result.status === 'done' && s.changed.length === 0 ? parseVerifierResult(s.d.result.finalText) : null;
  const evidenceRead = parsed?.ok ? parsed.result.evidenceRead.map((p) => normalizeCitation(p, s.dir).path) : [];
  const cited = parsed?.ok
    ? [
        ...parsed.result.findings.flatMap((f) => (f.file ? [normalizeCitation(f.file, s.dir).path] : [])),
        ...evidenceRead,
      ]
    : [];
  const evidence = await judgeEvidence(
    s.d.result,
    cited,
    async () => changedFiles,
    (paths) => hiddenFromPlainDiff(deps.workspace.git, head, paths),
  );
  const status: WorkerStatus =
    s.d.result.status !== 'done'
      ? s.d.result.status
      : s.changed.length > 0 || !parsed?.ok || evidence.unread.length > 0
        ? 'contract-violated'
        : 'done';
  const findings: FinalReport['findings'] = [];
  if (parsed?.ok && status === 'done')
    for (const f of parsed.result.findings) findings.push(verifierFinding(f, nextId(), s.member.name, s.dir));
  const problem =
    s.changed.length > 0
      ? `changed the read-only tree (${s.changed.slice(0, 5).join(', ')}); its answer was discarded`
      : parsed && !parsed.ok
        ? `its result could not be used: ${parsed.reason}`
        : undefined;
  const verifier = {
    worker: s.member.name,
    status,
    verdict: status === 'done' && parsed?.ok ? parsed.result.verdict : null,
    findings: findings.map((f) => f.id),
    evidenceRead,
    ...sessionFacts(s.d.result, status, problem),
    ...evidence.entry,
  };
  return { verifier, findings };
}
