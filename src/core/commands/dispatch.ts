import { parseDocument } from 'yaml';
import { packRequest, REQUEST_FIELDS, unpackRequest, type RequestField } from './request.js';
import type { LaunchMode } from './select.js';

/**
 * The bot → Action contract: the `workflow_dispatch` inputs of the okstra
 * workflow, and the `run-name` line through which a finished workflow run
 * tells the bot which pull request and check runs it was started for
 * (GitHub does not echo dispatch inputs in `workflow_run` events, and the
 * dispatch call itself returns no run id on every GitHub version).
 */

/**
 * The okstra workflow's `workflow_dispatch` inputs: the ones a person sets
 * by hand, and `request`, everything okstra sets itself as versioned JSON
 * (request.ts). Ten, the most some GitHub Enterprise Server versions take.
 */
export const DISPATCH_INPUTS = [
  'mode',
  'plan',
  'stage',
  'stages',
  'executor',
  'verifiers',
  'models',
  'issue',
  'goal',
  'request',
] as const;
export type DispatchInputName = (typeof DISPATCH_INPUTS)[number];

/**
 * The wire form of a launch: the flat inputs (the Action's input names) a
 * launch decided on, with everything okstra sets itself packed into
 * `request`. Every dispatch — the bot's, the event job's, a done stage's —
 * goes through here, so they all send the same contract.
 */
export function toContract(flat: Readonly<Record<string, string>>): Record<string, string> {
  const inputs: Record<string, string> = {};
  const packed: Partial<Record<RequestField, string>> = {};
  for (const [name, value] of Object.entries(flat)) {
    if ((REQUEST_FIELDS as readonly string[]).includes(name)) packed[name as RequestField] = value;
    else if ((DISPATCH_INPUTS as readonly string[]).includes(name) && name !== 'request') inputs[name] = value;
    else throw new Error(`refusing to dispatch: ${name} is not part of the dispatch contract`);
  }
  return { ...inputs, request: packRequest(packed) };
}

/** `dispatch`: okstra continuing a plan by itself when a stage ended `done`. */
export type LaunchTrigger = 'label' | 'comment' | 'rerequest' | 'dispatch';

export interface DispatchRequest {
  /** `reconcile`: a done stage whose branch moved (one stage, as `stage`). */
  mode: LaunchMode;
  /** Repository path of the plan file. */
  planPath: string;
  /**
   * The commit to read the plan from (the pull request's head when the
   * pull request adds or changes the plan), or null for the commit the
   * workflow checks out (the default branch).
   */
  planRef: string | null;
  /** The stage (modes stage and reconcile) or the stages in chain order (mode chain). */
  stages: readonly number[];
  /** Mode reconcile only: put the branch back at the recorded head instead of re-verifying it. */
  reset?: boolean;
  /** Mode stage only (a fix run): replay the failed stage's branch onto the stage's current base first. */
  rebase?: boolean;
  /** The pull request to report to; null for a stage the scheduled sweep dispatches (it reports on its own check). */
  prNumber: number | null;
  executor: string | null;
  verifiers: readonly string[] | null;
  models: Readonly<Record<string, string>>;
  /** The queued check run the bot created for each stage. */
  checkRunIds: ReadonlyMap<number, number>;
  trigger: LaunchTrigger;
  actor: string;
}

/** Repository paths okstra passes on: no spaces, quotes or shell characters, no `..`. */
const SAFE_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/-]{1,255}$/;
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;
const NAME = /^[a-z][a-z0-9-]{0,30}$/;
const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/;
const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function isSafeRepoPath(path: string): boolean {
  return SAFE_PATH.test(path);
}

/** A GitHub login as the API spells it (an App's account ends in `[bot]`). */
export function isGitHubLogin(login: string): boolean {
  return LOGIN.test(login);
}

/**
 * The workflow inputs for a launch, every value re-checked here: whatever
 * path led to this call, nothing unvalidated reaches the workflow. Empty
 * inputs are left out so the workflow's defaults apply.
 */
