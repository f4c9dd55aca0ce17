import { randomUUID } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitAuthEnv, headerSecrets, stripCheckoutCredentials, tokenHeader } from '../../src/git/credentials.js';
import { Git } from '../../src/git/git.js';
import { GitLedgerStore, LedgerIoError } from '../../src/git/ledger-store.js';
import { RemoteRefs } from '../../src/git/remote-refs.js';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { commandLinesContaining, startGitHttpServer, type GitHttpServer } from '../helpers/git-http-server.js';

const TOKEN = 'ghs_okstraTestToken0123456789abcdefXYZ';
const HEADER = tokenHeader(TOKEN);
const BASE64 = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

let server: GitHttpServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A bare repository with one commit on main, served over HTTP that demands HEADER. */
async function servedRemote(
  opts: { onRequest?: () => void } = {},
): Promise<{ root: string; url: string; http: GitHttpServer }> {
  const root = tempDir('okstra-served-');
  const seed = await makeRepo(join(root, 'seed'));
  await seed.git.ok(['clone', '--quiet', '--bare', seed.dir, join(root, 'remote.git')]);
  server = await startGitHttpServer({
    root,
    basicCredential: BASE64,
    ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
  });
  return { root, url: server.url('remote.git'), http: server };
}

type Layout = 'extraheader' | 'includeif' | 'url-userinfo' | 'insteadof' | 'credential-helper';

/**
 * A workspace configured the way actions/checkout leaves it (persist-credentials
 * on): `origin` at the served URL, the token in one of the places a runner puts it.
 */
async function checkout(
  layout: Layout,
  url: string,
  origin: string,
): Promise<{ dir: string; git: Git; runnerTemp: string; credFile: string | null }> {
  const dir = tempDir('okstra-workspace-');
  const runnerTemp = tempDir('okstra-runner-temp-');
  const git = new Git(dir);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  let credFile: string | null = null;
  const withUser = (u: string): string => u.replace('http://', `http://x-access-token:${TOKEN}@`);
  switch (layout) {
    case 'extraheader':
      await git.ok(['remote', 'add', 'origin', url]);
      await git.ok(['config', '--local', `http.${origin}.extraheader`, HEADER]);
      break;
    case 'includeif': {
      await git.ok(['remote', 'add', 'origin', url]);
      credFile = join(runnerTemp, `git-credentials-${randomUUID()}.config`);
      await git.ok(['config', '--file', credFile, `http.${origin}.extraheader`, HEADER]);
      await git.ok(['config', '--local', `includeIf.gitdir:${dir}/.git.path`, credFile]);
      await git.ok(['config', '--local', `includeIf.gitdir:${dir}/.git/worktrees/*.path`, credFile]);
      // The container paths checkout also writes; those files do not exist on the host.
      await git.ok([
        'config',
        '--local',
        'includeIf.gitdir:/github/workspace/.git.path',
        `/github/runner_temp/${credFile.split('/').pop() ?? ''}`,
      ]);
      break;
    }
    case 'url-userinfo':
      await git.ok(['remote', 'add', 'origin', withUser(url)]);
      break;
    case 'insteadof':
      await git.ok(['remote', 'add', 'origin', 'served:remote.git']);
      await git.ok(['config', '--local', `url.${withUser(origin)}.insteadOf`, 'served:']);
      break;
    case 'credential-helper': {
      await git.ok(['remote', 'add', 'origin', url]);
      const store = join(runnerTemp, 'credentials');
      writeFileSync(store, `${withUser(origin)}\n`, { mode: 0o600 });
      await git.ok(['config', '--local', 'credential.helper', `store --file ${store}`]);
      break;
    }
  }
  await git.ok(['config', '--local', 'user.name', 'checkout']);
  return { dir, git, runnerTemp, credFile };
}

const secretForms = [TOKEN, BASE64, HEADER];
const holdsSecret = (text: string): boolean => secretForms.some((s) => text.includes(s));

