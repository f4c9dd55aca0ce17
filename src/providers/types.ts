import type { AgentLease } from '../sandbox/sandbox.js';
import type { DispatchSummary, Gateway } from '../sandbox/gateway/index.js';
import type { OpenedFiles } from './opened-files.js';
import type { ActivityEvent } from './activity.js';
import type { ProviderCause } from '../core/verdict/availability.js';

export type { OpenedFiles } from './opened-files.js';

/**
 * The provider port: how the engine asks one agent CLI (or any program) to do
 * one piece of work. Every dispatch is a fresh process and a fresh session.
 */
export type WorkerRole =
  'executor' | 'verifier' | 'reverify' | 'critic' | 'planner' | 'plan-reviewer' | 'final-verifier';

export type ProviderKind = 'claude' | 'codex' | 'gemini' | 'copilot' | 'command';

export interface DispatchUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  /** Only when the CLI reports a cost; never estimated. */
  costUsd?: number;
  /** Every request was billed to a plan's subscription (metered by the gateway). */
  billing?: 'subscription';
}

export interface DispatchRequest {
  /** Roster name, e.g. `Codex worker`. */
  worker: string;
  role: WorkerRole;
  prompt: string;
  /** The worktree the worker runs in; also its process cwd. */
  cwd: string;
  model: string | null;
  /** Every role but the executor runs read-only. */
  readOnly: boolean;
  timeoutMs: number;
  /** Extra environment for this provider's process only (its own credentials, base URL). */
  env: Record<string, string>;
  context: { planId: string; stage: number; runId: string };
  signal?: AbortSignal;
  /**
   * The identity the worker's process runs as (src/sandbox). The engine
   * leases it and gives the executor's worktree to it; absent: okstra's own
   * user (provider unit tests).
   */
  lease?: AgentLease;
  /**
   * The run's model gateway: the provider opens a route for this dispatch and
   * gives the CLI its per-dispatch credential and base URL, never the real key.
   * Absent: the real key goes to the CLI (provider unit tests only).
   */
  gateway?: Pick<Gateway, 'open'>;
  /** Told each event the worker's CLI prints while it runs (src/providers/activity.ts), for live progress only. */
  onActivity?: (event: ActivityEvent) => void;
}

export interface DispatchResult {
  status: 'done' | 'error' | 'timeout' | 'budget-exceeded';
  /** The worker's final message (where the output contracts live). */
  finalText: string;
  sessionId: string | null;
  usage: DispatchUsage | null;
  durationMs: number;
  exitCode: number | null;
  /** The last lines of stderr, for the report when something went wrong. */
  stderrTail: string;
  /** A one-line explanation when status is not `done`. */
  errorMessage?: string;
  /**
   * Why the provider could not even start the work (its CLI is missing, it has no key): an outage, which a
   * fallback vendor may take over (src/core/verdict/availability.ts). Absent when the CLI ran.
   */
  cause?: ProviderCause;
  /** What the gateway saw of this dispatch: every request, metered usage, a budget refusal, the final upstream error. */
  metering?: DispatchSummary;
  /**
   * What the session opened, from the CLI's own tool events (src/providers/opened-files.ts
   * says what counts), or `self-reported` where the CLI prints none (the Command
   * provider) or its stream was cut. Absent: the provider did not say (stand-ins).
   */
  opened?: OpenedFiles;
}

export interface Provider {
  readonly kind: ProviderKind;
  /** The roster name this provider's worker gets, fixed per provider. */
  readonly rosterName: string;
  /** The model used when the run does not choose one. */
  readonly defaultModel: string | null;
  run(request: DispatchRequest): Promise<DispatchResult>;
}
