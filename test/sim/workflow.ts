/**
 * A workflow file as the simulation reads it: its triggers, dispatch
 * inputs, `run-name`, concurrency, and the job and step that run okstra,
 * with the `with:` values evaluated the way the runner evaluates them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { condition, ExpressionError, interpolate, toText, type ExprContexts, type ExprValue } from './expressions.js';

type Json = Record<string, unknown>;

const here = dirname(fileURLToPath(import.meta.url));

export interface InputDecl {
  type: string;
  required: boolean;
  default: unknown;
  options: string[] | null;
}

export interface Concurrency {
  group: string;
  cancelInProgress: unknown;
}

export interface Step {
  id: string | null;
  uses: string | null;
  if: unknown;
  with: Record<string, unknown>;
}

export interface Job {
  id: string;
  if: unknown;
  concurrency: Concurrency | null;
  steps: Step[];
  /**
   * A job of a called (reusable) workflow: the calling job's `if:` (read
   * with the caller's contexts), and the contexts this job's expressions
   * read, made from the caller's.
   */
  call?: { if: unknown; scope: (caller: ExprContexts) => ExprContexts };
}

export interface Workflow {
  /** `okstra.yml`. */
  file: string;
  /** `.github/workflows/okstra.yml`. */
  path: string;
  name: string;
  runName: string | null;
  /** Event name → its `types:` filter (null: every action). */
  on: Map<string, string[] | null>;
  dispatchInputs: Record<string, InputDecl>;
  concurrency: Concurrency | null;
  jobs: Job[];
}

export class WorkflowError extends Error {}

function concurrencyOf(v: unknown): Concurrency | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return { group: v, cancelInProgress: false };
  const o = v as Json;
  return { group: String(o.group), cancelInProgress: o['cancel-in-progress'] ?? false };
}

function jobOf(id: string, j: Json): Job {
  return {
    id,
    if: j.if,
    concurrency: concurrencyOf(j.concurrency),
    steps: ((j.steps ?? []) as Json[]).map((s) => ({
      id: typeof s.id === 'string' ? s.id : null,
      uses: typeof s.uses === 'string' ? s.uses : null,
      if: s.if,
      with: (s.with ?? {}) as Record<string, unknown>,
    })),
  };
}

/**
 * The jobs of the reusable workflow a job calls, as GitHub runs them: the
 * caller's github and vars contexts, `inputs` from the call's `with:` over
 * the called workflow's `workflow_call` defaults, `secrets` from the call's
 * `secrets:` (or all of the caller's with `inherit`). Only okstra's own
 * reusable workflow is known here: any other call fails loudly.
 */
function calledJobs(path: string, id: string, caller: Json): Job[] {
  const uses = caller.uses as string;
  if (!OKSTRA_REUSABLE.test(uses))
    throw new WorkflowError(`${path}: job ${id} calls ${uses}, which the simulation does not know`);
  const file = join(here, '..', '..', '.github', 'workflows', 'okstra.yml');
  const doc = parse(readFileSync(file, 'utf8')) as Json;
  const call = ((doc.on ?? doc['true']) as Json | undefined)?.workflow_call as Json | undefined;
  if (!call) throw new WorkflowError(`${file} has no workflow_call trigger`);
  const declared = (call.inputs ?? {}) as Record<string, Json>;
  const given = (caller.with ?? {}) as Record<string, unknown>;
  const unknownInput = Object.keys(given).find((k) => !(k in declared));
  if (unknownInput !== undefined)
    throw new WorkflowError(`${path}: job ${id} passes the input ${unknownInput}, which ${uses} does not declare`);
  const scope = (ctx: ExprContexts): ExprContexts => {
    const inputs: Record<string, ExprValue> = {};
    for (const [name, d] of Object.entries(declared)) {
      const value = name in given ? interpolate(given[name], ctx) : ((d.default ?? null) as ExprValue);
      inputs[name] = d.type === 'boolean' && typeof value === 'string' ? value === 'true' : value;
    }
    // Secrets only where the caller's are known (a job's steps); a run's title and group never read them.
    if (ctx.secrets === undefined) return { ...ctx, inputs };
    const callerSecrets = ctx.secrets as Record<string, ExprValue>;
    const secrets: Record<string, ExprValue> =
      caller.secrets === 'inherit'
        ? { ...callerSecrets }
        : {
            ...Object.fromEntries(
              Object.entries((caller.secrets ?? {}) as Record<string, unknown>).map(([k, v]) => [
                k,
                interpolate(v, ctx),
              ]),
            ),
            ...(callerSecrets.GITHUB_TOKEN !== undefined ? { GITHUB_TOKEN: callerSecrets.GITHUB_TOKEN } : {}),
          };
    return { ...ctx, inputs, secrets };
  };
  return Object.entries((doc.jobs ?? {}) as Record<string, Json>).map(([calledId, j]) => ({
    ...jobOf(`${id} / ${calledId}`, j),
    call: { if: caller.if, scope },
  }));
}

