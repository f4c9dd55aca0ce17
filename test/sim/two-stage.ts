import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeProject, PASSING_REVIEWER, twoStagePlan, WRITER, type Project } from '../action/harness.js';
import type { GitHubSim } from './github-sim.js';

/** The two-stage plan in the simulated GitHub: the project, the workflows, and what a failing test prints. */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The workflow for repositories that run the okstra App (okstra.yml is the no-server one), as docs/bot.md says to install it.
export const APP_WORKFLOW = readFileSync(join(root, 'examples', 'workflows', 'okstra-app.yml'), 'utf8');
export const NO_SERVER_WORKFLOW = readFileSync(join(root, 'examples', 'workflows', 'okstra.yml'), 'utf8');

/** On a failed run, what its job printed last: the first thing to read when a run did not do what a test expects. */
export function failedRunsTail(s: GitHubSim): string {
  return s.timeline
    .filter((t) => t.conclusion !== 'success')
    .map((t) => `run ${t.runId} (${t.conclusion ?? 'unfinished'}):\n${t.stderr.slice(-3000)}\n${t.stdout.slice(-3000)}`)
    .join('\n');
}

/** Each workflow run: its event, who started it, how it ended. */
export function runsSeen(s: GitHubSim): Array<[string, string, string | null]> {
  return s.runs().map((r) => [r.event, r.actor.login, r.conclusion]);
}

/** The two-stage plan on a repository with `workflow` as its okstra workflow, and pull request 7's branch. */
export async function project(workflow = APP_WORKFLOW, config?: Record<string, unknown>): Promise<Project> {
  return makeProject({
    plan: twoStagePlan(),
    agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    files: { '.github/workflows/okstra.yml': workflow },
    prFiles: { 'docs/feature.md': 'a feature\n' },
    ...(config ? { config } : {}),
  });
}
