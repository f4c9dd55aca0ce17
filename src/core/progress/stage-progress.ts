import { formatCost, formatCount, formatDuration } from '../report/format.js';
import { escapeInline } from '../text/escape.js';
import { compactCount, elapsedText, type ActivityFacts } from './activity-text.js';
import { dispatchOf, phaseOf, type PhaseName } from './phases.js';

/**
 * What a running stage looks like from outside (its phase, the workers
 * running now, the time and spend so far), folded from the engine's
 * PROGRESS lines and the workers' activity, and the rule that decides when
 * the stage's check run is told. Pure: the Action's coalescer
 * (src/github/check-progress.ts) owns the clock, the timer and the request.
 */

export interface RunningWorker {
  worker: string;
  role: string;
  /** Epoch ms of its dispatch. */
  since: number;
  tokens: number;
  costUsd: number | null;
}

export interface StageProgress {
  startedAt: number;
  phase: PhaseName | null;
  /** In dispatch order. */
  running: RunningWorker[];
  /** Workers that ended: their tokens, the cost of those that priced theirs, and whether any did not. */
  done: { tokens: number; costUsd: number | null; costComplete: boolean };
}

export function startProgress(at: number): StageProgress {
  return { startedAt: at, phase: null, running: [], done: { tokens: 0, costUsd: null, costComplete: true } };
}

const same = (w: { worker: string; role: string }, o: { worker: string; role: string }): boolean =>
  w.worker === o.worker && w.role === o.role;

/** A PROGRESS line (other lines change nothing): the phase it belongs to, and a dispatch's worker. */
export function withLine(p: StageProgress, line: string, at: number): StageProgress {
  const phase = phaseOf(line, p.phase) ?? p.phase;
  const started = dispatchOf(line);
  const running =
    started && !p.running.some((w) => same(w, started))
      ? [...p.running, { ...started, since: at, tokens: 0, costUsd: null }]
      : p.running;
  return phase === p.phase && running === p.running ? p : { ...p, phase, running };
}

/**
 * A worker event: its tokens so far (a CLI reports running totals), or its
 * end. The engine's `finished` carries the metered usage, which wins when it
 * has any; a CLI that streamed counts but reports no usage keeps its last count.
 */
export function withActivity(p: StageProgress, a: ActivityFacts): StageProgress {
  const e = a.event;
  const i = p.running.findIndex((w) => same(w, a));
  if (i < 0) return p;
  const current = p.running[i] as RunningWorker;
  if (e.kind === 'tokens') {
    const next = { ...current, tokens: e.inputTokens + e.outputTokens, costUsd: e.costUsd ?? current.costUsd };
    return { ...p, running: p.running.map((w, j) => (j === i ? next : w)) };
  }
  if (e.kind !== 'finished') return p;
  const reported = e.inputTokens + e.outputTokens;
  const tokens = reported > 0 ? reported : current.tokens;
  const cost = e.costUsd ?? current.costUsd;
  return {
    ...p,
    running: p.running.filter((_, j) => j !== i),
    done: {
      tokens: p.done.tokens + tokens,
      costUsd: cost === null ? p.done.costUsd : (p.done.costUsd ?? 0) + cost,
      costComplete: p.done.costComplete && (cost !== null || tokens === 0),
    },
  };
}

/** Tokens and cost so far, the running workers' included. */
export function spendSoFar(p: StageProgress): { tokens: number; costUsd: number | null; costComplete: boolean } {
  let { tokens, costUsd, costComplete } = p.done;
  for (const w of p.running) {
    tokens += w.tokens;
    if (w.costUsd !== null) costUsd = (costUsd ?? 0) + w.costUsd;
    else if (w.tokens > 0) costComplete = false;
  }
  return { tokens, costUsd, costComplete };
}

/**
 * The transitions an update announces: the phase, and each (phase, worker)
 * running in it. An update is due when the current state holds one not yet
 * sent, so each transition causes at most one request; tokens ticking up
 * cause none by themselves (they ride along with the next transition).
 */
export function transitions(p: StageProgress): string[] {
  if (p.phase === null) return [];
  return [p.phase, ...p.running.map((w) => `${p.phase}\u0000${w.worker}\u0000${w.role}`)];
}

export function hasNewTransition(p: StageProgress, sent: ReadonlySet<string>): boolean {
  return transitions(p).some((t) => !sent.has(t));
}

export type UpdateDecision = { kind: 'send' } | { kind: 'wait'; ms: number } | { kind: 'idle' };

/**
 * What to do now: nothing once the check is closed, while a request is in
 * flight (its end asks again) or with nothing new; else send, or wait out
 * the rest of the minimum interval since the last request started (the
 * trailing edge then sends the state as it is by then).
 */
export function decideUpdate(d: {
  closed: boolean;
  inFlight: boolean;
  due: boolean;
  now: number;
  lastSentAt: number;
  minIntervalMs: number;
}): UpdateDecision {
  if (d.closed || d.inFlight || !d.due) return { kind: 'idle' };
  const wait = d.lastSentAt + d.minIntervalMs - d.now;
  return wait > 0 ? { kind: 'wait', ms: wait } : { kind: 'send' };
}

const TITLE_MAX = 200;

/** The check run's in-progress output: the title says it at a glance, the summary in full. */
export function renderProgress(
  p: StageProgress,
  now: number,
  o: { intro: string; minIntervalMs: number },
): { title: string; summary: string } {
  const spend = spendSoFar(p);
  const phase = p.phase ?? 'starting';
  const names = p.running.map((w) => w.worker);
  const who = names.length > 0 ? `: ${names.join(', ')} running` : '';
  const rawTitle = `Running ${phase}${who} · ${elapsedText(now - p.startedAt)} · ${compactCount(spend.tokens)} tokens`;
  const title = rawTitle.length > TITLE_MAX ? `${rawTitle.slice(0, TITLE_MAX - 1)}…` : rawTitle;
  const rows = p.running.map(
    (w) =>
      `- ${escapeInline(w.worker)} (${w.role}) for ${elapsedText(now - w.since)}, ${formatCount(w.tokens)} tokens${w.costUsd !== null ? `, ${formatCost(w.costUsd, true)}` : ''}`,
  );
  const lines = [
    o.intro,
    '',
    `**Phase:** ${phase} · ${elapsedText(now - p.startedAt)} since the stage started`,
    '',
    rows.length > 0 ? `**Running:**\n\n${rows.join('\n')}` : '**Running:** no worker at the moment',
    '',
    `**Spend so far:** ${formatCount(spend.tokens)} tokens · ${formatCost(spend.costUsd, spend.costComplete)}`,
    '',
    `_Updated at ${new Date(now).toISOString().slice(11, 19)} UTC, when the phase or a running worker changes, at most every ${formatDuration(o.minIntervalMs)}; the report replaces this when the stage ends._`,
  ];
  return { title, summary: lines.join('\n') };
}
