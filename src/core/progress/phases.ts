/**
 * What a shell reads from the engine's `PROGRESS:` lines (grammar in
 * docs/report.md): the named phase a line belongs to, and which worker a
 * dispatch starts.
 */

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
 * The worker a dispatch line starts: `PROGRESS: phase-4-dispatch worker=<roster name> model=<m> role=<role>`.
 * Roster names hold spaces ("Claude worker"), so the name is whatever lies between `worker=` and ` model=`.
 */
export function dispatchOf(line: string): { worker: string; role: string } | null {
  const m = /^PROGRESS: phase-4-dispatch worker=(.+) model=\S* role=(\S+)$/.exec(line);
  return m ? { worker: m[1] ?? '', role: m[2] ?? '' } : null;
}
