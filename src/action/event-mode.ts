import type { GitHubClient } from '../github/client.js';
import { timed } from '../process/timings.js';
import { handleEvent, isTriggerEvent, type EventKey, type EventRepository } from '../triggers/events.js';
import type { RunnerContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import type { ActionIo } from './io.js';
import { actionTriggerDeps } from './trigger-deps.js';

/**
 * `mode: event`, the no-server mode's event job: the workflow's own event
 * goes through the route table the okstra App uses (src/triggers/events.ts)
 * with the job's `GITHUB_TOKEN`, so a team needs no App and no server. The
 * job holds no model key and no checkout: it reads everything through the
 * API and only dispatches the stage runs.
 */
export async function eventMode(
  io: ActionIo,
  inputs: ActionInputs,
  ctx: RunnerContext,
  payload: unknown,
  client: (token: string) => GitHubClient,
): Promise<void> {
  const key = eventKey(ctx.event.name, ctx.event.action);
  if (key === null || key === 'workflow_run.completed') {
    // Not an error: a workflow may list more events than okstra acts on, and GitHub sends every action of one.
    io.info(
      `okstra: ${ctx.event.name}${ctx.event.action ? ` (${ctx.event.action})` : ''} is not an event okstra acts on in mode event; nothing to do`,
    );
    return;
  }
  if (!inputs.githubToken) {
    io.setFailed(
      "okstra: mode event needs `github-token` (the job's `${{ github.token }}` with `actions: write`, `checks: write`, `issues: write` and `pull-requests: write`)",
    );
    return;
  }
  const repository = (payload as { repository?: Partial<EventRepository> }).repository;
  if (!repository?.default_branch) {
    io.setFailed(`okstra: the ${ctx.event.name} payload names no repository default branch; it is not a GitHub event`);
    return;
  }
  const deps = actionTriggerDeps(io, client(inputs.githubToken), ctx, {
    defaultBranch: repository.default_branch,
    ...(repository.html_url ? { webUrl: repository.html_url } : {}),
  });
  const result = await timed(`event:${key}`, () => handleEvent(deps, key, payload));
  io.info(`okstra: ${key}: ${typeof result === 'string' ? result : JSON.stringify(result)}`);
  await io.summary(`okstra handled \`${key}\`: ${typeof result === 'string' ? result : 'done'}.\n`);
}

/** `pull_request_target` carries the same payload as `pull_request`; it is how a workflow gets a write token for labels. */
export function eventKey(name: string, action: string | null): EventKey | null {
  const event = name === 'pull_request_target' ? 'pull_request' : name;
  const key = `${event}.${action ?? ''}`;
  return isTriggerEvent(key) ? key : null;
}
