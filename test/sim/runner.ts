/**
 * The simulation's runners: workflow runs move queued → in_progress →
 * completed as GitHub moves them. Up to `maxParallel` jobs run at once (like
 * a pool of runners); a run whose concurrency group is held waits, and with
 * `cancel-in-progress: false` GitHub keeps only the newest pending run of a
 * group, cancelling the older pending one (docs.github.com, "Control the
 * concurrency of workflows and jobs"); with `true` it cancels the running
 * one too. Each job is one process tree started by a JobExecutor: by
 * default the bundled Action in a fresh clone (actionExecutor); tests of
 * the scheduling itself pass a stand-in.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Git } from '../../src/git/git.js';
import { collect, postStateEnv, REPO, spawnAction, type ActionRun, type Project } from '../action/harness.js';
import type { ExprContexts } from './expressions.js';
import { FULL_NAME } from './json.js';
import type { SimRun, SimState, TimelineEntry } from './state.js';
import { condition, type ExprValue } from './expressions.js';
import { isOkstraStep, jobContexts, selectJob, stepInputs, type Step } from './workflow.js';

export interface RunJob {
  run: SimRun;
  /** The runner's environment for the job (GITHUB_RUN_ID, GITHUB_REF, …). */
  env: Record<string, string>;
  apiUrl: string;
}

export interface StepRun {
  /** The step's position in its job (a post step names its main step's). */
  index: number;
  entry: 'main' | 'post';
  /** The okstra step's `with:`, evaluated, with action.yml's defaults for what it leaves out. */
  inputs: Record<string, string>;
  /** The job's environment, plus STATE_* for a post step. */
  env: Record<string, string>;
}

export interface StepResult {
  exitCode: number;
  /** What the step wrote to GITHUB_OUTPUT (`steps.<id>.outputs`) and GITHUB_STATE (its post step's STATE_*). */
  outputs: Record<string, string>;
  state: Record<string, string>;
  stdout: string;
  stderr: string;
  /** What the step wrote to GITHUB_STEP_SUMMARY. */
  summary?: string;
}

/**
 * What runs a job's okstra steps: `prepare` checks the workspace out (the
 * job's actions/checkout), `step` runs one okstra step's main or post entry.
 * `signal` aborts a main step as a cancellation does.
 */
export interface JobExecutor {
  prepare(job: RunJob): Promise<void>;
  step(job: RunJob, step: StepRun, signal: AbortSignal): Promise<StepResult>;
}

export interface RunnerOptions {
  state: SimState;
  apiUrl: string;
  maxParallel: number;
  executor: JobExecutor;
  secrets: Record<string, string>;
  vars: Record<string, string>;
  /** A run reached `completed` (GitHub then sends workflow_run.completed). */
  onCompleted(run: SimRun): void;
  /** Something changed: settled() looks again. */
  notify(): void;
}

export class Runner {
  private readonly aborts = new Map<number, AbortController>();
  private readonly jobs = new Set<Promise<void>>();

  constructor(private readonly o: RunnerOptions) {}

  get active(): number {
    return this.aborts.size;
  }

  /** A new run: takes its concurrency group, or waits for it (cancelling the older pending run). */
  enqueue(run: SimRun): void {
    const c = run.concurrency;
    if (c) {
      const others = this.inGroup(c.group).filter((r) => r !== run);
      // Placed first: cancelling the older runs hands the group on, and this run must already be in line for it.
      run.groupState = others.some((r) => r.groupState === 'holding') ? 'pending' : 'holding';
      if (run.groupState === 'pending') this.note(run, `pending: the concurrency group ${c.group} is busy`);
      for (const r of others)
        if (r.groupState === 'pending' || (c.cancelInProgress && r.groupState === 'holding'))
          this.cancel(r.id, `a newer run (${run.id}) joined the concurrency group ${c.group}`);
    }
    this.pump();
  }