export function dispatchInputs(r: DispatchRequest): Record<string, string> {
  const fail = (what: string): never => {
    throw new Error(`refusing to dispatch: ${what}`);
  };
  if (!SAFE_PATH.test(r.planPath)) fail(`unsafe plan path ${JSON.stringify(r.planPath)}`);
  if (r.planRef !== null && !COMMIT_SHA.test(r.planRef)) fail(`bad plan commit ${JSON.stringify(r.planRef)}`);
  if (!LOGIN.test(r.actor)) fail(`unexpected actor ${JSON.stringify(r.actor)}`);
  if (r.prNumber !== null && (!Number.isSafeInteger(r.prNumber) || r.prNumber < 1))
    fail(`bad pull request number ${r.prNumber}`);
  if (r.stages.length === 0 || r.stages.some((n) => !Number.isSafeInteger(n) || n < 1))
    fail(`bad stages ${JSON.stringify(r.stages)}`);
  const single = r.mode === 'stage' || r.mode === 'reconcile';
  if (single && r.stages.length !== 1) fail(`mode ${r.mode} runs exactly one stage`);
  if (r.reset === true && r.mode !== 'reconcile') fail(`reset is for mode reconcile, not ${r.mode}`);
  if (r.rebase === true && r.mode !== 'stage') fail(`rebase is for a fix run in mode stage, not ${r.mode}`);
  // Without a pull request there is no queued check: the run creates its own on the commit it runs at.
  if (r.prNumber === null && r.checkRunIds.size > 0) fail('check runs without a pull request');
  for (const n of r.prNumber === null ? [] : r.stages) {
    const id = r.checkRunIds.get(n);
    if (id === undefined || !Number.isSafeInteger(id) || id < 1) fail(`no check run for stage ${n}`);
  }
  if (r.executor !== null && !NAME.test(r.executor)) fail(`bad executor ${JSON.stringify(r.executor)}`);
  if (r.verifiers !== null && (r.verifiers.length === 0 || r.verifiers.some((v) => !NAME.test(v))))
    fail(`bad verifiers ${JSON.stringify(r.verifiers)}`);
  for (const [p, m] of Object.entries(r.models))
    if (!NAME.test(p) || !MODEL.test(m)) fail(`bad model choice ${JSON.stringify(`${p}=${m}`)}`);

  const first = r.stages[0] as number;
  const inputs: Record<string, string> = {
    mode: r.mode,
    plan: r.planPath,
    ...(r.planRef !== null ? { 'plan-ref': r.planRef } : {}),
    ...(single ? { stage: String(first) } : { stages: r.stages.join(',') }),
    ...(r.prNumber !== null ? { 'pr-number': String(r.prNumber) } : {}),
    ...(r.executor !== null ? { executor: r.executor } : {}),
    ...(r.verifiers !== null ? { verifiers: r.verifiers.join(',') } : {}),
    ...(Object.keys(r.models).length > 0
      ? {
          models: Object.entries(r.models)
            .map(([p, m]) => `${p}=${m}`)
            .join(','),
        }
      : {}),
    ...(r.prNumber === null
      ? {}
      : {
          'check-run-id': single
            ? String(r.checkRunIds.get(first))
            : JSON.stringify(Object.fromEntries(r.stages.map((n) => [String(n), r.checkRunIds.get(n)]))),
        }),
    trigger: r.trigger,
    actor: r.actor,
    ...(r.reset === true ? { reset: 'true' } : {}),
    ...(r.rebase === true ? { rebase: 'true' } : {}),
  };
  return toContract(inputs);
}

/**
 * The `run-name` the okstra workflow must carry (docs/action.md): the
 * request names the pull request and check runs a run was started for.
 */
export const REQUIRED_RUN_NAME = 'okstra ${{ inputs.plan }} · ${{ inputs.request }}';

const RUN_NAME_REQUEST = /\$\{\{\s*inputs\.request\s*\}\}/;

/**
 * What keeps okstra from dispatching this workflow, or an empty list: it
 * must run on `workflow_dispatch`, declare every input of the contract,
 * offer `mode` (the mode of the dispatch at hand) when its `mode` input is
 * a choice, and carry a `run-name` with the request in it, so that the bot
 * can complete exactly its checks when the run ends.
 */
