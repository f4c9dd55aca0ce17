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

export function planBranchName(planId: string): string {
  return `okstra/${planId}/plan`;
}

/** Where a plan's file goes in the repository: `<plansDir>/<planId>.md`, whatever slashes end the folder. */
export function planFilePath(plansDir: string, planId: string): string {
  return `${plansDir.replace(/\/+$/, '')}/${planId}.md`;
}

/** The plan id of a plan pull request's head branch (`okstra/<plan-id>/plan`), or null. */
export function planIdOfPlanBranch(branch: string): string | null {
  const m = /^okstra\/([^/]+)\/plan$/.exec(branch);
  return m && m[1] && planIdProblem(m[1]) === null ? m[1] : null;
}

/**
 * A plan id made from free text (a goal's first line, an issue title):
 * lower-case words joined by "-", at most `max` characters, cut at a word,
 * with `prefix` (e.g. `issue-12`) first. Null when nothing usable is left.
 */
export function planIdFromText(text: string, prefix = '', max = 50): string | null {
  const words = text
    .normalize('NFKD')
    // Accents become combining marks under NFKD; drop them so "é" reads "e", not "e-".
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let id = prefix;
  for (const word of words) {
    const next = id === '' ? word : `${id}-${word}`;
    if (next.length > max) break;
    id = next;
  }
  if (id === '' && words[0]) id = words[0].slice(0, max);
  return id !== '' && planIdProblem(id) === null ? id : null;
}

/** Where a plan's final head lives: the single sink's done head, or the merge of every sink's. */
export function planFinalBranchName(planId: string): string {
  return `okstra/${planId}/final`;
}

/** Runs that belong to the plan rather than to one stage. */
export type PlanRunKind = 'plan' | 'final' | 'handoff';

/** The last part of a run id: `s<N>` for a stage's run, the kind for a plan-level one. */
export function runIdSuffix(what: number | PlanRunKind): string {
  return typeof what === 'number' ? `s${what}` : what;
}

/** The workflow run a GitHub stage run id (`gh-<workflow run id>-<attempt>-s<stage>`) names, or null for run ids from elsewhere (the CLI). */
export function workflowRunOf(runId: string): number | null {
  const m = /^gh-([0-9]+)-[0-9]+-s[0-9]+$/.exec(runId);
  return m ? Number(m[1]) : null;
}
