import { gitBlobId } from '../core/git-object-id.js';
import { parsePlan } from '../core/plan/index.js';
import type { Diagnostic } from '../core/diagnostics.js';
import type { Plan } from '../core/plan/types.js';
import type { RemoteRefs } from '../git/remote-refs.js';

/**
 * Plans are read from the commit the trigger names (`plan-ref`, else the checkout's HEAD),
 * through git rather than the work tree, so the plan a run records is
 * exactly the committed one even if an earlier step edited files.
 */

export type PlanRead =
  | { ok: true; plan: Plan; path: string; blob: string; text: string; warnings: Diagnostic[] }
  | { ok: false; path: string; errors: Diagnostic[]; message: string };

export async function readPlanAt(refs: RemoteRefs, commit: string, path: string): Promise<PlanRead> {
  const clean = path.replace(/^(?:\.\/)+/, '');
  const text = (await refs.readFiles(commit, [clean]))[clean] ?? null;
  if (text === null)
    return {
      ok: false,
      path: clean,
      errors: [],
      message: `the plan ${clean} is not in commit ${commit.slice(0, 12)} (plans are read from the plan-ref input's commit, else the commit the workflow checked out)`,
    };
  const result = parsePlan(text, { path: clean });
  if (result.errors.length > 0 || !result.plan) {
    return {
      ok: false,
      path: clean,
      errors: result.errors,
      message: `${clean} is not a valid plan (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`,
    };
  }
  return { ok: true, plan: result.plan, path: clean, blob: gitBlobId(text), text, warnings: result.warnings };
}

/** The Markdown files directly in the plans folder at a commit. */
export async function planFilesAt(refs: RemoteRefs, commit: string, plansDir: string): Promise<string[]> {
  return (await refs.listFiles(commit, plansDir)).filter((f) => f.endsWith('.md')).sort();
}