  /** 202 when accepted, 409 when the run already completed (GitHub's answers). */
  cancel(runId: number, why = 'cancelled through the API'): 202 | 409 | 404 {
    const run = this.o.state.runs.get(runId);
    if (!run) return 404;
    if (run.status === 'completed') return 409;
    if (run.cancelRequested) return 202;
    run.cancelRequested = true;
    this.note(run, why);
    if (run.status === 'queued') this.finish(run, 'cancelled', null);
    else this.aborts.get(runId)?.abort();
    return 202;
  }

  /** Waits for every job process to end (after close() aborted them). */
  async drain(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  abortAll(): void {
    for (const run of this.o.state.runs.values())
      if (run.status !== 'completed') this.cancel(run.id, 'the simulation closed');
  }

  private inGroup(group: string): SimRun[] {
    return [...this.o.state.runs.values()].filter((r) => r.status !== 'completed' && r.concurrency?.group === group);
  }

  private note(run: SimRun, text: string): void {
    this.o.state.timelineOf(run.id).notes.push(text);
  }

  private pump(): void {
    const queued = [...this.o.state.runs.values()]
      .filter((r) => r.status === 'queued' && r.groupState !== 'pending')
      .sort((a, b) => a.id - b.id);
    for (const run of queued) {
      if (this.active >= this.o.maxParallel) break;
      this.start(run);
    }
    this.o.notify();
  }

  private start(run: SimRun): void {
    const abort = new AbortController();
    this.aborts.set(run.id, abort);
    const now = new Date();
    run.status = 'in_progress';
    run.runStartedAt = iso(now);
    run.updatedAt = run.runStartedAt;
    run.token = this.o.state.actionsToken(run.id);
    const t = this.o.state.timelineOf(run.id);
    t.startedAt = now.getTime();
    const job = this.execute(run, abort.signal).finally(() => this.jobs.delete(job));
    this.jobs.add(job);
  }

  private async execute(run: SimRun, signal: AbortSignal): Promise<void> {
    const t = this.o.state.timelineOf(run.id);
    let conclusion: string;
    try {
      conclusion = await this.runJob(run, signal, t);
    } catch (error) {
      // GitHub fails a job whose expressions it cannot evaluate; the reason goes where a test prints it.
      t.stderr += `\n[sim] the job could not run: ${error instanceof Error ? error.message : String(error)}`;
      conclusion = 'failure';
    }
    if (run.cancelRequested) conclusion = 'cancelled';
    this.aborts.delete(run.id);
    this.finish(run, conclusion, t.exitCode);
  }

  /**
   * The job's steps in order, as the runner takes them: each `if:` is
   * evaluated with the earlier steps' outputs; okstra steps run (the first
   * failure skips the rest); an App token step mints an installation token;
   * checkout is the workspace `prepare` made; any other step is not
   * simulated (noted). Then the post steps of the okstra steps that ran, in
   * reverse order, whatever happened (post steps run `always()`).
   */
  private async runJob(run: SimRun, signal: AbortSignal, t: TimelineEntry): Promise<string> {
    const runContextsOf = runContexts(run, this.o.apiUrl, {
      secrets: { ...this.o.secrets, GITHUB_TOKEN: run.token },
      vars: this.o.vars,
    });
    const selected = selectJob(run.workflow, runContextsOf);
    if (!selected) {
      t.notes.push('no job with an okstra step runs for this event');
      return 'skipped';
    }
    t.notes.push(...selected.notes);
    const contexts = jobContexts(selected.job, runContextsOf);
    const job: RunJob = { run, env: runnerEnv(run, selected.job.id), apiUrl: this.o.apiUrl };
    await this.o.executor.prepare(job);
    const steps: Record<string, ExprValue> = {};
    const ran: Array<{ index: number; inputs: Record<string, string>; state: Record<string, string> }> = [];
    let failed = false;
    const log = (label: string, r: StepResult): void => {
      t.stdout += `\n[sim] ── ${label} ──\n${r.stdout}`;
      t.stderr += `\n[sim] ── ${label} ──\n${r.stderr}`;
      t.summary += r.summary ?? '';
    };
    for (const [index, step] of selected.job.steps.entries()) {
      if (failed || run.cancelRequested) break;
      const ctx = { ...contexts, steps };
      const record = (outcome: string, outputs: Record<string, string> = {}): void => {
        if (step.id) steps[step.id] = { outputs, outcome, conclusion: outcome };
      };
      if (!condition(step.if, ctx)) {
        record('skipped');
        continue;
      }
      if (isOkstraStep(step)) {
        const inputs = stepInputs(step, ctx);
        const r = await this.o.executor.step(job, { index, entry: 'main', inputs, env: job.env }, signal);
        log(`step ${step.id ?? index} (mode ${inputs.mode ?? '?'})`, r);
        t.inputs = inputs;
        t.exitCode = r.exitCode;
        ran.push({ index, inputs, state: r.state });
        record(r.exitCode === 0 ? 'success' : 'failure', r.outputs);
        failed = r.exitCode !== 0;
      } else if (step.uses?.startsWith('actions/checkout@')) record('success');
      else record('success', this.stepOutputs(run, step));
    }
    let postFailed = false;
    for (const s of ran.reverse()) {
      const r = await this.o.executor.step(
        job,
        { index: s.index, entry: 'post', inputs: s.inputs, env: { ...job.env, ...postStateEnv(s.state) } },
        new AbortController().signal,
      );
      log(`post step ${s.index}`, r);
      if (t.postExitCode === null || r.exitCode !== 0) t.postExitCode = r.exitCode;
      postFailed ||= r.exitCode !== 0;
    }
    return failed || postFailed ? 'failure' : 'success';
  }

  /** Outputs of a step before okstra's: an App token step mints an installation token, as it would. */
  private stepOutputs(run: SimRun, step: Step): Record<string, string> {
    if (step.uses?.startsWith('actions/create-github-app-token@')) return { token: this.o.state.appToken() };
    if (step.uses === null) this.note(run, `step ${step.id ?? '?'} (a run: script) is not simulated`);
    this.note(run, `step ${step.id ?? step.uses ?? '?'} is not simulated: its outputs are empty`);
    return {};
  }

  private finish(run: SimRun, conclusion: string, exitCode: number | null): void {
    const now = new Date();
    run.status = 'completed';
    run.conclusion = conclusion;
    run.updatedAt = iso(now);
    const t = this.o.state.timelineOf(run.id);
    t.endedAt = now.getTime();
    t.conclusion = conclusion;
    t.exitCode = exitCode;
    const group = run.concurrency?.group;
    const held = run.groupState === 'holding';
    run.groupState = null;
    if (group && held) {
      const next = this.inGroup(group).find((r) => r.groupState === 'pending');
      if (next) next.groupState = 'holding';
    }
    this.o.onCompleted(run);
    this.pump();
  }
}

const iso = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The contexts a job's expressions read (`github`, `inputs`, `secrets`, `vars`). */
export function runContexts(
  run: SimRun,
  apiUrl: string,
  extra: { secrets?: Record<string, string>; vars: Record<string, string> },
): ExprContexts {
  return {
    github: {
      token: run.token,
      event_name: run.event,
      event: run.payload as ExprContexts[string],
      ref: `refs/heads/${run.headBranch}`,
      ref_name: run.headBranch,
      sha: run.headSha,
      repository: FULL_NAME,
      repository_owner: REPO.owner,
      actor: run.actor.login,
      triggering_actor: run.actor.login,
      run_id: String(run.id),
      run_number: String(run.runNumber),
      run_attempt: String(run.attempt),
      workflow: run.workflow.name,
      server_url: 'https://github.com',
      api_url: apiUrl,
    },
    inputs: run.inputs,
    vars: extra.vars,
    ...(extra.secrets ? { secrets: extra.secrets } : {}),
  };
}

function runnerEnv(run: SimRun, jobId: string): Record<string, string> {
  return {
    GITHUB_RUN_ID: String(run.id),
    GITHUB_RUN_NUMBER: String(run.runNumber),
    GITHUB_RUN_ATTEMPT: String(run.attempt),
    GITHUB_EVENT_NAME: run.event,
    GITHUB_REF: `refs/heads/${run.headBranch}`,
    GITHUB_REF_NAME: run.headBranch,
    GITHUB_REF_TYPE: 'branch',
    GITHUB_SHA: run.headSha,
    GITHUB_ACTOR: run.actor.login,
    GITHUB_TRIGGERING_ACTOR: run.actor.login,
    GITHUB_WORKFLOW: run.workflow.name,
    GITHUB_WORKFLOW_REF: `${FULL_NAME}/${run.workflow.path}@refs/heads/${run.headBranch}`,
    GITHUB_JOB: jobId,
  };
}

export interface ActionExecutorOptions {
  /** Clone depth, as actions/checkout's `fetch-depth` (default 1; 0 for the whole history). */
  fetchDepth?: number;
  /** How long a cancelled step has after SIGINT before SIGTERM (GitHub: 7.5 s), and SIGKILL 2.5 s later. */
  cancelGraceMs?: number;
  /** A folder for each okstra step's CPU time (`<run id>-<step index>-<entry>.stat`, see RunOptions.cpuFile). */
  cpuDir?: string;
}

/**
 * The bundled Action, as a runner runs okstra steps: a fresh workspace per
 * job, checked out as actions/checkout does (a fetch of the run's commit
 * into `origin/<branch>` and a local branch on it), then each step's main
 * or post entry, a post step with its main step's file commands.
 */
export function actionExecutor(project: Project, o: ActionExecutorOptions = {}): JobExecutor {
  const workspaces = new Map<number, string>();
  const files = new Map<string, ActionRun['files']>();
  return {
    prepare: async (job) => {
      const workspace = join(dirname(project.workspace), 'runs', `run-${job.run.id}`, 'workspace');
      mkdirSync(workspace, { recursive: true });
      workspaces.set(job.run.id, workspace);
      const ws = new Git(workspace);
      const branch = job.run.headBranch;
      const depth = o.fetchDepth ?? 1;
      await ws.ok(['init', '--quiet']);
      await ws.ok(['remote', 'add', 'origin', `file://${project.bare}`]);
      await ws.ok([
        'fetch',
        '--quiet',
        '--no-tags',
        ...(depth > 0 ? [`--depth=${depth}`] : []),
        'origin',
        `+${job.run.headSha}:refs/remotes/origin/${branch}`,
      ]);
      await ws.ok(['checkout', '--quiet', '--force', '-B', branch, `refs/remotes/origin/${branch}`]);
    },
    step: async (job, s, signal) => {
      const workspace = workspaces.get(job.run.id);
      if (!workspace) throw new Error(`run ${job.run.id} was not prepared`);
      const key = `${job.run.id}/${s.index}`;
      const earlier = files.get(key);
      const started = spawnAction(
        { ...project, workspace },
        {
          inputs: s.inputs,
          eventName: job.run.event,
          payload: job.run.payload,
          api: { url: job.apiUrl },
          env: s.env,
          entry: s.entry,
          ...(earlier ? { files: earlier } : {}),
          ...(o.cpuDir ? { cpuFile: join(o.cpuDir, `${job.run.id}-${s.index}-${s.entry}.stat`) } : {}),
        },
      );
      files.set(key, started.files);
      const onAbort = (): void => {
        started.child.kill('SIGINT');
        const grace = o.cancelGraceMs ?? 7500;
        setTimeout(() => started.child.kill('SIGTERM'), grace).unref();
        setTimeout(() => started.child.kill('SIGKILL'), grace + 2500).unref();
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      const r = collect(await started.child, started.files);
      signal.removeEventListener('abort', onAbort);
      return {
        exitCode: r.exitCode,
        outputs: r.outputs,
        state: r.state,
        stdout: r.stdout,
        stderr: r.stderr,
        summary: r.summary,
      };
    },
  };
}