/** What an agent's git in a worktree of the checkout sees. */
async function worktreeConfig(git: Git): Promise<string> {
  const wt = join(tempDir('okstra-wt-'), 'wt');
  await git.ok(['worktree', 'add', '--quiet', '--detach', wt, 'origin/main']);
  const listed = await new Git(wt).ok(['config', '--show-origin', '--list']);
  await git.ok(['worktree', 'remove', '--force', wt]);
  return listed;
}

function snapshot(files: readonly string[]): Array<{ file: string; bytes: string; mode: number }> {
  return files.map((file) => ({ file, bytes: readFileSync(file, 'utf8'), mode: statSync(file).mode & 0o777 }));
}

describe('stripCheckoutCredentials', () => {
  it.each<Layout>(['extraheader', 'includeif'])(
    '%s (actions/checkout): no agent-visible config holds the token, pushes and fetches authenticate from memory, restore is byte-identical',
    async (layout) => {
      const remote = await servedRemote();
      const co = await checkout(layout, remote.url, remote.http.origin);
      await co.git.ok(['fetch', '--quiet', 'origin'], { env: {} });
      const configFile = join(co.dir, '.git', 'config');
      const files = [configFile, ...(co.credFile ? [co.credFile] : [])];
      const before = snapshot(files);
      // The layout is real: before the strip, an agent's worktree would see the token.
      expect(holdsSecret(await worktreeConfig(co.git))).toBe(true);

      const strip = await stripCheckoutCredentials(co.dir);
      expect(strip.found).toEqual([
        { kind: 'extraheader', key: `http.${remote.http.origin}.extraheader`, file: co.credFile ?? configFile },
      ]);
      expect(JSON.stringify(strip.found)).not.toContain(BASE64);
      expect(strip.captured).toBe(HEADER);
      expect(strip.remoteUrl).toBe(remote.url);

      const listed = await worktreeConfig(co.git);
      expect(listed).toContain('remote.origin.url');
      expect(holdsSecret(listed)).toBe(false);
      for (const f of files) expect(holdsSecret(readFileSync(f, 'utf8'))).toBe(false);
      // Emptied, not made unreadable: git fails every command of a user who cannot read an included file.
      if (co.credFile) expect(statSync(co.credFile).mode & 0o777).toBe(before[1]?.mode);

      // Without the header the remote refuses; with gitAuthEnv the same push lands.
      await co.git.ok(['commit', '--quiet', '--allow-empty', '-m', 'work']);
      const bare = await co.git.run(['push', '--quiet', 'origin', 'HEAD:refs/heads/pushed']);
      expect(bare.exitCode).not.toBe(0);
      expect(remote.http.requests.some((r) => !r.authorized)).toBe(true);
      const env = gitAuthEnv({ url: strip.remoteUrl as string, header: strip.captured as string });
      await co.git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/pushed'], { env });
      await co.git.ok(['fetch', '--quiet', 'origin', '+refs/heads/pushed:refs/remotes/origin/pushed'], { env });
      expect(await new Git(join(remote.root, 'remote.git')).resolveCommit('refs/heads/pushed')).toBe(
        await co.git.resolveCommit('HEAD'),
      );

      const restored = await strip.restore();
      expect(restored.replayed).toEqual([]);
      expect(snapshot(files)).toEqual(before);
      // A second restore changes nothing.
      expect(await strip.restore()).toEqual({ rewritten: [], replayed: [] });
      expect(snapshot(files)).toEqual(before);
    },
  );

  it('a remote URL with userinfo: the URL loses it, its token becomes the header, restore puts it back', async () => {
    const remote = await servedRemote();
    const co = await checkout('url-userinfo', remote.url, remote.http.origin);
    const configFile = join(co.dir, '.git', 'config');
    const before = snapshot([configFile]);
    const strip = await stripCheckoutCredentials(co.dir);
    expect(strip.found).toEqual([{ kind: 'url-userinfo', key: 'remote.origin.url', file: configFile }]);
    expect(strip.captured).toBe(HEADER);
    expect(await co.git.ok(['config', '--get', 'remote.origin.url'])).toBe(remote.url);
    expect(holdsSecret(await co.git.ok(['config', '--show-origin', '--list']))).toBe(false);
    await co.git.ok(['fetch', '--quiet', 'origin'], {
      env: gitAuthEnv({ url: strip.remoteUrl as string, header: HEADER }),
    });
    await strip.restore();
    expect(snapshot([configFile])).toEqual(before);
  });

  it('an insteadOf rewrite to a URL with userinfo: the section goes, the rewrite stays in effect through the auth env', async () => {
    const remote = await servedRemote();
    const co = await checkout('insteadof', remote.url, remote.http.origin);
    const configFile = join(co.dir, '.git', 'config');
    const before = snapshot([configFile]);
    const strip = await stripCheckoutCredentials(co.dir);
    expect(strip.found).toEqual([
      {
        kind: 'insteadof-userinfo',
        key: `url.${remote.http.origin.replace('http://', 'http://***@')}.insteadof`,
        file: configFile,
      },
    ]);
    expect(strip.captured).toBe(HEADER);
    expect(strip.remoteUrl).toBe(remote.url);
    expect(holdsSecret(await co.git.ok(['config', '--show-origin', '--list']))).toBe(false);
    const env = gitAuthEnv({ url: strip.remoteUrl as string, header: HEADER, insteadOf: strip.insteadOf });
    await co.git.ok(['fetch', '--quiet', 'origin'], { env });
    await strip.restore();
    expect(snapshot([configFile])).toEqual(before);
  });

  it('a credential helper is removed (its secret is not captured) and restored', async () => {
    const remote = await servedRemote();
    const co = await checkout('credential-helper', remote.url, remote.http.origin);
    const configFile = join(co.dir, '.git', 'config');
    const before = snapshot([configFile]);
    // The helper answers for the remote before the strip…
    await co.git.ok(['fetch', '--quiet', 'origin']);
    const strip = await stripCheckoutCredentials(co.dir);
    expect(strip.found).toEqual([{ kind: 'credential-helper', key: 'credential.helper', file: configFile }]);
    expect(strip.captured).toBeNull();
    // …and not after it.
    expect((await co.git.run(['fetch', '--quiet', 'origin'])).exitCode).not.toBe(0);
    await strip.restore();
    expect(snapshot([configFile])).toEqual(before);
  });

  it('a config changed during the run gets the removed entries added back instead of being overwritten', async () => {
    const remote = await servedRemote();
    const co = await checkout('extraheader', remote.url, remote.http.origin);
    const strip = await stripCheckoutCredentials(co.dir);
    await co.git.ok(['config', '--local', 'okstra.during', 'run']);
    const restored = await strip.restore();
    expect(restored.replayed).toEqual([join(co.dir, '.git', 'config')]);
    expect(await co.git.ok(['config', '--get', 'okstra.during'])).toBe('run');
    expect(await co.git.ok(['config', '--get', `http.${remote.http.origin}.extraheader`])).toBe(HEADER);
  });

  it('a checkout with no credential: nothing found, nothing captured, nothing changed', async () => {
    const { dir } = await makeRepo();
    const configFile = join(dir, '.git', 'config');
    const before = snapshot([configFile]);
    const strip = await stripCheckoutCredentials(dir);
    expect(strip).toMatchObject({ found: [], captured: null, remoteUrl: null });
    expect(await strip.restore()).toEqual({ rewritten: [], replayed: [] });
    expect(snapshot([configFile])).toEqual(before);
  });

  it("a folder that is not a repository is refused with git's reason", async () => {
    await expect(stripCheckoutCredentials(tempDir())).rejects.toThrow(/not a git repository/);
  });

  it('an extraheader scoped to another host is removed but not taken for the remote', async () => {
    const remote = await servedRemote();
    const co = await checkout('extraheader', remote.url, remote.http.origin);
    await co.git.ok(['config', '--local', '--unset-all', `http.${remote.http.origin}.extraheader`]);
    await co.git.ok(['config', '--local', 'http.https://other.example/.extraheader', HEADER]);
    const strip = await stripCheckoutCredentials(co.dir);
    expect(strip.found.map((f) => f.key)).toEqual(['http.https://other.example/.extraheader']);
    expect(strip.captured).toBeNull();
  });
});

