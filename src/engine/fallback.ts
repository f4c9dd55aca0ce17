import { composePrompt, type PromptInput } from '../core/prompts/index.js';
import { nextFallback, providerOutage, verifierLineup } from '../core/verdict/availability.js';
import type { FallbackRecord } from '../core/report/schema/final-report.js';
import type { DispatchResult } from '../providers/types.js';
import { dispatchWorker, upstreamErrorOf, type Dispatched } from './dispatch.js';
import type { ProgressLog } from './progress.js';
import { EngineError, type EngineDeps, type RosterMember, type RunStageRequest } from './types.js';

/**
 * What a stage run learnt about its providers' outages: which providers could
 * not work (so no later phase asks them again), who took over from whom, and
 * the sessions that were replaced (their model requests still count as spend).
 */
export class Outages {
  readonly unavailable = new Set<string>();
  readonly records: FallbackRecord[] = [];
  readonly replaced: Dispatched[] = [];

  /**
   * Notes a worker whose provider could not work, and the fallback (or none) that does its work instead.
   * `d`: its session, when it was dispatched (a provider known to be out is not asked again).
   */
  note(
    role: FallbackRecord['function'],
    member: RosterMember,
    reason: string,
    next: RosterMember | null,
    d?: Dispatched,
  ): void {
    this.unavailable.add(member.ref);
    this.records.push({
      function: role,
      worker: member.name,
      provider: member.kind,
      reason,
      replacedBy: next?.name ?? null,
    });
    if (next && d) this.replaced.push(d);
  }

  /** Why `ref` was found unavailable earlier in the run. */
  reasonFor(ref: string, members: ReadonlyMap<string, RosterMember>): string {
    const name = members.get(ref)?.name;
    return this.records.find((r) => r.worker === name)?.reason ?? 'its provider was unavailable earlier in this run';
  }
}

/** Why the session's provider could not work at all (src/core/verdict/availability.ts), or null. */
export function outageOf(result: DispatchResult): string | null {
  return providerOutage({ status: result.status, ...upstreamErrorOf(result), cause: result.cause });
}

/**
 * The executor's session, and when its provider cannot work, the next
 * `fallback.executor` provider's in the same tree with its own prompt (what
 * an unavailable executor left there stays: an outage usually stops a CLI at
 * its first model call). Returns the session whose work the stage holds.
 */
export async function executeWithFallbacks(
  req: RunStageRequest,
  deps: EngineDeps,
  promptBase: Omit<PromptInput, 'role' | 'worker'>,
  worktree: string,
  progress: ProgressLog,
  outages: Outages,
): Promise<Dispatched> {
  const candidates = [req.roster.executor, ...(req.roster.fallbacks?.executor ?? [])];
  let member: RosterMember = req.roster.executor;
  for (;;) {
    const composed = composePrompt({ ...promptBase, role: 'executor', worker: member.name });
    if (!composed.ok)
      throw new EngineError(`the executor prompt is incomplete: ${composed.problems.join('; ')}`, 'prompts');
    const timeoutMs = req.config.timeouts.executorMinutes * 60_000;
    const d = await dispatchWorker(member, 'executor', composed.prompt, worktree, timeoutMs, req, deps, progress);
    const why = outageOf(d.result);
    if (why === null) return d;
    const next: RosterMember | null = candidates.find((c) => c !== d.member && !outages.unavailable.has(c.ref)) ?? null;
    outages.note('executor', d.member, why, next, d);
    if (next === null) return d;
    progress.emit('phase-4-fallback', 'provider unavailable; a fallback executes', {
      unavailable: member.name,
      fallback: next.name,
    });
    member = next;
  }
}

/** A read-only session as verify() holds it. */
interface VerifierSession {
  member: RosterMember;
  dispatched: Dispatched;
}

export interface VerifierLineup<S> {
  sessions: S[];
  /** Fallback worker name → the configured verifier's name it stands in for. */
  standsInFor: Map<string, string>;
}

/**
 * The verifiers' sessions, each verifier whose provider cannot work replaced
 * by the next `fallback.verifiers` provider (src/core/verdict/availability.ts:
 * never the provider that executed, never one already verifying or found
 * out). A provider already known to be out is replaced before it is asked.
 */
export async function verifyWithFallbacks<S extends VerifierSession>(
  req: RunStageRequest,
  executor: RosterMember,
  outages: Outages,
  progress: ProgressLog,
  run: (members: RosterMember[]) => Promise<S[]>,
): Promise<VerifierLineup<S>> {
  const fallbacks = req.roster.fallbacks?.verifiers ?? [];
  const members = new Map<string, RosterMember>();
  for (const m of [...req.roster.verifiers, ...fallbacks]) members.set(m.ref, m);
  const member = (ref: string): RosterMember => members.get(ref) as RosterMember;
  const standsInFor = new Map<string, string>();
  const lineup = verifierLineup({
    verifiers: req.roster.verifiers.map((m) => m.ref),
    configuredExecutor: req.roster.executor.ref,
    executor: executor.ref,
    unavailable: outages.unavailable,
    fallbacks: fallbacks.map((m) => m.ref),
  });
  for (const e of lineup) {
    if (e.standsInFor === undefined) continue;
    const out = member(e.standsInFor);
    outages.note('verifier', out, outages.reasonFor(out.ref, members), member(e.ref));
    standsInFor.set(member(e.ref).name, out.name);
  }
  let sessions = await run(lineup.map((e) => member(e.ref)));
  let fresh = sessions.map((_, i) => i);
  while (fresh.length > 0) {
    const taken = new Set([...sessions.map((s) => s.member.ref), ...outages.unavailable, executor.ref]);
    const swaps: Array<{ at: number; next: RosterMember }> = [];
    for (const at of fresh) {
      const s = sessions[at] as S;
      const why = outageOf(s.dispatched.result);
      if (why === null) continue;
      const ref = nextFallback(
        fallbacks.map((m) => m.ref),
        taken,
      );
      const next = ref === null ? null : member(ref);
      outages.note('verifier', s.member, why, next, s.dispatched);
      if (next === null) continue;
      taken.add(next.ref);
      swaps.push({ at, next });
      standsInFor.set(next.name, standsInFor.get(s.member.name) ?? s.member.name);
      progress.emit('phase-5-fallback', 'provider unavailable; a fallback verifies', {
        unavailable: s.member.name,
        fallback: next.name,
      });
    }
    const again = swaps.length > 0 ? await run(swaps.map((w) => w.next)) : [];
    sessions = sessions.map((s, i) => {
      const k = swaps.findIndex((w) => w.at === i);
      return k < 0 ? s : (again[k] as S);
    });
    fresh = swaps.map((w) => w.at);
  }
  return { sessions, standsInFor };
}
