// The event wording is shared with the Action's log (src/core/progress).
import {
  compactCount as compact,
  describeEvent,
  elapsedText as elapsed,
  eventLine,
} from '../core/progress/activity-text.js';
import type { WorkerActivity } from '../engine/types.js';
import { CliError, EXIT_USAGE, type CliIo } from './io.js';

/**
 * What `okstra run` and `okstra chain` show while agents work.
 *
 * - On a terminal: the engine's PROGRESS lines scroll as before, and under
 *   them a compact block, one line per running worker (elapsed time, tool
 *   calls, tokens so far, its latest event), redrawn in place at each event
 *   and once a second.
 * - Otherwise (a pipe, a CI log): one timestamped line per event, so a log
 *   reads in order and greps well.
 * - `quiet`: no progress at all, only the outcome (and notices). `verbose`:
 *   the per-event lines on a terminal too, above the block, each with the
 *   tool's full detail (the command it ran) beside the file.
 */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface LiveViewTarget {
  /** One line of plain output (a newline is added). */
  line(text: string): void;
  /** Present on a terminal: raw writes for the redrawn block, and its width. */
  tty?: { write(text: string): void; columns: number };
  now(): Date;
}

interface Running {
  worker: string;
  role: string;
  since: number;
  tools: number;
  tokens: number;
  last: string;
}

const REFRESH_MS = 1000;

export class LiveView {
  private readonly running = new Map<string, Running>();
  /** Lines of the block currently on screen, erased before anything else is written. */
  private drawn = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly target: LiveViewTarget,
    private readonly verbosity: Verbosity,
  ) {}

  /** The engine's log sink: PROGRESS lines (hidden when quiet) and notices (always shown). */
  log = (text: string): void => {
    if (this.verbosity === 'quiet' && text.startsWith('PROGRESS: ')) return;
    this.print(text);
  };

  /** The engine's activity listener. */
  activity = (a: WorkerActivity): void => {
    if (this.verbosity === 'quiet') return;
    const key = `${a.runId}\u0000${a.worker}\u0000${a.role}`;
    const at = Date.parse(a.at);
    const state = this.running.get(key) ?? {
      worker: a.worker,
      role: a.role,
      since: Number.isNaN(at) ? this.target.now().getTime() : at,
      tools: 0,
      tokens: 0,
      last: 'started',
    };
    if (a.event.kind === 'tool') state.tools += 1;
    if (a.event.kind === 'tokens') state.tokens = a.event.inputTokens + a.event.outputTokens;
    if (a.event.kind !== 'tokens') state.last = describeEvent(a.event);
    if (a.event.kind === 'finished') this.running.delete(key);
    else this.running.set(key, state);

    // Off a terminal every event is its own line; on one, verbose adds those lines above the block.
    if (!this.target.tty || this.verbosity === 'verbose') this.print(eventLine(a, this.verbosity === 'verbose'));
    else this.redraw();
  };

  /** Erases the block and stops refreshing it; the outcome follows on a clean screen. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.running.clear();
    this.erase();
  }

  private print(text: string): void {
    this.erase();
    this.target.line(text);
    this.redraw();
  }

  private erase(): void {
    const tty = this.target.tty;
    if (!tty || this.drawn === 0) return;
    // Cursor up over the block, then clear to the end of the screen.
    tty.write(`\x1b[${this.drawn}A\x1b[J`);
    this.drawn = 0;
  }

  private redraw(): void {
    const tty = this.target.tty;
    if (!tty) return;
    this.erase();
    if (this.running.size === 0) {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      return;
    }
    const now = this.target.now().getTime();
    const width = Math.max(40, tty.columns || 80) - 1;
    const lines = [...this.running.values()].map((r) => fit(blockLine(r, now), width));
    tty.write(`${lines.join('\n')}\n`);
    this.drawn = lines.length;
    if (!this.timer) {
      this.timer = setInterval(() => this.redraw(), REFRESH_MS);
      this.timer.unref();
    }
  }
}

/** `… Claude worker (executor) 1m05s · 4 tools · 12.3k tokens · Read src/a.ts` */
export function blockLine(r: Running, now: number): string {
  const parts = [`▸ ${r.worker} (${r.role}) ${elapsed(now - r.since)}`, `${r.tools} tool${r.tools === 1 ? '' : 's'}`];
  if (r.tokens > 0) parts.push(`${compact(r.tokens)} tokens`);
  parts.push(r.last);
  return parts.join(' · ');
}

/** One terminal row: longer lines would wrap and break the cursor arithmetic of the redraw. */
function fit(line: string, width: number): string {
  const chars = [...line];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : line;
}

/** The view a run's flags ask for, wired into the engine's log and activity listener; `close` before printing the outcome. */
export interface ViewFlags {
  quiet?: boolean;
  verbose?: boolean;
}

export function watchRun<D extends { log: (line: string) => void; onActivity?: (a: WorkerActivity) => void }>(
  io: CliIo,
  flags: ViewFlags,
  deps: D,
): { deps: D; close(): void } {
  if (flags.quiet && flags.verbose)
    throw new CliError('--quiet and --verbose contradict each other; pass one of them', EXIT_USAGE);
  const view = new LiveView(
    { line: (text) => io.out(text), ...(io.tty ? { tty: io.tty } : {}), now: () => io.now() },
    flags.quiet ? 'quiet' : flags.verbose ? 'verbose' : 'normal',
  );
  return { deps: { ...deps, log: view.log, onActivity: view.activity }, close: () => view.close() };
}
