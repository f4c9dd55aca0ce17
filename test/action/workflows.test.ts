import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INPUT_NAMES, MODES } from '../../src/action/inputs.js';
import { DISPATCH_INPUTS, PLANNING_DISPATCH_INPUTS, workflowProblems } from '../../src/core/commands/dispatch.js';

const root = join(import.meta.dirname, '..', '..');
const load = (rel: string): Workflow => parse(readFileSync(join(root, rel), 'utf8')) as Workflow;

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, { inputs?: Record<string, unknown> } | null | unknown[]>;
  permissions: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { steps: Step[] }>;
}

const steps = (w: Workflow): Step[] => Object.values(w.jobs).flatMap((j) => j.steps);
const okstraStep = (w: Workflow): Step => {
  const step = steps(w).find((s) => s.uses?.startsWith('okstra/okstra@') || s.uses === './');
  if (!step) throw new Error('no okstra step');
  return step;
};

describe('the example workflows', () => {
  const okstra = load('examples/workflows/okstra.yml');
  const label = load('examples/workflows/okstra-label.yml');

  it('the dispatch inputs are the contract the bot dispatches with (docs/action.md), and the bot accepts the workflow', () => {
    const dispatch = okstra.on.workflow_dispatch as { inputs: Record<string, unknown> };
    expect(Object.keys(dispatch.inputs)).toEqual([...DISPATCH_INPUTS, ...PLANNING_DISPATCH_INPUTS]);
    expect(Object.keys(dispatch.inputs)).toEqual([
      'mode',
      'plan',
      'plan-ref',
      'stage',
      'stages',
      'pr-number',
      'executor',
      'verifiers',
      'models',
      'check-run-id',
      'trigger',
      'actor',
      'reset',
      'rebase',
      'issue',
      'goal',
      'plan-id',
      'review-id',
      'comment-id',
      'approver',
    ]);
    // github.com takes at most 25 inputs per workflow_dispatch.
    expect(Object.keys(dispatch.inputs).length).toBeLessThanOrEqual(25);
    // Every mode the Action has can be started by hand; reset and rebase are switches, off unless set.
    expect((dispatch.inputs.mode as { options: string[] }).options).toEqual([...MODES]);
    expect(dispatch.inputs.reset).toMatchObject({ type: 'boolean', default: false });
    expect(dispatch.inputs.rebase).toMatchObject({ type: 'boolean', default: false });
    expect(okstra.on.schedule).toEqual([{ cron: expect.any(String) }]);
    expect(workflowProblems(readFileSync(join(root, 'examples', 'workflows', 'okstra.yml'), 'utf8'))).toEqual([]);
    // `/okstra final` dispatches mode final with the plan and the pull request.
    expect(
      workflowProblems(
        readFileSync(join(root, 'examples', 'workflows', 'okstra.yml'), 'utf8'),
        ['mode', 'plan', 'pr-number'],
        'final',
      ),
    ).toEqual([]);
    expect(readFileSync(join(root, 'docs', 'action.md'), 'utf8')).toContain(
      '`mode`, `plan`, `plan-ref`, `stage`, `stages`, `pr-number`, `executor`, `verifiers`, `models`, `check-run-id`, `trigger`, `actor`, `reset`, `rebase`',
    );
  });

  it('pass only inputs the Action has, and the schedule runs mode continue', () => {
    for (const w of [okstra, label])
      for (const key of Object.keys(okstraStep(w).with ?? {})) expect(INPUT_NAMES as readonly string[]).toContain(key);
    expect(okstraStep(okstra).with?.mode).toBe("${{ github.event_name == 'schedule' && 'continue' || inputs.mode }}");
    // Every dispatch input reaches the Action under its own name, plan-ref included (the plan of a pull request).
    for (const name of [...DISPATCH_INPUTS, ...PLANNING_DISPATCH_INPUTS])
      if (name !== 'mode') expect(okstraStep(okstra).with?.[name], name).toBe(`\${{ inputs.${name} }}`);
  });

  it('ask for least privilege and run one job per plan and stage without cancelling a running stage', () => {
    // Planning comments on the issue a plan came from: only the dispatched workflow needs issues: write.
    expect(okstra.permissions).toEqual({
      contents: 'write',
      checks: 'write',
      'pull-requests': 'write',
      issues: 'write',
      actions: 'read',
    });
    expect(label.permissions).toEqual({
      contents: 'write',
      checks: 'write',
      'pull-requests': 'write',
      actions: 'read',
    });
    for (const w of [okstra, label]) {
      expect(w.concurrency?.['cancel-in-progress']).toBe(false);
    }
    expect(okstra.concurrency?.group).toContain('inputs.plan');
    expect(okstra.concurrency?.group).toContain('inputs.stage');
    for (const key of ['inputs.issue', 'inputs.pr-number', 'inputs.mode'])
      expect(okstra.concurrency?.group).toContain(key);
  });

  it('pin every third-party action to a full commit SHA', () => {
    const ci = load('.github/workflows/ci.yml');
    for (const w of [okstra, label, ci]) {
      for (const s of steps(w)) {
        if (!s.uses || s.uses === './' || s.uses.startsWith('okstra/okstra@')) continue;
        expect(s.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      }
    }
  });

  it('CI runs the README test command and a dry-run smoke job through action.yml', () => {
    const ci = load('.github/workflows/ci.yml');
    expect(steps(ci).some((s) => (s as { run?: string }).run === 'npm ci && npm test')).toBe(true);
    expect(okstraStep(ci).with).toMatchObject({ 'dry-run': true });
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('npm ci && npm test');
  });
});
