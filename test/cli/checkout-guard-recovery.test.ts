/**
 * The checkout guard (src/sandbox/checkout-guard.ts) beyond one clean run:
 * `okstra run` killed with SIGKILL while its executor runs leaves the
 * credential out of the checkout and the next run puts it back; two guards on
 * one checkout restore only when the last one ends; okstra's own pushes
 * authenticate with the credential the strip took out.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { tokenHeader } from '../../src/git/credentials.js';
import { Git } from '../../src/git/git.js';
import { guardCheckout } from '../../src/sandbox/checkout-guard.js';
import { makeProject, WRITES_STAGE_FILE } from '../engine/helpers.js';
import { startGitHttpServer, type GitHttpServer } from '../helpers/git-http-server.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

const TOKEN = 'ghs_guardRecoveryToken0123456789abcdef';
const cli = (): string => realpathSync(inject('okstraCliPath'));

let server: GitHttpServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function okstra(args: string[]): Promise<{ exitCode: number; out: string }> {
  const r = await execa(process.execPath, [cli(), ...args], { reject: false });
  return { exitCode: r.exitCode ?? -1, out: `${String(r.stdout)}\n${String(r.stderr)}` };
}

describe('the checkout guard', () => {
  it('a run killed with SIGKILL mid-executor leaves the credential out; the next run puts it back byte for byte', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: ({ recordFile }) => ({
        builder: { rules: [{ when: { role: 'executor' }, do: { record: recordFile('executor'), hang: true } }] },
        reviewer: {},
      }),
    });
    await p.git.ok(['config', '--local', 'http.https://github.com/.extraheader', tokenHeader(TOKEN)]);
    const config = join(p.dir, '.git', 'config');
    const before = readFileSync(config);

    const child = spawn(process.execPath, [cli(), 'run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], {
      stdio: 'ignore',
    });
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    const deadline = Date.now() + 60_000;
    while (!existsSync(p.recordFile('executor')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(p.recordFile('executor')), 'the executor never started').toBe(true);
    child.kill('SIGKILL');
    await exited;

    // Killed: the config is still without its credential, and the journal says what to put back.
    expect(readFileSync(config, 'utf8')).not.toContain('extraheader');
    expect(existsSync(join(p.dir, '.git', 'okstra-guard', 'journal.json'))).toBe(true);

    p.script('builder', { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] });
    const again = await okstra(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir]);
    expect(again.exitCode, again.out).toBe(0);
    expect(again.out).toMatch(
      /credentials: an okstra run that was killed had removed them from .*\.git\/config; put back/,
    );
    expect(readFileSync(config).equals(before)).toBe(true);
    expect(existsSync(join(p.dir, '.git', 'okstra-guard'))).toBe(false);
  }, 120_000);

  it('two runs on one checkout: the first to end leaves the credential out, the last puts it back', async () => {
    const { dir, git } = await makeRepo();
    await git.ok(['remote', 'add', 'origin', `https://x-access-token:${TOKEN}@github.com/octo/repo.git`]);
    const config = join(dir, '.git', 'config');
    const before = readFileSync(config);
    const opts = { remote: 'origin', closeUntracked: false, keepOpen: [] };

    const first = await guardCheckout(dir, opts);
    const second = await guardCheckout(dir, opts);
    expect(first.strip.found.map((f) => f.kind)).toEqual(['url-userinfo']);
    // The second found nothing left to strip, and still pushes with the credential the first took out.
    expect(second.strip.found).toEqual([]);
    expect(second.strip.captured).toBe(first.strip.captured);

    expect(await first.release()).toEqual({ restored: false, replayed: [] });
    expect(readFileSync(config, 'utf8')).not.toContain(TOKEN);
    expect(await second.release()).toEqual({ restored: true, replayed: [] });
    expect(readFileSync(config).equals(before)).toBe(true);
  });

  it('a journal folder others may enter is refused, never trusted', async () => {
    const { dir, git } = await makeRepo();
    await git.ok(['remote', 'add', 'origin', `https://x-access-token:${TOKEN}@github.com/octo/repo.git`]);
    const folder = join(dir, '.git', 'okstra-guard');
    await execa('mkdir', ['-m', '0777', folder]);
    writeFileSync(join(folder, 'journal.json'), '{}');
    await expect(guardCheckout(dir, { remote: 'origin', closeUntracked: false, keepOpen: [] })).rejects.toThrow(
      /okstra-guard must be a folder only okstra's user can enter .* remove it and run again/,
    );
    expect(readFileSync(join(dir, '.git', 'config'), 'utf8')).toContain(TOKEN);
    expect(statSync(folder).mode & 0o777).toBe(0o777);
  });

  it("okstra's own fetches and pushes authenticate with the credential it took out of the remote's URL", async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] }, reviewer: {} },
    });
    const root = tempDir('okstra-served-');
    await p.git.ok(['clone', '--quiet', '--bare', p.dir, join(root, 'remote.git')]);
    server = await startGitHttpServer({
      root,
      basicCredential: Buffer.from(`x-access-token:${TOKEN}`).toString('base64'),
    });
    const url = server.url('remote.git').replace('://', `://x-access-token:${TOKEN}@`);
    await p.git.ok(['remote', 'add', 'origin', url]);
    const before = readFileSync(join(p.dir, '.git', 'config'));

    const run = await okstra(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir, '--remote', 'origin']);
    expect(run.exitCode, run.out).toBe(0);
    expect(run.out).toMatch(/stage 1 PASS/);
    expect(run.out).toMatch(/fetches and pushes authenticate with the checkout's credential, held in memory/);
    expect(run.out).not.toContain(TOKEN);
    const remote = new Git(join(root, 'remote.git'));
    expect(await remote.resolveCommit('refs/heads/okstra/linear/stage-1')).not.toBeNull();
    expect(await remote.resolveCommit('refs/heads/okstra-ledger')).not.toBeNull();
    expect(readFileSync(join(p.dir, '.git', 'config')).equals(before)).toBe(true);
  }, 120_000);
});