export function workflowProblems(text: string, mode?: string): string[] {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0)
    return [`it is not valid YAML (${doc.errors[0]?.message.split('\n')[0] ?? 'parse error'})`];
  const root: unknown = doc.toJS();
  if (typeof root !== 'object' || root === null) return ['it is empty'];
  const problems: string[] = [];
  const dispatch = dispatchTrigger((root as Record<string, unknown>).on ?? (root as Record<string, unknown>)['true']);
  if (dispatch === undefined) problems.push('it has no `workflow_dispatch` trigger');
  else {
    const declared =
      typeof dispatch === 'object' && dispatch !== null && 'inputs' in dispatch
        ? Object.keys(((dispatch as { inputs?: unknown }).inputs ?? {}) as object)
        : [];
    const missing = DISPATCH_INPUTS.filter((n) => !declared.includes(n));
    if (missing.length > 0)
      problems.push(
        `its \`workflow_dispatch\` does not declare the input${missing.length === 1 ? '' : 's'} ${missing.map((m) => `\`${m}\``).join(', ')} of okstra's dispatch contract (docs/action.md; \`okstra init --force\` writes the current workflow)`,
      );
    const modes = modeOptions(dispatch);
    if (mode !== undefined && modes !== null && !modes.includes(mode))
      problems.push(
        `its \`mode\` input offers ${modes.map((m) => `\`${m}\``).join(', ')} but not \`${mode}\` (add \`${mode}\` to its \`options\`)`,
      );
  }
  const runName = (root as Record<string, unknown>)['run-name'];
  if (typeof runName !== 'string' || !RUN_NAME_REQUEST.test(runName)) {
    problems.push(`its \`run-name\` must carry the request, e.g. \`run-name: "${REQUIRED_RUN_NAME}"\``);
  }
  return problems;
}

/** The `workflow_dispatch` trigger's settings (`{}` when bare), or undefined when the workflow has none. */
function dispatchTrigger(on: unknown): unknown {
  if (typeof on === 'string') return on === 'workflow_dispatch' ? {} : undefined;
  if (Array.isArray(on)) return on.includes('workflow_dispatch') ? {} : undefined;
  if (typeof on === 'object' && on !== null && 'workflow_dispatch' in on)
    return (on as Record<string, unknown>).workflow_dispatch ?? {};
  return undefined;
}

/** The choices of the workflow's `mode` input, or null when it is not a choice (any mode goes). */
function modeOptions(dispatch: unknown): string[] | null {
  if (typeof dispatch !== 'object' || dispatch === null) return null;
  const inputs = (dispatch as { inputs?: unknown }).inputs;
  if (typeof inputs !== 'object' || inputs === null) return null;
  const mode = (inputs as Record<string, unknown>).mode;
  if (typeof mode !== 'object' || mode === null) return null;
  const options = (mode as { options?: unknown }).options;
  return Array.isArray(options) ? options.map(String) : null;
}

/**
 * The pull request and check run ids a workflow run's title (its rendered
 * `run-name`) names, or null when it names none: a scheduled or hand-made
 * run, which owns no bot check. The request is the title's last part.
 */
export function parseRunTitle(title: string): { prNumber: number; checkRunIds: number[] } | null {
  const at = title.indexOf('{"v":');
  // A run an okstra before the request started (`pr 7 · checks 123`) still finds its checks after an upgrade.
  if (at < 0) return parseOldRunTitle(title);
  const request = unpackRequest(title.slice(at));
  if (!request.ok) return null;
  const pr = request.fields['pr-number'];
  const checks = request.fields['check-run-id'];
  if (pr === undefined || checks === undefined) return null;
  const ids = /^[0-9]+$/.test(checks) ? [Number(checks)] : Object.values(JSON.parse(checks) as Record<string, number>);
  return { prNumber: Number(pr), checkRunIds: ids };
}

const OLD_TITLE = /^.*\bpr #?([1-9][0-9]{0,9})\b.*?\bchecks ([1-9][0-9]{0,15}|\{[^{}]{1,2000}\})/s;

function parseOldRunTitle(title: string): { prNumber: number; checkRunIds: number[] } | null {
  const m = OLD_TITLE.exec(title);
  if (!m) return null;
  const raw = m[2] as string;
  if (/^[0-9]+$/.test(raw)) return { prNumber: Number(m[1]), checkRunIds: [Number(raw)] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const ids = Object.entries((json ?? {}) as Record<string, unknown>);
  if (
    ids.length === 0 ||
    ids.some(([k, v]) => !/^[1-9][0-9]*$/.test(k) || typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
  )
    return null;
  return { prNumber: Number(m[1]), checkRunIds: ids.map(([, v]) => v as number) };
}
