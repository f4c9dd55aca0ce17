import type { Plan, Stage } from '../../src/core/plan/types.js';

/** A plan built in code, for graph and ledger tests that are not about parsing. */
export function planOf(edges: Record<number, number[]>, base: string | null = null): Plan {
  const stages: Stage[] = Object.entries(edges).map(([n, deps]) => ({
    number: Number(n),
    title: `Stage ${n}`,
    dependsOn: deps,
    files: [],
    validation: [],
    exitContract: null,
    rollback: null,
    extraFields: {},
    body: '',
    section: '',
    position: { line: 1, column: 1 },
    fieldPositions: {},
  }));
  return { id: 'demo', title: null, base, path: 'demo.md', stages, clarifications: [] };
}
