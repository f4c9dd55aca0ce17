import { ProbotOctokit } from 'probot';
import { notificationsThroughWritePacer, processWritePacer } from '../../src/github/write-pacer.js';

type ProbotOctokitOptions = NonNullable<ConstructorParameters<typeof ProbotOctokit>[0]>;

/**
 * Probot's Octokit with okstra's write pacing (src/core/write-pacing.ts) in
 * place of the throttling plugin's one write a second: a finished stage's
 * checks and dispatches for the stages it made ready go out together. Keyed
 * per installation by Probot (the throttle's `id`), as GitHub counts them.
 */
export function withOkstraWritePacing(options: ProbotOctokitOptions): ProbotOctokitOptions {
  // A cast: the throttle's type asks for the limit handlers, which ProbotOctokit's own defaults add after this.
  return {
    ...options,
    throttle: {
      ...options.throttle,
      write: processWritePacer.asGroup(),
      notifications: notificationsThroughWritePacer,
    },
  } as ProbotOctokitOptions;
}

export const OkstraProbotOctokit = ProbotOctokit.defaults((options: ProbotOctokitOptions) =>
  withOkstraWritePacing(options),
);
