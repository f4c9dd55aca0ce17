/** One `PROGRESS:` checkpoint as recorded in the run's report. */
export interface ProgressEntry {
  at: string;
  line: string;
}

/**
 * Emits `PROGRESS:` checkpoints (grammar in docs/report.md) to the run's sink
 * and keeps them for the report, so a run can be audited afterwards.
 */
export class ProgressLog {
  readonly entries: ProgressEntry[] = [];

  constructor(
    private readonly now: () => Date,
    private readonly sink: (line: string) => void,
  ) {}

  emit(phase: string, text = '', fields: Record<string, string | number> = {}): void {
    const parts = [`PROGRESS: ${phase}`];
    if (text) parts.push(text);
    for (const [k, v] of Object.entries(fields)) parts.push(`${k}=${String(v).replace(/[\r\n]+/g, ' ')}`);
    const line = parts.join(' ');
    this.entries.push({ at: this.now().toISOString(), line });
    this.sink(line);
  }
}
