import type { Stage } from '../../src/core/plan/types.js';
import type { GateBodies, PromptInput, PromptRole } from '../../src/core/prompts/index.js';

export const PLAN_COMMIT = 'a'.repeat(40);
export const BASE = 'b'.repeat(40);
export const HEAD = 'c'.repeat(40);

export function stageOf(overrides: Partial<Stage> = {}): Stage {
  return {
    number: 2,
    title: 'Load config',
    dependsOn: [1],
    files: ['src/config/load.ts'],
    validation: [],
    exitContract: 'loadConfig rejects unknown keys',
    rollback: null,
    extraFields: {},
    body: '',
    section:
      '### Stage 2 — Load config\n\n- files: src/config/load.ts\n- exit contract: loadConfig rejects unknown keys\n',
    position: { line: 10, column: 1 },
    fieldPositions: {},
    ...overrides,
  };
}

/** A complete prompt input for `role`; reviewer roles get a head, reverify a disputed finding. */
export function promptInput(role: PromptRole, gates: GateBodies, overrides: Partial<PromptInput> = {}): PromptInput {
  return {
    role,
    worker: 'Codex worker',
    plan: { id: 'demo', title: 'Demo plan', path: '.okstra/plans/demo.md', commit: PLAN_COMMIT },
    stage: stageOf(),
    worktree: '/tmp/okstra-wt/demo-2',
    baseCommit: BASE,
    headCommit: role === 'executor' ? null : HEAD,
    doneStages: [{ number: 1, title: 'Scaffold' }],
    carryIn: [{ stage: 1, title: 'Scaffold', carryJson: '{"stage":1,"summary":"scaffold"}' }],
    clarifications: [],
    previousFindings: [],
    qaResults:
      role === 'verifier' || role === 'critic'
        ? [{ label: 'unit', cmd: 'npm test', exitCode: 0, passed: true, outputTail: 'Tests 3 passed' }]
        : [],
    disputed:
      role === 'reverify'
        ? {
            id: 'F2',
            severity: 'blocking',
            title: 'Unknown keys accepted',
            detail: 'not strict',
            file: 'src/config/load.ts',
            line: 31,
            raisedBy: 'Claude worker',
          }
        : null,
    gates,
    ...overrides,
  };
}
