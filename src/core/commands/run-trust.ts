/**
 * Which finished workflow runs the bot may act on. A `workflow_run` event
 * comes for every run of every workflow, including runs of a fork's pull
 * request and runs of branches that carry their own copy of a workflow
 * file; any of them can carry a title that names okstra's check runs. The
 * bot dispatches its runs itself, on the default branch of this repository,
 * so only runs that could be those are believed; everything here is read
 * from the payload, so an untrusted run costs no request.
 */

/** Events okstra's runs come from: the bot's dispatches, and the Action's scheduled sweep. */
export const TRUSTED_RUN_EVENTS = ['workflow_dispatch', 'schedule'] as const;

export interface RunOrigin {
  /** `workflow_run.event`. */
  event: string;
  /** `workflow_run.head_branch` (null for a run of a tag or a deleted branch). */
  headBranch: string | null;
  /** `workflow_run.head_repository` (null when GitHub no longer knows it, e.g. a deleted fork). */
  headRepository: { id: number; fullName: string } | null;
  /** The repository the event is delivered for. */
  repository: { id: number; fullName: string; defaultBranch: string };
}

/** Why a finished run is not one of okstra's own, or null when it may be. */
export function untrustedRunReason(run: RunOrigin): string | null {
  if (!(TRUSTED_RUN_EVENTS as readonly string[]).includes(run.event))
    return `its event is ${run.event}, not ${TRUSTED_RUN_EVENTS.join(' or ')}`;
  const head = run.headRepository;
  if (head === null) return 'its head repository is unknown';
  if (head.id !== run.repository.id || head.fullName.toLowerCase() !== run.repository.fullName.toLowerCase())
    return `its head repository is ${head.fullName}, not ${run.repository.fullName}`;
  if (run.headBranch !== run.repository.defaultBranch)
    return `it ran on ${run.headBranch === null ? 'no branch' : `the branch ${run.headBranch}`}, not the default branch ${run.repository.defaultBranch}`;
  return null;
}
