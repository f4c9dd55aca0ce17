/**
 * The demo's running commentary: the engine's `PROGRESS:` checkpoints in
 * plain words, each phase explained the first time it appears, so a first
 * look at okstra reads as a story rather than a log. `--verbose` shows the
 * checkpoints as they are instead.
 */
interface PhaseWords {
  name: string;
  explain: string;
}

const PHASES: Record<string, PhaseWords> = {
  intake: {
    name: 'intake',
    explain: 'okstra checks the plan and the ledger, claims the stage and creates (or re-enters) its branch',
  },
  prompts: {
    name: 'prompts',
    explain: "each worker's instructions are composed from the plan, the stage and what earlier stages handed on",
  },
  roster: { name: 'roster', explain: 'who writes the code and who reviews it is decided and recorded' },
  execute: {
    name: 'execute',
    explain: 'the executor agent writes the change and okstra commits it on the stage branch',
  },
  qa: { name: 'QA', explain: "the plan's validation commands run for real; their exit codes count, not anyone's word" },
  verify: { name: 'verify', explain: 'other agents review the change in fresh read-only sessions' },
  reverify: {
    name: 'convergence',
    explain: 'the reviewers are asked again about a blocking finding they disagree on',
  },
  critic: { name: 'critic', explain: 'an extra reviewer looks for what the others missed' },
  synthesis: { name: 'verdict', explain: 'PASS or FAIL is decided from what okstra itself observed' },
  conformance: {
    name: 'record',
    explain:
      'the report is checked against the contract and written to the ledger (a FAIL withholds the carry, so nothing builds on it)',
  },
};

/** Which phase a checkpoint belongs to, and the detail worth a line; null for checkpoints the story skips. */
function phaseOf(line: string): { key: string; detail: string } | null {
  const m = /^PROGRESS: (phase-[0-9.]+-[a-z]+)\b(.*)$/.exec(line);
  if (!m) return null;
  const [, phase, rest = ''] = m;
  const field = (name: string): string | undefined => new RegExp(`\\b${name}=(\\S+)`).exec(rest)?.[1];
  switch (phase) {
    case 'phase-1-intake': {
      const branch = field('branch');
      const attempt = field('attempt');
      return {
        key: 'intake',
        detail: [branch ? `on ${branch}` : '', attempt && attempt !== '1' ? `attempt ${attempt}` : '']
          .filter(Boolean)
          .join(', '),
      };
    }
    case 'phase-2-prompts':
      return { key: 'prompts', detail: '' };
    case 'phase-3-roster':
      return { key: 'roster', detail: '' };
    case 'phase-4-dispatch': {
      const role = field('role');
      if (role === 'executor') return { key: 'execute', detail: '' };
      if (role === 'verifier') return { key: 'verify', detail: '' };
      if (role === 'reverify') return { key: 'reverify', detail: '' };
      if (role === 'critic') return { key: 'critic', detail: '' };
      return null;
    }
    case 'phase-5-qa': {
      const passed = field('passed');
      return { key: 'qa', detail: passed === 'true' ? 'passed' : passed === 'false' ? 'FAILED' : '' };
    }
    case 'phase-6-synthesis':
      return { key: 'synthesis', detail: '' };
    case 'phase-7-conformance':
      return { key: 'conformance', detail: field('verdict') ?? '' };
    default:
      return null;
  }
}

export class DemoNarration {
  private readonly explained = new Set<string>();
  private last: string | null = null;
  /** Phases already explained, gathered into one `a → b → c` line until something new is said. */
  private pending: string[] = [];

  constructor(
    private readonly out: (text: string) => void,
    private readonly verbose: boolean,
  ) {}

  /** The engine's log sink. */
  log = (line: string): void => {
    if (this.verbose) return this.out(line);
    if (!line.startsWith('PROGRESS: ')) {
      this.flush();
      this.last = null;
      return this.out(line);
    }
    const phase = phaseOf(line);
    // Several workers in one phase (two reviewers, two QA commands) make one step, not one each.
    if (!phase || phase.key === this.last) return;
    this.last = phase.key;
    const words = PHASES[phase.key] as PhaseWords;
    const named = `${words.name}${phase.detail ? ` (${phase.detail})` : ''}`;
    if (this.explained.has(phase.key)) this.pending.push(named);
    else {
      this.flush();
      this.explained.add(phase.key);
      this.out(`  · ${named} — ${words.explain}`);
    }
    if (phase.key === 'conformance') this.flush();
  };

  private flush(): void {
    if (this.pending.length > 0) this.out(`  · ${this.pending.join(' → ')}`);
    this.pending = [];
  }
}
