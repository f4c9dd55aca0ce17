import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import { handBackToRunner, reexecIfNeeded } from './privilege.js';
import { stageBranchName } from '../core/ids.js';
import { gitAuthEnv, headerSecrets, remoteAuth, stripCheckoutCredentials } from '../git/credentials.js';
import { GitLedgerStore } from '../git/ledger-store.js';
import { removeWorktreesOf } from '../workspace/worktrees.js';
import { createGitHubClient, describeApiError } from '../github/client.js';
import { completeCheck, isForeignCheckRefusal } from '../github/checks.js';
import { parsePostState, releaseHeldClaims } from './claims.js';
import { claimsSaved, STATE_NAME } from './post-state.js';
import { runnerContext, type Env } from './context.js';
import type { ActionIo } from './io.js';
import { coreIo } from './core-io.js';

/**
 * The post step. The runner runs it after the job's steps, also when the job
 * was cancelled or the main step died. It ends each claim the main step
 * recorded that is still open under its run id with `failed` (reason
 * `abandoned`) and closes that stage's check run as cancelled, so a stage
 * is never left occupied by a run that is gone. After a clean finish every
 * claim already has its terminal row and this does nothing.
 */
export interface PostDeps {
  io: ActionIo;
  getState: (name: string) => string;
  readInput: (name: 'github-token') => string;
  env: Env;
  cwd: string;
  fetch?: typeof fetch;
}

export async function runPost(d: PostDeps): Promise<void> {
  const state = parsePostState(d.getState(STATE_NAME));
  if (!state || state.claims.length === 0) return;
  const { io } = d;
  const token = d.readInput('github-token');
  if (token) io.setSecret(token);
  // As in the main step: no credential in the config while git runs here, the
  // ledger push authenticates from memory. After a killed main step the config
  // is still stripped (nothing to find) and the github-token input is the credential.
  const credentials = await stripCheckoutCredentials(state.repoDir, { remote: state.remote });
  const auth = remoteAuth(credentials, token || null);
  if (auth) for (const secret of headerSecrets(auth.header)) io.setSecret(secret);
  const ctx = runnerContext(d.env, {}, d.cwd);
  const store = new GitLedgerStore({
    repoDir: state.repoDir,
    branch: state.ledgerBranch,
    remote: state.remote,
    remoteEnv: gitAuthEnv(auth),
    now: io.now,
  });
  const outcomes = await releaseHeldClaims(store, state.claims, io.now, ctx.actor).finally(() => credentials.restore());
  const client = token
    ? createGitHubClient({ token, baseUrl: ctx.apiUrl, log: io.info, ...(d.fetch ? { fetch: d.fetch } : {}) })
    : null;
  for (const o of outcomes) {
    const what = `plan ${o.claim.planId} stage ${o.claim.stage} (run ${o.claim.runId})`;
    if (!o.released) {
      io.info(`post: ${what}: nothing to release, ${o.why}`);
      continue;
    }
    io.warning(`okstra: ${what} did not finish; its claim was released (failed, abandoned) so the stage can run again`);
    // The killed run's stage worktree would block the branch in this workspace (self-hosted runners reuse it).
    for (const dir of await removeWorktreesOf(state.repoDir, [stageBranchName(o.claim.planId, o.claim.stage)]))
      io.info(`post: removed the abandoned worktree ${dir}`);
    if (!client || o.claim.checkRunId === null) continue;
    const output = {
      title: 'Cancelled',
      summary:
        'The job ended before the stage reached a verdict (cancelled, timed out or crashed). The claim was released; the stage can run again.',
      annotations: [],
    };
    try {
      await completeCheck(
        client,
        ctx.repo,
        { id: o.claim.checkRunId },
        { conclusion: 'cancelled', requests: [{ output }] },
        { at: io.now(), externalId: o.claim.runId },
      );
    } catch (error) {
      // A job killed before its in-progress mark answered may hold an App's check its token cannot update: the App
      // completes that one from the ledger row written above.
      if (isForeignCheckRefusal(error))
        io.info(
          `post: check run ${o.claim.checkRunId} is not this token's to close; the App closes it from the ledger`,
        );
      else io.warning(`okstra: could not close check run ${o.claim.checkRunId}: ${describeApiError(error)}`);
    }
  }
}

/** The post step's entry: like run(), anything thrown fails the step. */
export async function post(): Promise<void> {
  // After a killed main step its root-owned files may still be in the checkout: release claims as root too, then hand them back.
  if (await reexecIfNeeded(claimsSaved(process.env), (line) => core.info(line))) return;
  try {
    await runPost({
      io: coreIo(),
      getState: (name) => core.getState(name),
      readInput: (name) => core.getInput(name),
      env: process.env,
      cwd: process.cwd(),
    });
  } catch (error) {
    core.setFailed(`okstra post step: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    const problem = handBackToRunner([process.env.GITHUB_WORKSPACE ?? process.cwd()].filter(existsSync), process.env);
    if (problem) core.warning(problem);
  }
}
