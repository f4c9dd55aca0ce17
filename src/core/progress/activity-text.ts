/**
 * One worker event in words, shared by every shell that shows live
 * progress (the CLI's log lines and redrawn block, the Action's log and
 * its check run). The shapes mirror the engine's `WorkerActivity`
 * structurally, so core needs no import from the layers above it.
 */

export type ActivityEventFacts =
  | { kind: 'tool'; name: string; file?: string; detail?: string }
  | { kind: 'tokens'; inputTokens: number; outputTokens: number; costUsd?: number }
  | { kind: 'note'; text: string }
  | { kind: 'finished'; status: string; inputTokens: number; outputTokens: number; costUsd: number | null };

export interface ActivityFacts {
  /** ISO time stamp. */
  at: string;
  /** Roster name. */
  worker: string;
  role: string;
  event: ActivityEventFacts;
}

/** `12:04:05 Claude worker (executor) tool Read src/a.ts` */
export function eventLine(a: ActivityFacts, detailed = false): string {
  const time = a.at.slice(11, 19);
  return `${time} ${a.worker} (${a.role}) ${describeEvent(a.event, detailed)}`;
}

/** One event in words; `detailed` adds a tool's command even when it named a file. */
export function describeEvent(e: ActivityEventFacts, detailed = false): string {
  switch (e.kind) {
    case 'tool':
      return [
        'tool',
        e.name,
        e.file ?? '',
        (detailed || e.file === undefined) && e.detail !== undefined ? e.detail : '',
      ]
        .filter((s) => s !== '')
        .join(' ');
    case 'note':
      return `note ${e.text}`;
    case 'tokens':
      return `tokens ${e.inputTokens} in, ${e.outputTokens} out${e.costUsd !== undefined ? `, $${e.costUsd.toFixed(4)}` : ''}`;
    case 'finished':
      return `finished ${e.status} (${e.inputTokens} in, ${e.outputTokens} out${e.costUsd !== null ? `, $${e.costUsd.toFixed(4)}` : ''})`;
  }
}

/** `45s`, `1m05s`: short enough for a line that is redrawn or repeated often. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** `950`, `12.3k` */
export function compactCount(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}
