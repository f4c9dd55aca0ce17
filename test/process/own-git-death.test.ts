/**
 * okstra killed while its own git is changing the repository. The launcher
 * (src/process/launcher.ts) ends what okstra started when okstra dies; for
 * okstra's own git that must be SIGTERM, which git catches to undo what it
 * had half done. A `git worktree add` killed outright leaves its
 * registration half-made (a `locked` admin folder that holds the branch,
 * or an empty `commondir` on which every later listing of worktrees dies).
 *
 * The stand-in okstra (a Node process that starts the launcher and runs
 * okstra's Git) adds a worktree whose checkout a smudge filter holds open;
 * the test kills the stand-in with SIGKILL while git is inside that
 * checkout, so none of okstra's own clean-up runs. Sent SIGKILL as before,
 * git would leave the admin folder behind and the branch checked out there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { commandLinesContaining } from '../helpers/git-http-server.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { isAlive, killQuietly, waitForDeath } from '../providers/helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GIT_MODULE = fileURLToPath(new URL('../../src/git/git.ts', import.meta.url));
const LAUNCHER_MODULE = fileURLToPath(new URL('../../src/process/start-process.ts', import.meta.url));

const DRIVER = `
import { Git } from ${JSON.stringify(GIT_MODULE)};
import { launcherPid, prepareLauncher } from ${JSON.stringify(LAUNCHER_MODULE)};
const [repo, tree] = process.argv.slice(2);
if (!(await prepareLauncher(10_000))) throw new Error('the launcher did not start');
console.log(JSON.stringify({ launcher: launcherPid() }));
const result = await new Git(repo).run(['worktree', 'add', '--quiet', tree, 'feature']);
console.log(JSON.stringify({ ended: result.exitCode }));
setInterval(() => undefined, 60_000);
`;

const started: number[] = [];
let scratch = '';
afterEach(() => {
  for (const pid of started.splice(0)) killQuietly(pid);
  // Whatever the held checkout left (the filter's shell names the scratch folder): released, then killed.
  if (scratch) {
    writeFileSync(join(scratch, 'release'), '');
    for (const line of commandLinesContaining([scratch])) killQuietly(Number(line.split(':')[0]));
  }
});

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('okstra killed while its own git changes the repository', () => {
  it('git gets SIGTERM and removes the worktree it had half added: no registration is left, the branch is free', async () => {
    scratch = tempDir('okstra-own-git-');
    const { dir: repo, git } = await makeRepo(join(scratch, 'repo'));
    // A checkout that waits, inside `worktree add`, until the test releases it.
    const filter = join(scratch, 'held-smudge.sh');
    writeFileSync(
      filter,
      `#!/bin/sh\necho $$ > '${scratch}/held'\nwhile [ ! -e '${scratch}/release' ]; do sleep 0.05; done\nexec cat\n`,
    );
    chmodSync(filter, 0o755);
    await git.ok(['checkout', '--quiet', '-b', 'feature']);
    writeFileSync(join(repo, '.gitattributes'), '*.txt filter=held\n');
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    await git.ok(['add', '.gitattributes', 'a.txt']);
    await git.ok(['commit', '--quiet', '-m', 'feature']);
    await git.ok(['checkout', '--quiet', 'main']);
    await git.ok(['config', 'filter.held.smudge', filter]);

    const tree = join(scratch, 'okstra-tree-held');
    const admin = join(repo, '.git', 'worktrees', 'okstra-tree-held');
    const driver = join(scratch, 'okstra-stand-in.mts');
    writeFileSync(driver, DRIVER);
    const okstra: ChildProcess = spawn(process.execPath, ['--import', 'tsx', driver, repo, tree], {
      cwd: REPO_ROOT,
      env: { ...process.env, OKSTRA_LAUNCHER: 'auto' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (okstra.pid !== undefined) started.push(okstra.pid);
    let said = '';
    createInterface({ input: okstra.stdout as NodeJS.ReadableStream }).on('line', (l) => (said += `${l}\n`));
    okstra.stderr?.on('data', (d: Buffer) => (said += d.toString()));

    await until('git is inside the held checkout', () => existsSync(join(scratch, 'held')));
    const launcher = (JSON.parse(said.split('\n')[0] as string) as { launcher: number }).launcher;
    started.push(launcher);
    expect(existsSync(join(admin, 'locked')), 'the registration is half made while the checkout runs').toBe(true);
    expect(said, 'worktree add has not ended').not.toMatch(/ended/);

    okstra.kill('SIGKILL');
    expect(await waitForDeath(launcher, 10_000), 'the launcher ends once its children have').toBe(true);

    expect(existsSync(admin), 'the half-made registration').toBe(false);
    expect(existsSync(tree), 'the half-made worktree').toBe(false);
    const listed = await new Git(repo).ok(['worktree', 'list', '--porcelain']);
    expect(listed).not.toMatch(/feature|okstra-tree-held/);
    // The branch is free: the main checkout may take it.
    await git.ok(['-c', 'filter.held.smudge=cat', 'checkout', '--quiet', 'feature']);
    expect(isAlive(launcher)).toBe(false);
  });
});
