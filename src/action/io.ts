import { dispatchOf, phaseOf, type PhaseName } from '../core/progress/phases.js';
import { compactCount, elapsedText, eventLine, type ActivityFacts } from '../core/progress/activity-text.js';

/**
 * Everything the Action does to the runner, as one port: run.ts fills it
 * from `@actions/core`, tests can fill it with fakes. Logic below the entry
 * point never imports `@actions/core` itself.
 */
export interface ActionIo {
  info(line: string): void;
  warning(message: string): void;
  error(message: string, where?: { file: string; line: number; column: number }): void;
  startGroup(title: string): void;
  endGroup(): void;
  setOutput(name: string, value: string): void;
  setSecret(value: string): void;
  saveState(name: string, value: string): void;
  setFailed(message: string): void;
  /**
   * The step's exit code after `setFailed` (which means 1): 3 when only providers that could not work failed the
   * step, so a workflow can tell an outage from work that needs a fix run. Absent: the runner's default.
   */
  setExitCode?(code: number): void;
  /** Appends Markdown to the job summary. */
  summary(markdown: string): Promise<void>;
  now(): Date;
}

/**
 * The runner port with every message, output, state value and summary
 * scrubbed of the known secrets (values, then token patterns) before the
 * runner sees it. `setSecret` alone gets the value itself: masking needs it.
 */
export function scrubbedIo(io: ActionIo, scrub: (text: string) => string): ActionIo {
  return {
    info: (line) => io.info(scrub(line)),
    warning: (message) => io.warning(scrub(message)),
    error: (message, where) => io.error(scrub(message), where),
    startGroup: (title) => io.startGroup(scrub(title)),
    endGroup: () => io.endGroup(),
    setOutput: (name, value) => io.setOutput(name, scrub(value)),
    setSecret: (value) => io.setSecret(value),
    saveState: (name, value) => io.saveState(name, scrub(value)),
    setFailed: (message) => io.setFailed(scrub(message)),
    ...(io.setExitCode ? { setExitCode: (code: number) => io.setExitCode?.(code) } : {}),
    summary: (markdown) => io.summary(scrub(markdown)),
    now: () => io.now(),
  };
}

// The phase rule is core's (the check run's progress reads it too); re-exported where the Action has always found it.
export { phaseOf, type PhaseName };

/**
 * The engine's log sink on a runner: each phase of a stage run (intake,
 * prompts, roster, execute, verify, synthesis, conformance) is one
 * collapsible log group, titled with the phase and its first PROGRESS line
 * so the run reads at a glance; the phase's further lines fold inside.
 * Every line passes the scrubber first.
 */
export class PhaseLog {
  private phase: PhaseName | null = null;
  private open = false;
  private stage: number | null = null;

  constructor(
    private readonly io: ActionIo,
    private readonly scrub: (text: string) => string,
  ) {}

  /** A plain line in the current group, scrubbed. */
  info(text: string): void {
    this.io.info(this.scrub(text));
  }

  /** The stage whose lines follow (a chain runs several). */
  setStage(stage: number): void {
    this.close();
    this.stage = stage;
  }

  line = (text: string): void => {
    const clean = this.scrub(text);
    const phase = phaseOf(clean, this.phase);
    if (phase !== null && phase !== this.phase) {
      this.close();
      this.phase = phase;
      this.io.startGroup(`${this.prefix()}${phase} · ${clean}`);
      this.open = true;
      return;
    }
    this.io.info(clean);
  };

  /**
   * A group of its own between the phase's lines (a finished worker's):
   * groups cannot nest, so the open phase group is closed first and
   * reopened after it, titled "(continued)", for the phase's further lines.
   */
  aside(title: string, lines: readonly string[]): void {
    const phase = this.open ? this.phase : null;
    if (this.open) this.io.endGroup();
    this.io.startGroup(this.scrub(title));
    for (const line of lines) this.io.info(this.scrub(line));
    this.io.endGroup();
    this.open = phase !== null;
    if (phase !== null) this.io.startGroup(`${this.prefix()}${phase} (continued)`);
  }

  private prefix(): string {
    return this.stage === null ? '' : `stage ${this.stage} · `;
  }

  /** Ends the current phase's group; the next PROGRESS line opens a new one. */
  close(): void {
    if (this.open) this.io.endGroup();
    this.open = false;
    this.phase = null;
  }
}

/** Lines kept per worker for its closing group; the live lines above it hold them all, the run's activity artifact too. */
export const MAX_WORKER_GROUP_LINES = 200;

interface WorkerLines {
  since: number | null;
  lines: string[];
  omitted: number;
  /** The CLI's own running total, for a worker whose end reports no usage. */
  streamedTokens: number;
}

/**
 * The workers' activity in the Action's log. The rule, since log groups
 * can neither nest nor interleave and verifiers run in parallel:
 *
 * - each event is one line at once, timestamped and prefixed by its worker
 *   (the CLI's non-TTY line), inside whatever phase group is open, so a
 *   stalled worker shows while it runs;
 * - when a worker finishes, one group titled with the worker, its role,
 *   status, duration and tokens holds that worker's lines alone (the first
 *   MAX_WORKER_GROUP_LINES, then how many were left out), placed between
 *   the phase's groups by `PhaseLog.aside`.
 *
 * Every line passes the PhaseLog's scrubber.
 */
export class WorkerLog {
  private readonly workers = new Map<string, WorkerLines>();

  constructor(
    private readonly log: PhaseLog,
    private readonly now: () => Date,
    private readonly maxLines = MAX_WORKER_GROUP_LINES,
  ) {}

  /** The engine's log line: a dispatch starts its worker's clock. */
  line = (text: string): void => {
    const started = dispatchOf(text);
    if (started)
      this.workers.set(key(started), { since: this.now().getTime(), lines: [], omitted: 0, streamedTokens: 0 });
  };

  activity = (a: ActivityFacts): void => {
    const w = this.workers.get(key(a)) ?? { since: null, lines: [], omitted: 0, streamedTokens: 0 };
    this.workers.set(key(a), w);
    const text = eventLine(a);
    if (a.event.kind === 'tokens') w.streamedTokens = a.event.inputTokens + a.event.outputTokens;
    if (a.event.kind !== 'finished') {
      this.log.info(text);
      if (w.lines.length < this.maxLines) w.lines.push(text);
      else w.omitted += 1;
      return;
    }
    this.workers.delete(key(a));
    const e = a.event;
    const at = Date.parse(a.at);
    const took = w.since === null || Number.isNaN(at) ? '' : ` · ${elapsedText(at - w.since)}`;
    // The metered usage when there is any (the check's spend follows the same rule: src/core/progress).
    const reported = e.inputTokens + e.outputTokens;
    const tokens = compactCount(reported > 0 ? reported : w.streamedTokens);
    const lines = w.lines.length > 0 ? [...w.lines] : ['(no events streamed by this worker)'];
    if (w.omitted > 0)
      lines.push(
        `… ${w.omitted} more line${w.omitted === 1 ? '' : 's'} left out (all above, and in the run's activity artifact)`,
      );
    this.log.aside(`${a.worker} · ${a.role} · ${e.status}${took} · ${tokens} tokens`, lines);
  };
}

const key = (w: { worker: string; role: string }): string => `${w.worker}\u0000${w.role}`;

/** Runs `fn` inside a named log group, closing it however `fn` ends. */
export async function inGroup<T>(io: ActionIo, title: string, fn: () => Promise<T>): Promise<T> {
  io.startGroup(title);
  try {
    return await fn();
  } finally {
    io.endGroup();
  }
}