/** `okstra/okstra/.github/workflows/okstra.yml@<ref>`: okstra's reusable workflow, this checkout's. */
const OKSTRA_REUSABLE = /^okstra\/okstra\/\.github\/workflows\/okstra\.yml@[A-Za-z0-9._/-]+$/;

/** The contexts a job's own expressions read: the run's, or those its call makes of them. */
export function jobContexts(job: Job, contexts: ExprContexts): ExprContexts {
  return job.call ? job.call.scope(contexts) : contexts;
}

export function parseWorkflow(path: string, text: string): Workflow {
  let doc: Json;
  try {
    doc = parse(text) as Json;
  } catch (error) {
    throw new WorkflowError(`${path} is not valid YAML: ${(error as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null) throw new WorkflowError(`${path} is empty`);
  const rawOn = doc.on ?? doc['true'];
  const on = new Map<string, string[] | null>();
  let dispatchInputs: Record<string, InputDecl> = {};
  if (typeof rawOn === 'string') on.set(rawOn, null);
  else if (Array.isArray(rawOn)) for (const e of rawOn) on.set(String(e), null);
  else if (rawOn && typeof rawOn === 'object')
    for (const [event, cfg] of Object.entries(rawOn as Json)) {
      const types = (cfg as Json | null)?.types;
      on.set(event, Array.isArray(types) ? types.map(String) : typeof types === 'string' ? [types] : null);
      if (event === 'workflow_dispatch')
        dispatchInputs = Object.fromEntries(
          Object.entries(((cfg as Json | null)?.inputs ?? {}) as Record<string, Json | null>).map(([name, d]) => [
            name,
            {
              type: String(d?.type ?? 'string'),
              required: d?.required === true,
              default: d?.default,
              options: Array.isArray(d?.options) ? d.options.map(String) : null,
            },
          ]),
        );
    }
  const jobs = Object.entries((doc.jobs ?? {}) as Record<string, Json>).flatMap(([id, j]): Job[] =>
    typeof j.uses === 'string' ? calledJobs(path, id, j) : [jobOf(id, j)],
  );
  const file = path.split('/').at(-1) ?? path;
  return {
    file,
    path,
    name: typeof doc.name === 'string' ? doc.name : path,
    runName: typeof doc['run-name'] === 'string' ? doc['run-name'] : null,
    on,
    dispatchInputs,
    concurrency: concurrencyOf(doc.concurrency),
    jobs,
  };
}

/** Whether the workflow runs for `event` with this action (`types:` filter). */
export function triggeredBy(w: Workflow, event: string, action: string | null): boolean {
  if (!w.on.has(event)) return false;
  const types = w.on.get(event) ?? null;
  return types === null || action === null || types.includes(action);
}

/**
 * The inputs of a dispatch, as GitHub checks and completes them: an input
 * the workflow does not declare, a missing required one or a choice out of
 * its options is refused (the messages are GitHub's); declared defaults fill
 * the rest. `context` is the `inputs` context (booleans and numbers typed),
 * `event` the payload's `inputs` (strings).
 */
export function dispatchInputs(
  w: Workflow,
  given: Record<string, unknown>,
): { ok: true; context: Record<string, ExprValue>; event: Record<string, string> } | { ok: false; message: string } {
  const unexpected = Object.keys(given).filter((k) => !(k in w.dispatchInputs));
  if (unexpected.length > 0) return { ok: false, message: `Unexpected inputs provided: ${JSON.stringify(unexpected)}` };
  const context: Record<string, ExprValue> = {};
  const event: Record<string, string> = {};
  for (const [name, d] of Object.entries(w.dispatchInputs)) {
    const raw = given[name] ?? d.default;
    if (raw === undefined || raw === null || raw === '') {
      if (d.required) return { ok: false, message: `Required input '${name}' not provided` };
    }
    const text = raw === undefined || raw === null ? '' : String(raw);
    if (d.type === 'choice' && d.options && text !== '' && !d.options.includes(text))
      return { ok: false, message: `Provided value '${text}' for input '${name}' not in the list of allowed values` };
    if (d.type === 'boolean' && text !== '' && text !== 'true' && text !== 'false')
      return { ok: false, message: `Provided value '${text}' for input '${name}' is not a boolean` };
    context[name] = d.type === 'boolean' ? text === 'true' : d.type === 'number' && text !== '' ? Number(text) : text;
    event[name] = text;
  }
  return { ok: true, context, event };
}

let actionDefaults: Record<string, unknown> | undefined;

/** The defaults action.yml declares, which the runner sets for every input a step's `with:` leaves out. */
function okstraActionDefaults(): Record<string, unknown> {
  if (actionDefaults) return actionDefaults;
  const doc = parse(readFileSync(join(here, '..', '..', 'action.yml'), 'utf8')) as { inputs?: Record<string, Json> };
  actionDefaults = Object.fromEntries(
    Object.entries(doc.inputs ?? {})
      .filter(([, d]) => d.default !== undefined)
      .map(([name, d]) => [name, d.default]),
  );
  return actionDefaults;
}

/** `okstra/okstra@<anything>`, and a local checkout of the action (`./`). */
export const isOkstraStep = (s: Step): boolean =>
  s.uses !== null && (/^okstra\/okstra(@|$)/.test(s.uses) || s.uses === './');

export interface SelectedJob {
  job: Job;
  /** What the simulation did not evaluate and why (e.g. an `if:` it cannot read), for the timeline. */
  notes: string[];
}

/**
 * The job a run executes: the first job with an okstra step whose `if:`
 * holds. A job `if:` the evaluator cannot read is ignored (the job runs)
 * and noted, since it only ever narrows when a job runs, never what it does.
 */
export function selectJob(w: Workflow, contexts: ExprContexts): SelectedJob | null {
  const notes: string[] = [];
  for (const job of w.jobs) {
    if (!job.steps.some(isOkstraStep)) continue;
    try {
      if (job.call && !condition(job.call.if, contexts)) continue;
      if (!condition(job.if, jobContexts(job, contexts))) continue;
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      notes.push(`job ${job.id}: its if: was not evaluated (${error.message}); the job runs`);
    }
    return { job, notes };
  }
  return null;
}

/**
 * An okstra step's inputs as the runner sets them: its `with:` evaluated
 * (a value the evaluator cannot read throws: okstra must not run with a
 * guessed input), and action.yml's defaults for what it leaves out.
 */
export function stepInputs(step: Step, contexts: ExprContexts): Record<string, string> {
  const raw: Record<string, unknown> = { ...okstraActionDefaults(), ...step.with };
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, toText(interpolate(value, contexts))]));
}

/** `run-name` with the run's contexts written in; GitHub shows the workflow's name when there is none. */
export function displayTitle(w: Workflow, contexts: ExprContexts): string {
  return w.runName === null ? w.name : toText(interpolate(w.runName, contexts));
}

export function concurrencyOfRun(
  c: Concurrency | null,
  contexts: ExprContexts,
): { group: string; cancelInProgress: boolean } | null {
  if (!c) return null;
  return {
    group: toText(interpolate(c.group, contexts)),
    cancelInProgress: toText(interpolate(c.cancelInProgress, contexts)) === 'true',
  };
}
