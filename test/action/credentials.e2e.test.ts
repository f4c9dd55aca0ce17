import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { tempDir } from '../helpers/git-repos.js';
import { persistCheckoutCredentials } from '../helpers/checkout-credentials.js';
import {
  makeProject,
  PASSING_REVIEWER,
  runAction,
  SCRIPTED_AGENT,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type FakeApi,
  type Project,
} from './harness.js';

const SNOOP = join(import.meta.dirname, '..', 'helpers', 'config-snoop-agent.mjs');
const TOKEN = 'ghs_persistedCheckoutToken0123456789abcd';
const BASE64 = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

/** A provider command line: the snoop, then the scripted agent with an inline script. */
const snoopCommand = (out: string, script: object): string =>
  `${process.execPath} ${SNOOP} --out ${out} -- ${process.execPath} ${SCRIPTED_AGENT} --json ${JSON.stringify(JSON.stringify(script))}`;

/**
 * The checkout's credential persisted as actions/checkout does, in `.git/config` and in a file under a world-readable
 * $RUNNER_TEMP, as on a hosted runner; `files()` reads those files back (bytes and modes) to compare with `before`.
 */
async function persistedCheckout(project: Project): Promise<{
  runnerTemp: string;
  before: Array<{ f: string; bytes: string; mode: number }>;
  files: () => Array<{ f: string; bytes: string; mode: number }>;
}> {
  const runnerTemp = tempDir('okstra-runner-temp-');
  chmodSync(runnerTemp, 0o755);
  const paths = await persistCheckoutCredentials(project.workspace, runnerTemp, TOKEN);
  const files = () => paths.map((f) => ({ f, bytes: readFileSync(f, 'utf8'), mode: statSync(f).mode & 0o777 }));
  return { runnerTemp, before: files(), files };
}

/** Stage 1 from a workflow_dispatch, as the stage job runs it. */
function runStageOne(project: Project, fake: FakeApi, env: Record<string, string> = {}): ReturnType<typeof runAction> {
  return runAction(project, {
    inputs: { mode: 'stage', plan: project.planPath, stage: '1' },
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload({}),
    api: fake,
    env,
  });
}

describe('the checkout credential during a run', () => {
  it('no agent sees the persisted token in any git config; the run pushes anyway and the checkout config is as it was afterwards', async () => {
    const snoops = tempDir('okstra-snoop-');
    const seen = join(snoops, 'seen.txt');
    // Agents may run as another OS user: the snoop must be able to write its findings.
    chmodSync(snoops, 0o777);
    writeFileSync(seen, '', { mode: 0o666 });
    chmodSync(seen, 0o666);
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: {
        providers: {
          writer: { command: snoopCommand(seen, WRITER) },
          reviewer: { command: snoopCommand(seen, PASSING_REVIEWER) },
        },
      },
    });

    // As on a hosted runner, where $RUNNER_TEMP (…/work/_temp) is world-readable: git stops every
    // command of a user who cannot read a file its config includes, whatever the file holds.
    const { runnerTemp, before, files } = await persistedCheckout(project);
    // Sanity: before okstra runs, git in the checkout does see the token.
    expect(await new Git(project.workspace).ok(['config', '--list', '--show-origin'])).toContain(BASE64);

    api = await startFakeApi();
    const run = await runStageOne(project, api, { RUNNER_TEMP: runnerTemp });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

    expect(run.stdout).toMatch(
      /credentials: removed extraheader http\.https:\/\/github\.com\/\.extraheader \(.*\/\.git\/config\), extraheader http\.https:\/\/github\.com\/\.extraheader \(.*git-credentials-.*\.config\) from the checkout's git config until the run ends; .*; restored at the end of the run/,
    );
    expect(run.stdout).not.toContain(BASE64);
    expect(run.stdout).not.toContain(TOKEN);

    // Both the executor (stage worktree) and the verifier (detached worktree) looked, and saw config but no token.
    const listed = readFileSync(seen, 'utf8');
    expect(listed.match(/^=== /gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(listed).toContain('remote.origin.url');
    expect(listed).not.toContain(BASE64);
    expect(listed).not.toContain(TOKEN);
    expect(listed).not.toMatch(/extraheader/i);

    // The run did push: the stage branch and the ledger are on the remote.
    expect(await project.remoteHead('okstra/two-stage/stage-1')).not.toBeNull();
    expect((await project.ledger()).map((r) => r.status)).toEqual(['started', 'done']);

    // And the checkout's config is back, byte for byte, with its modes.
    expect(files()).toEqual(before);
  });

  it("a config that fails validation stops the run before it claims, and the checkout's credential is given back", async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
      config: { verifiers: 5 },
    });
    const { runnerTemp, before, files } = await persistedCheckout(project);
    api = await startFakeApi();
    const run = await runStageOne(project, api, { RUNNER_TEMP: runnerTemp });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(/\.okstra\/config\.yml is not a valid okstra config/);
    expect(await project.ledger()).toEqual([]);
    expect(files()).toEqual(before);
  });

  it('an HTTPS remote with no credential in the checkout and no github-token input: the run fails before claiming, saying what to set', async () => {
    const project = await makeProject({ plan: twoStagePlan(), agents: { writer: WRITER, reviewer: PASSING_REVIEWER } });
    const git = new Git(project.workspace);
    await git.ok(['config', '--local', 'remote.origin.url', 'https://github.com/octo-org/octo-repo.git']);
    api = await startFakeApi();
    const run = await runStageOne(project, api);
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(
      'okstra needs a token to push the stage branch and the ledger to https://github.com/octo-org/octo-repo.git: set the github-token input',
    );
    expect(await project.ledger()).toEqual([]);
    expect(await git.ok(['config', '--get', 'remote.origin.url'])).toBe('https://github.com/octo-org/octo-repo.git');
  });
});
