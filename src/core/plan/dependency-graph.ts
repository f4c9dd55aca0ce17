import { PLAN_CODES } from './codes.js';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { StageDraft } from './stage.js';
import { stronglyConnectedComponents } from './strongly-connected.js';

/**
 * Checks every `depends-on` against the Stage Map: unknown stages, a stage
 * depending on itself, and cycles. Each cycle is reported once, as the
 * shortest loop through the smallest stage number of its component.
 */
export function checkDependencies(drafts: readonly StageDraft[], sink: DiagnosticSink): void {
  const known = new Set(drafts.map((draft) => draft.stage.number));
  const successors = new Map<number, number[]>();
  const knownList = [...known].sort((a, b) => a - b).join(', ');
  for (const { stage, dependencyRefs } of drafts) {
    const edges: number[] = [];
    for (const ref of dependencyRefs) {
      if (ref.stage === stage.number) {
        sink.error(
          PLAN_CODES.selfDependency,
          ref.position,
          `stage ${stage.number} depends on itself`,
          'remove it from its own depends-on',
        );
      } else if (!known.has(ref.stage)) {
        sink.error(
          PLAN_CODES.unknownDependency,
          ref.position,
          `stage ${stage.number} depends on stage ${ref.stage}, which is not in the Stage Map`,
          `stages in this plan: ${knownList}`,
        );
      } else {
        edges.push(ref.stage);
      }
    }
    successors.set(
      stage.number,
      edges.sort((a, b) => a - b),
    );
  }
  const nodes = [...known].sort((a, b) => a - b);
  for (const component of stronglyConnectedComponents(nodes, successors)) {
    if (component.length < 2) continue;
    const cycle = shortestCycle(
      component.reduce((a, b) => Math.min(a, b)),
      new Set(component),
      successors,
    );
    const from = drafts.find((draft) => draft.stage.number === cycle[0]);
    const ref = from?.dependencyRefs.find((candidate) => candidate.stage === cycle[1]);
    if (!from || !ref) continue;
    sink.error(
      PLAN_CODES.dependencyCycle,
      ref.position,
      `dependency cycle: ${cycle.join(' → ')} (each stage depends on the next)`,
      'a stage can only build on stages that finish before it; remove one of these dependencies',
    );
  }
}

/** Breadth-first from `start` back to itself inside one component; returns `[start, …, start]`. */
function shortestCycle(
  start: number,
  component: ReadonlySet<number>,
  successors: ReadonlyMap<number, readonly number[]>,
): number[] {
  const previous = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as number;
    for (const next of successors.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: number | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.push(at);
        path.push(start);
        return [path[0] as number, ...path.slice(1, -1).reverse(), start];
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
