import type { InputName } from './input-names.js';
import type { ActionIo } from './io.js';

/** What telling the pull request needs of the Action run (a part of MainDeps). */
export interface RefusalDeps {
  io: Pick<ActionIo, 'info' | 'warning'>;
  readInput: (name: InputName) => string;
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
}

/**
 * A dispatched run whose inputs were refused tells the pull request it was
 * started for, when it can tell which one: whoever asked (a comment, a
 * label) sees why nothing ran instead of a check that stays queued. Only
 * the pull request number is read from a refused request, and only when it
 * is a plain positive number; nothing else of it is trusted or echoed.
 */
export async function tellRefusedRun(d: RefusalDeps, errors: readonly string[]): Promise<void> {
  const pr = requestedPullRequest(d.readInput);
  const token = d.readInput('github-token').trim();
  const [owner, repo] = (d.env.GITHUB_REPOSITORY ?? '').split('/');
  if (pr === null || token === '' || !owner || !repo) return;
  const { createGitHubClient } = await import('../github/client.js');
  const { postComment } = await import('../github/issues.js');
  const client = createGitHubClient({
    token,
    baseUrl: (d.env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    log: d.io.info,
    ...(d.fetch ? { fetch: d.fetch } : {}),
  });
  const run = d.env.GITHUB_RUN_ID
    ? ` ([workflow run](${(d.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')}/${owner}/${repo}/actions/runs/${d.env.GITHUB_RUN_ID}))`
    : '';
  const body = [
    `okstra did not run${run}: ${errors.length === 1 ? 'an input was' : 'inputs were'} refused.`,
    '',
    ...errors.map((e) => `- ${e.replaceAll('`', "'")}`),
    '',
    'The `request` input is what okstra sets itself when it dispatches a run (docs/action.md, "Dispatch contract"): the workflow and the App (or the event job) must run the same okstra release.',
  ].join('\n');
  try {
    await postComment(client, { owner, repo }, pr, body);
  } catch (error) {
    d.io.warning(
      `okstra: could not tell pull request #${pr} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

const PR = /^[1-9][0-9]{0,8}$/;

function requestedPullRequest(read: (name: InputName) => string): number | null {
  const direct = read('pr-number').trim();
  if (PR.test(direct)) return Number(direct);
  try {
    const value = (JSON.parse(read('request')) as Record<string, unknown> | null)?.['pr-number'];
    return typeof value === 'number' && PR.test(String(value)) ? value : null;
  } catch {
    return null;
  }
}