describe('gitAuthEnv', () => {
  it('puts the header in GIT_CONFIG_* variables scoped to the remote URL, after a reset', () => {
    expect(gitAuthEnv({ url: 'https://github.com/o/r', header: HEADER })).toEqual({
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'http.https://github.com/o/r.extraheader',
      GIT_CONFIG_VALUE_0: '',
      GIT_CONFIG_KEY_1: 'http.https://github.com/o/r.extraheader',
      GIT_CONFIG_VALUE_1: HEADER,
    });
    expect(gitAuthEnv(null)).toEqual({});
  });

  it('headerSecrets names the header, its base64 and the token for masking', () => {
    expect(headerSecrets(HEADER)).toEqual([HEADER, BASE64, TOKEN]);
    expect(headerSecrets('X-Custom: value')).toEqual(['X-Custom: value']);
  });
});

describe('the remote edges authenticate per command', () => {
  async function strippedClone(
    onRequest?: () => void,
  ): Promise<{ dir: string; git: Git; env: Record<string, string>; bare: Git }> {
    const remote = await servedRemote(onRequest ? { onRequest } : {});
    const co = await checkout('includeif', remote.url, remote.http.origin);
    await co.git.ok(['fetch', '--quiet', 'origin']);
    const strip = await stripCheckoutCredentials(co.dir);
    return {
      ...co,
      env: gitAuthEnv({ url: strip.remoteUrl as string, header: strip.captured as string }),
      bare: new Git(join(remote.root, 'remote.git')),
    };
  }

  it("the ledger store fetches and pushes with remoteEnv, and fails with the remote's refusal without it", async () => {
    const co = await strippedClone();
    const row = {
      v: 1 as const,
      plan_id: 'p',
      stage: 1,
      status: 'started' as const,
      run_id: 'r1',
      at: '2024-01-01T00:00:00.000Z',
      lease_until: '2024-01-01T01:00:00.000Z',
    };
    const refused = new GitLedgerStore({ repoDir: co.dir, remote: 'origin' });
    await expect(refused.read('p')).rejects.toThrow(LedgerIoError);
    const store = new GitLedgerStore({ repoDir: co.dir, remote: 'origin', remoteEnv: co.env });
    expect((await store.append({ row })).outcome).toBe('appended');
    expect((await store.read('p')).rows).toHaveLength(1);
    expect(await co.bare.resolveCommit('refs/heads/okstra-ledger')).not.toBeNull();
  });

  it('RemoteRefs fetches and StageWorkspace pushes with remoteEnv; no git process ever has the token on its command line', async () => {
    const seen: string[] = [];
    // Read while each request is held: the client git and its remote helper are alive then.
    const co = await strippedClone(() => seen.push(...commandLinesContaining(secretForms)));
    const refs = new RemoteRefs(co.dir, 'origin');
    await expect(refs.defaultBranch()).rejects.toThrow(/ls-remote/);
    refs.useRemoteEnv(co.env);
    expect(await refs.defaultBranch()).toBe('main');
    expect(await refs.fetchBranch('main')).toBe(await co.bare.resolveCommit('refs/heads/main'));
    await co.git.ok(['branch', 'okstra/p/stage-1', 'origin/main']);
    await expect(new StageWorkspace(co.dir).pushBranch('origin', 'okstra/p/stage-1')).rejects.toThrow(/push/);
    await new StageWorkspace(co.dir, { remoteEnv: co.env }).pushBranch('origin', 'okstra/p/stage-1');
    expect(await co.bare.resolveCommit('refs/heads/okstra/p/stage-1')).not.toBeNull();
    await refs.fetchStageBranches('p');
    expect(seen).toEqual([]);
    // The probe does see a token passed the way okstra never passes one (-c on the command line).
    await co.git.ok(['-c', `http.extraheader=${HEADER}`, 'ls-remote', 'origin']);
    expect(seen.length).toBeGreaterThan(0);
  });
});
