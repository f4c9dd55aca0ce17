/**
 * Identifier rules shared by plans, runs and branches. Plan ids and run ids
 * end up in git ref names and file paths, so they are checked before use.
 */
export const PLAN_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/;
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Why `id` is not a safe plan id, or null when it is. */
export function planIdProblem(id: string): string | null {
  if (!PLAN_ID_PATTERN.test(id)) {
    return `plan id "${id}" must match [a-z0-9][a-z0-9._-]{0,62} (lower-case letters, digits, ".", "_", "-"; at most 63 characters)`;
  }
  return refComponentProblem(id, 'plan id');
}

export function runIdProblem(id: string): string | null {
  if (!RUN_ID_PATTERN.test(id)) {
    return `run id "${id}" must match [A-Za-z0-9][A-Za-z0-9._-]{0,99}`;
  }
  return refComponentProblem(id, 'run id');
}

/** The parts of git's check-ref-format rules that the allowed characters can still break. */
function refComponentProblem(id: string, what: string): string | null {
  if (id.includes('..')) return `${what} "${id}" must not contain ".." (not a valid git ref component)`;
  if (id.endsWith('.lock')) return `${what} "${id}" must not end with ".lock" (not a valid git ref component)`;
  if (id.endsWith('.')) return `${what} "${id}" must not end with "." (not a valid git ref component)`;
  return null;
}

export function stageBranchName(planId: string, stage: number): string {
  return `okstra/${planId}/stage-${stage}`;
}
