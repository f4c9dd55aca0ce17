// Where a stage run's time goes before its claim lands, from the stage step's
// OKSTRA_TIMINGS lines (src/process/timings.ts): printed by the distributed
// bench when it runs with OKSTRA_TIMINGS=1. Each phase's time is the median
// over the stage runs of the plan, so one slow run on a loaded machine does
// not decide it; ratios and per-phase figures are what to compare.
import type { ScenarioResult, StageRunTimes } from './distributed.sim.js';
import { summarize } from './stats.js';

const ms = (value: number): string => `${Math.round(value)} ms`;
const median = (values: readonly number[]): number => (values.length === 0 ? Number.NaN : summarize(values).p50);

type Timing = StageRunTimes['timings'][number];

/** A git process or a GitHub request (its own line each), not a phase. */
const isCall = (label: string): boolean => label.startsWith('git:') || label.startsWith('gh:');

/** The lines up to and including the claim (the run's first ledger append). */
function beforeClaim(timings: readonly Timing[]): Timing[] {
  const claim = timings.findIndex((t) => t.label === 'ledger:append');
  return claim < 0 ? [...timings] : timings.slice(0, claim + 1);
}

/** Each phase once (not git calls), in the order the first run reached them: when it ended, and how long it took. */
function phases(runs: readonly StageRunTimes[]): string[] {
  const order: string[] = [];
  for (const r of runs)
    for (const t of beforeClaim(r.timings)) if (!isCall(t.label) && !order.includes(t.label)) order.push(t.label);
  return order.map((label) => {
    const hits = runs.flatMap((r) =>
      beforeClaim(r.timings)
        .filter((t) => t.label === label)
        .slice(0, 1),
    );
    const took = hits.flatMap((t) => (t.tookMs === null ? [] : [t.tookMs]));
    const took1 = took.length > 0 ? `, took ${ms(median(took))}` : '';
    return `${label} at ${ms(median(hits.map((t) => t.at)))} (cpu ${ms(median(hits.map((t) => t.cpuMs)))}${took1})`;
  });
}

/** The git calls before the claim: how many, how long in all (median per run), and per subcommand. */
function gitCalls(runs: readonly StageRunTimes[]): string {
  const perRun = runs.map((r) => beforeClaim(r.timings).filter((t) => t.label.startsWith('git:')));
  const subs = new Map<string, { count: number[]; took: number[] }>();
  for (const calls of perRun) {
    const mine = new Map<string, { count: number; took: number }>();
    for (const c of calls) {
      const m = mine.get(c.label) ?? { count: 0, took: 0 };
      mine.set(c.label, { count: m.count + 1, took: m.took + (c.tookMs ?? 0) });
    }
    for (const [label, m] of mine) {
      const s = subs.get(label) ?? { count: [], took: [] };
      s.count.push(m.count);
      s.took.push(m.took);
      subs.set(label, s);
    }
  }
  const total = median(perRun.map((calls) => calls.length));
  const took = median(perRun.map((calls) => calls.reduce((sum, c) => sum + (c.tookMs ?? 0), 0)));
  const each = [...subs].map(([label, s]) => `${label.slice(4)} ${median(s.count)}× ${ms(median(s.took))}`);
  return `${total} git calls, ${ms(took)} (run side by side, so more than their share of the wall): ${each.join(', ')}`;
}

/** The lines after the claim, each named once: a label met again is `label#2`, `#3`, … in that run. */
function afterClaim(timings: readonly Timing[]): Timing[] {
  const claim = timings.findIndex((t) => t.label === 'ledger:append');
  const seen = new Map<string, number>();
  return timings
    .slice(claim + 1)
    .filter((t) => !isCall(t.label))
    .map((t) => {
      const n = (seen.get(t.label) ?? 0) + 1;
      seen.set(t.label, n);
      return n === 1 ? t : { ...t, label: `${t.label}#${n}` };
    });
}

/** Each phase after the claim, in the first run's order: when it was reached (median over the runs that reached it). */
function stagePath(runs: readonly StageRunTimes[]): string[] {
  const per = runs.map((r) => afterClaim(r.timings));
  const order: string[] = [];
  for (const lines of per) for (const t of lines) if (!order.includes(t.label)) order.push(t.label);
  return order.map((label) => {
    const hits = per.flatMap((lines) => lines.filter((t) => t.label === label));
    const took = hits.flatMap((t) => (t.tookMs === null ? [] : [t.tookMs]));
    return `${label} at ${ms(median(hits.map((t) => t.at)))}${took.length > 0 ? ` (took ${ms(median(took))})` : ''}`;
  });
}

/** The lines of the claim path, or none when the runs carry no timings. */
export function claimPathLines(r: ScenarioResult): string[] {
  const runs = r.runs.filter((x) => x.timings.length > 0);
  if (runs.length === 0) return [];
  const spawn = median(runs.map((x) => x.stageProcessAt - x.dispatchedAt));
  const firstStep = median(runs.map((x) => x.processAt - x.dispatchedAt));
  return [
    `    claim path (OKSTRA_TIMINGS, medians over ${runs.length} stage runs): dispatch → first okstra step spawned ${ms(firstStep)}, → the stage step spawned ${ms(spawn)}; in the stage step, from its process's start:`,
    `      ${phases(runs).join(' · ')}`,
    `      before the claim: ${gitCalls(runs)}`,
    `      after the claim: ${stagePath(runs).join(' · ')}`,
  ];
}
