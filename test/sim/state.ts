/**
 * What the simulated GitHub remembers between requests: check runs,
 * comments and their reactions, pull requests, labels, reviews, issues,
 * collaborator permissions, tokens and workflow runs. Plain data; the
 * routes (routes.ts) read and change it, the runner (runner.ts) moves runs
 * through their states. Git content is not here: it is the bare repository.
 */
import type { Workflow } from './workflow.js';
import type { ExprValue } from './expressions.js';

export interface Account {
  login: string;
  id: number;
  type: 'User' | 'Bot';
}

export const APP_ACCOUNT: Account = { login: 'okstra[bot]', id: 41898282 + 1, type: 'Bot' };
export const ACTIONS_ACCOUNT: Account = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };

/** Who a token acts as: the okstra App's installation, or one workflow run's GITHUB_TOKEN. */
export type TokenOwner = { kind: 'app'; account: Account } | { kind: 'actions'; account: Account; runId: number };

export interface SimCheck {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  details_url: string | null;
  external_id: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  /** Every annotation sent, accumulated across updates as the Checks API does. */
  annotations: unknown[];
  actions: unknown[];
  /** Which app created it: only that app may update it. */
  app: 'okstra' | 'github-actions';
  suiteId: number;
  /** Its status and conclusion as created and after each update that changed them: how a test sees it was queued first. */
  history: Array<{ status: string; conclusion: string | null }>;
}

export interface SimReaction {
  id: number;
  content: string;
  user: Account;
}

export interface SimComment {
  id: number;
  issue: number;
  body: string;
  user: Account;
  created_at: string;
  updated_at: string;
  reactions: SimReaction[];
}

export interface SimReview {
  id: number;
  pull: number;
  user: Account;
  state: string;
  body: string;
  commit_id: string;
  submitted_at: string;
}

export interface SimPull {
  number: number;
  title: string;
  body: string;
  /** Branch names in the one repository: the head sha is read from the bare repository each time. */
  head: string;
  base: string;
  state: 'open' | 'closed';
  draft: boolean;
  user: Account;
  labels: string[];
  created_at: string;
  /** `owner/name` of the fork the head branch lives in (its commits are in the bare repository, as GitHub keeps a fork's under refs/pull); unset: this repository. */
  fork?: string;
}

export interface SimIssue {
  number: number;
  title: string;
  body: string;
  user: Account;
  labels: string[];
}

export type RunStatus = 'queued' | 'in_progress' | 'completed';

export interface SimRun {
  id: number;
  runNumber: number;
  attempt: number;
  workflow: Workflow;
  event: string;
  /** The event payload the job sees (GITHUB_EVENT_PATH). */
  payload: Record<string, unknown>;
  /** The `inputs` context (dispatch only; empty otherwise). */
  inputs: Record<string, ExprValue>;
  headBranch: string;
  headSha: string;
  displayTitle: string;
  status: RunStatus;
  conclusion: string | null;
  actor: Account;
  concurrency: { group: string; cancelInProgress: boolean } | null;
  /** `holding`: the run owns its group (running, or queued for a runner); `pending`: it waits for the group. */
  groupState: 'holding' | 'pending' | null;
  /** The run's GITHUB_TOKEN: valid from the start of its job until the run completes. */
  token: string;
  cancelRequested: boolean;
  createdAt: string;
  updatedAt: string;
  runStartedAt: string | null;
}

/** A run as a test reads it back: when it was dispatched, started, ended, what it ran with and how it ended. */
export interface TimelineEntry {
  runId: number;
  event: string;
  displayTitle: string;
  concurrencyGroup: string | null;
  /** Milliseconds since the epoch (Date.now()). */
  dispatchedAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** The okstra step's evaluated inputs (null before the job starts, or when the step did not run). */
  inputs: Record<string, string> | null;
  conclusion: string | null;
  /** The main step's exit code (null when no step ran). */
  exitCode: number | null;
  postExitCode: number | null;
  stdout: string;
  stderr: string;
  /** The job summary its steps wrote (GITHUB_STEP_SUMMARY), in step order. */
  summary: string;
  /** What the simulation did not evaluate, or skipped, and why. */
  notes: string[];
}

export class SimState {
  private ids = { check: 5000, comment: 10000, reaction: 20000, review: 30000, run: 7000000, suite: 40000, token: 0 };
  readonly checks = new Map<number, SimCheck>();
  readonly comments = new Map<number, SimComment>();
  readonly pulls = new Map<number, SimPull>();
  readonly issues = new Map<number, SimIssue>();
  readonly reviews = new Map<number, SimReview>();
  readonly runs = new Map<number, SimRun>();
  readonly timeline: TimelineEntry[] = [];
  /** Login → collaborator permission (admin, maintain, write, triage, read). */
  readonly permissions = new Map<string, string>();
  readonly tokens = new Map<string, TokenOwner>();
  private readonly suites = new Map<string, number>();
  private runNumbers = new Map<string, number>();

  next(kind: keyof SimState['ids']): number {
    return ++this.ids[kind];
  }

  suiteFor(app: string, sha: string): number {
    const key = `${app} ${sha}`;
    let id = this.suites.get(key);
    if (id === undefined) this.suites.set(key, (id = this.next('suite')));
    return id;
  }

  nextRunNumber(workflowPath: string): number {
    const n = (this.runNumbers.get(workflowPath) ?? 0) + 1;
    this.runNumbers.set(workflowPath, n);
    return n;
  }

  appToken(): string {
    const token = `ghs_app_${this.next('token')}_${Math.random().toString(36).slice(2, 10)}`;
    this.tokens.set(token, { kind: 'app', account: APP_ACCOUNT });
    return token;
  }

  actionsToken(runId: number): string {
    const token = `ghs_actions_${runId}_${Math.random().toString(36).slice(2, 10)}`;
    this.tokens.set(token, { kind: 'actions', account: ACTIONS_ACCOUNT, runId });
    return token;
  }

  /** Who the request's token acts as; null for no token, an unknown one, or a finished run's GITHUB_TOKEN. */
  ownerOf(authorization: string | undefined): TokenOwner | null {
    const token = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const owner = token ? this.tokens.get(token) : undefined;
    if (!owner) return null;
    if (owner.kind === 'actions' && this.runs.get(owner.runId)?.status === 'completed') return null;
    return owner;
  }

  timelineOf(runId: number): TimelineEntry {
    const t = this.timeline.find((e) => e.runId === runId);
    if (!t) throw new Error(`no timeline entry for run ${runId}`);
    return t;
  }
}
