import { dependencyClosure } from '../graph/index.js';
import type { Plan } from '../plan/types.js';
import { isTestPath } from '../scope/qa-definitions.js';
import { globMatcher } from '../scope/out-of-plan.js';
import type { StageChanges } from './attribution.js';

/** One done stage's own tests, to run again at the final head as that stage left them. */
export interface ReplaySet {
  stage: number;
  paths: string[];
  /** The stages that changed those tests afterwards, or beside it, without the plan's leave. */
  brokenBy: number[];
}

/**
 * Regression replay: which done stages' tests the final head no longer holds
 * as those stages left them. A test a stage added or changed is replayed from
 * its done head when another stage changed it too — one beside it (which no
 * frozen-test check sees), or one after it whose files do not name it — but
 * not when the other stage came before it (its version already includes
 * that), nor when a stage built on it names the test in its files (the plan
 * changed that behaviour on purpose). Nothing to replay: no extra QA run.
 */
export function replaySets(plan: Pick<Plan, 'stages'>, changes: StageChanges): ReplaySet[] {
  const closure = new Map(plan.stages.map((s) => [s.number, new Set(dependencyClosure(plan, s.number))]));
  const files = new Map(plan.stages.map((s) => [s.number, s.files.map(globMatcher)]));
  const sets: ReplaySet[] = [];
  for (const [stage, changed] of [...changes].sort((a, b) => a[0] - b[0])) {
    const paths: string[] = [];
    const brokenBy = new Set<number>();
    for (const path of changed.keys()) {
      if (!isTestPath(path)) continue;
      const others = [...changes]
        .filter(([other, theirs]) => other !== stage && theirs.has(path))
        .map(([other]) => other)
        .filter((other) => !closure.get(stage)?.has(other))
        .filter((other) => !(closure.get(other)?.has(stage) && (files.get(other) ?? []).some((m) => m(path))));
      if (others.length === 0) continue;
      paths.push(path);
      for (const o of others) brokenBy.add(o);
    }
    if (paths.length > 0) sets.push({ stage, paths: paths.sort(), brokenBy: [...brokenBy].sort((a, b) => a - b) });
  }
  return sets;
}
