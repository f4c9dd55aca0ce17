import { chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closePaths, reopenPaths, signInsToClose, untrackedToClose } from '../../src/sandbox/checkout-privacy.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

const mode = (path: string): number => statSync(path).mode & 0o7777;

describe('untracked files closed to other users', () => {
  it('closes ignored and untracked paths, leaves tracked files, links and what agents must reach, and reopens them', async () => {
    const { dir, git } = await makeRepo();
    writeFileSync(join(dir, '.gitignore'), '.env\nnode_modules/\n*.key\n.link\n');
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'app.ts'), 'export {};\n');
    await git.ok(['add', '.']);
    await git.ok(['commit', '--quiet', '-m', 'app']);

    const file = (rel: string, m: number): string => {
      const path = join(dir, rel);
      writeFileSync(path, `${rel}\n`);
      chmodSync(path, m);
      return path;
    };
    const env = file('.env', 0o644);
    const key = file('src/deploy.key', 0o604);
    const notes = file('notes.txt', 0o666);
    const closedAlready = file('private.txt', 0o600);
    mkdirSync(join(dir, 'node_modules', 'okstra', '.cache', 'agent-clis'), { recursive: true });
    // A link to a file outside the checkout: chmod would change the target, which is not okstra's to change.
    const outside = join(tempDir('okstra-outside-'), 'shared.env');
    writeFileSync(outside, 'shared\n');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, '.link'));

    const agentClis = join(dir, 'node_modules', 'okstra', '.cache', 'agent-clis');
    const { close, kept } = await untrackedToClose(dir, [agentClis]);
    expect(close.map((c) => c.path).sort()).toEqual([env, notes, key].sort());
    expect(kept).toEqual(['node_modules']);

    await closePaths(close);
    expect([mode(env), mode(key), mode(notes), mode(closedAlready)]).toEqual([0o640, 0o600, 0o660, 0o600]);
    expect(mode(outside)).toBe(0o644);
    expect(mode(join(dir, 'src', 'app.ts')) & 0o004).toBe(0o004);

    // The user changed one meanwhile: their mode stands.
    chmodSync(notes, 0o600);
    await reopenPaths(close);
    expect([mode(env), mode(key), mode(notes)]).toEqual([0o644, 0o604, 0o600]);
  });

  it("closes the runner user's cloud sign-ins (Azure CLI, AWS CLI, gcloud) for the run and leaves the rest of the home", async () => {
    const home = tempDir('okstra-home-');
    const folder = (rel: string, m: number): string => {
      const path = join(home, rel);
      mkdirSync(path, { recursive: true });
      chmodSync(path, m);
      return path;
    };
    const azure = folder('.azure', 0o755);
    writeFileSync(join(azure, 'msal_token_cache.json'), '{"AccessToken":{}}\n');
    const gcloud = folder('.config/gcloud', 0o775);
    const aws = folder('.aws', 0o700);
    const other = folder('.npm', 0o755);

    const close = await signInsToClose(home);
    expect(close.map((c) => c.path).sort()).toEqual([azure, gcloud].sort());

    await closePaths(close);
    expect([mode(azure), mode(gcloud), mode(aws), mode(other)]).toEqual([0o750, 0o770, 0o700, 0o755]);
    await reopenPaths(close);
    expect([mode(azure), mode(gcloud)]).toEqual([0o755, 0o775]);
    expect(await signInsToClose(tempDir('okstra-empty-home-'))).toEqual([]);
  });
});
