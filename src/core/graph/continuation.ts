/**
 * Whether a stage job that just recorded its stage `done` runs the next
 * ready stage itself instead of dispatching it (config `bot.continueInJob`,
 * the no-server mode's `dispatch-next`). A new workflow run costs a runner
 * pickup, a checkout, the CLI cache and okstra's start before its claim;
 * the job that recorded the dependency has all of that already. The other
 * ready stages are dispatched as before, each in its own run.
 */
export interface ContinuationFacts {
  /** The stages the stage run made ready, in the plan's order (runFollowUps). */
  ready: readonly number[];
  /** `bot.continueInJob`. */
  enabled: boolean;
  /**
   * The run was started with an executor, verifiers or models of its own (`/okstra stage 2 --executor codex`):
   * those were asked for its stage, not the next, which a dispatch would run with the config's roster.
   */
  overrides: boolean;
  /** Since the okstra step started. */
  elapsedMinutes: number;
  /** The job's time limit (`timeout-minutes`; GitHub's default for a job when it is not given). */
  jobLimitMinutes: number;
  /** `leaseMinutes`: how long a stage run may hold its claim, the longest a stage is expected to take. */
  leaseMinutes: number;
}

export type Continuation = { kind: 'continue'; stage: number } | { kind: 'dispatch'; reason: string };

/** GitHub's limit for a job that sets no `timeout-minutes`. */
export const DEFAULT_JOB_LIMIT_MINUTES = 360;

/**
 * What ran before the okstra step (checkout, cache restore, sign-in) and
 * what comes after it (the post steps), which the step cannot time.
 */
export const JOB_MARGIN_MINUTES = 5;

export function continueInJob(f: ContinuationFacts): Continuation {
  const [first] = f.ready;
  if (first === undefined) return { kind: 'dispatch', reason: 'no stage became ready' };
  if (!f.enabled) return { kind: 'dispatch', reason: '`bot.continueInJob` is off' };
  if (f.overrides)
    return {
      kind: 'dispatch',
      reason: 'this run was started with its own executor, verifiers or models, which were asked for its stage only',
    };
  const left = f.jobLimitMinutes - JOB_MARGIN_MINUTES - f.elapsedMinutes;
  if (left < f.leaseMinutes)
    return {
      kind: 'dispatch',
      reason: `${Math.max(0, Math.floor(left))} min left in this job, less than a stage's ${f.leaseMinutes}-min claim lease`,
    };
  return { kind: 'continue', stage: first };
}
