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
    summary: (markdown) => io.summary(scrub(markdown)),
    now: () => io.now(),
  };
}

/** The engine's phases as a reader thinks of them; PROGRESS lines number them 1–7 with sub-steps. */
export type PhaseName = 'intake' | 'prompts' | 'roster' | 'execute' | 'verify' | 'synthesis' | 'conformance';

/**
 * The named phase a PROGRESS line belongs to, given the current one.
 * Dispatch and collect lines (phase 4/5) serve both the executor and the
 * verifiers: a dispatch says its role, and a collect stays in the phase of
 * the dispatch before it; QA, convergence and the critic are verification.
 */
export function phaseOf(line: string, current: PhaseName | null): PhaseName | null {
  const m = /^PROGRESS: phase-([0-9.]+)-([a-z-]+)/.exec(line);
  if (!m) return null;
  const [, num = '', step = ''] = m;
  const fixed: Record<string, PhaseName> = {
    '1': 'intake',
    '2': 'prompts',
    '3': 'roster',
    '6': 'synthesis',
    '7': 'conformance',
  };
  if (fixed[num]) return fixed[num];
  if (num.startsWith('5.') || step === 'qa') return 'verify';
  if (step === 'dispatch') return /\brole=executor\b/.test(line) ? 'execute' : 'verify';
  return current === 'verify' ? 'verify' : 'execute';
}

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
      this.io.startGroup(`${this.stage === null ? '' : `stage ${this.stage} · `}${phase} · ${clean}`);
      this.open = true;
      return;
    }
    this.io.info(clean);
  };

  /** Ends the current phase's group; the next PROGRESS line opens a new one. */
  close(): void {
    if (this.open) this.io.endGroup();
    this.open = false;
    this.phase = null;
  }
}

/** Runs `fn` inside a named log group, closing it however `fn` ends. */
export async function inGroup<T>(io: ActionIo, title: string, fn: () => Promise<T>): Promise<T> {
  io.startGroup(title);
  try {
    return await fn();
  } finally {
    io.endGroup();
  }
}
