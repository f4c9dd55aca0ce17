import type { ActivityEvent } from '../providers/activity.js';
import type { DispatchResult, WorkerRole } from '../providers/types.js';
import { mark } from '../process/timings.js';

/** One `PROGRESS:` checkpoint as recorded in the run's report. */
export interface ProgressEntry {
  at: string;
  line: string;
}

/** What a worker did, as the engine tells the shells: the CLI's events, and the engine's own `finished` with the usage. */
export type WorkerActivityEvent =
  | ActivityEvent
  | {
      kind: 'finished';
      status: DispatchResult['status'];
      inputTokens: number;
      outputTokens: number;
      costUsd: number | null;
    };

export interface WorkerActivity {
  at: string;
  stage: number;
  runId: string;
  /** Roster name. */
  worker: string;
  role: WorkerRole;
  event: WorkerActivityEvent;
}

/** Bounds of the kept stream (`activity.jsonl`): a runaway session cannot grow the ledger without end. */
export const MAX_KEPT_ACTIVITY_EVENTS = 5000;
export const MAX_KEPT_ACTIVITY_BYTES = 1024 * 1024;

/** The run's activity stream as JSON lines, the first events up to the bounds; what did not fit is counted. */
export class ActivityLog {
  private readonly lines: string[] = [];
  private bytes = 0;
  dropped = 0;
  /** Events the workers' CLIs printed themselves (not the engine's `finished`): without one there is no stream to keep. */
  streamed = 0;

  add(activity: WorkerActivity): void {
    if (activity.event.kind !== 'finished') this.streamed += 1;
    const line = `${JSON.stringify(activity)}\n`;
    const size = Buffer.byteLength(line);
    if (this.lines.length >= MAX_KEPT_ACTIVITY_EVENTS || this.bytes + size > MAX_KEPT_ACTIVITY_BYTES) {
      this.dropped += 1;
      return;
    }
    this.lines.push(line);
    this.bytes += size;
  }

  get count(): number {
    return this.lines.length;
  }

  /** The file's content; a last line says how many events were left out. */
  text(): string {
    const tailLine = this.dropped > 0 ? `${JSON.stringify({ truncated: true, droppedEvents: this.dropped })}\n` : '';
    return `${this.lines.join('')}${tailLine}`;
  }
}

/**
 * Emits `PROGRESS:` checkpoints (grammar in docs/report.md) to the run's sink
 * and keeps them for the report, so a run can be audited afterwards. It also
 * keeps the workers' activity stream and hands each event to the shell's
 * listener, stamped with the run's clock.
 */
export class ProgressLog {
  readonly entries: ProgressEntry[] = [];
  readonly activity = new ActivityLog();

  constructor(
    private readonly now: () => Date,
    private readonly sink: (line: string) => void,
  ) {}

  emit(phase: string, text = '', fields: Record<string, string | number> = {}): void {
    mark(`progress:${phase}`);
    const parts = [`PROGRESS: ${phase}`];
    if (text) parts.push(text);
    for (const [k, v] of Object.entries(fields)) parts.push(`${k}=${String(v).replace(/[\r\n]+/g, ' ')}`);
    const line = parts.join(' ');
    this.entries.push({ at: this.now().toISOString(), line });
    this.sink(line);
  }

  /** One worker event: kept for the run's artifact and told to `listener` (the shell's), whose failure never reaches the run. */
  record(what: Omit<WorkerActivity, 'at'>, listener?: (activity: WorkerActivity) => void): void {
    const activity: WorkerActivity = { at: this.now().toISOString(), ...what };
    this.activity.add(activity);
    try {
      listener?.(activity);
    } catch {
      // a display's bug must not end the run
    }
  }
}
