import type { Plan, Stage } from '../plan/types.js';

/**
 * Topological order of a plan's stages; among stages whose dependencies are
 * met, the lower number comes first, so the order is stable and predictable.
 * Assumes a validated plan (no cycles, no unknown dependencies).
 */
export function topologicalOrder(plan: Pick<Plan, 'stages'>): number[] {
  const indegree = new Map<number, number>();
  const dependents = new Map<number, number[]>();
  for (const s of plan.stages) {
    indegree.set(s.number, s.dependsOn.length);
    for (const d of s.dependsOn) dependents.set(d, [...(dependents.get(d) ?? []), s.number]);
  }
  const ready = plan.stages.filter((s) => s.dependsOn.length === 0).map((s) => s.number);
  const order: number[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const next = ready.shift() as number;
    order.push(next);
    for (const dep of dependents.get(next) ?? []) {
      const left = (indegree.get(dep) ?? 0) - 1;
      indegree.set(dep, left);
      if (left === 0) ready.push(dep);
    }
  }
  if (order.length !== plan.stages.length)
    throw new Error('topologicalOrder: the plan has a dependency cycle; validate it first');
  return order;
}

export function stageByNumber(plan: Pick<Plan, 'stages'>, n: number): Stage {
  const stage = plan.stages.find((s) => s.number === n);
  if (!stage) throw new Error(`stage ${n} is not in the plan (stages: ${plan.stages.map((s) => s.number).join(', ')})`);
  return stage;
}

/** Every stage `n` depends on, directly or transitively (excluding `n`), in topological order. */
export function dependencyClosure(plan: Pick<Plan, 'stages'>, n: number): number[] {
  const seen = new Set<number>();
  const visit = (k: number): void => {
    for (const d of stageByNumber(plan, k).dependsOn) {
      if (!seen.has(d)) {
        seen.add(d);
        visit(d);
      }
    }
  };
  visit(n);
  return topologicalOrder(plan).filter((k) => seen.has(k));
}

/** Edges as `[from, to]` pairs, where `to` depends on `from`. */
export function stageEdges(plan: Pick<Plan, 'stages'>): Array<[number, number]> {
  return plan.stages.flatMap((s) => s.dependsOn.map((d): [number, number] => [d, s.number]));
}
