import type { Plan } from '../plan/types.js';
import { stageEdges, topologicalOrder, stageByNumber } from './stage-graph.js';
import { mermaidLabel } from '../text/escape.js';

/** The stage graph as a Mermaid flowchart; `classOf` may tag nodes with a class for styling. */
export function mermaidFlowchart(plan: Pick<Plan, 'stages'>, classOf?: (stage: number) => string | null): string {
  const lines = ['flowchart TD'];
  for (const n of topologicalOrder(plan)) lines.push(`  s${n}["${n}: ${mermaidLabel(stageByNumber(plan, n).title)}"]`);
  for (const [from, to] of stageEdges(plan)) lines.push(`  s${from} --> s${to}`);
  if (classOf) {
    for (const n of topologicalOrder(plan)) {
      const cls = classOf(n);
      if (cls) lines.push(`  class s${n} ${cls}`);
    }
  }
  return lines.join('\n');
}
