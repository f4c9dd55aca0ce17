import { existsSync } from 'node:fs';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import {
  changesFile,
  changesRemoteUrl,
  planFileStrip,
  tokenHeader,
  urlCredentialHeader,
  withoutUserinfo,
  type ConfigEntry,
  type FileStrip,
  type FoundCredential,
  type UrlRewrite,
} from '../core/git-credentials.js';
import { pushAll } from '../core/arrays.js';
import { Git } from './git.js';

export { isHttpUrl, type CredentialKind, type FoundCredential } from '../core/git-credentials.js';
export { tokenHeader };

/**
 * No git credential an agent can read. `actions/checkout` persists its token
 * in the checkout's config (an `http.<server>/.extraheader`, in
 * `.git/config` or, from v6, in a `$RUNNER_TEMP/git-credentials-*.config`
 * file that `.git/config` includes with `includeIf "gitdir:…"`), and agents
 * work in worktrees that share that config. So okstra takes every credential
 * out of the local config and the files it includes, keeps the one for the
 * remote in memory, and authenticates each fetch and push on its own through
 * the environment of that one git process (`gitAuthEnv`).
 *
 * The removed values live in this process's memory only; nothing about them
 * is saved for the post step. The runner's state file is in `$RUNNER_TEMP`,
 * where an agent user may be able to read it, and re-deriving the value from
 * the post step's own token would write a credential the checkout may never
 * have held. The price: a job killed between strip and restore leaves the
 * checkout without its credential, and a later step that pushes on it fails
 * loudly ("could not read Username") rather than silently.
 */

/** How one git process authenticates to the remote: an HTTP header scoped to the remote's URL. */
export interface RemoteAuth {
  /** The remote's URL without userinfo, which the header is scoped to (`http.<url>.extraheader`). */
  url: string;
  /** The whole header line, e.g. `AUTHORIZATION: basic <base64>`. */
  header: string;
  /** URL rewrites that lost their credentialed target in the strip, kept in effect without it. */
  insteadOf?: readonly UrlRewrite[];
}

export interface RestoreOutcome {
  /** Files written back byte for byte (nothing else changed them since the strip). */
  rewritten: string[];
  /** Files changed by someone else meanwhile: the removed entries were added back with git config. */
  replayed: string[];
}

export interface CredentialStrip {
  found: FoundCredential[];
  /** The checkout's own credential for the remote as a header line, or null when it had none. In memory only. */
  captured: string | null;
  /** The remote's URL after the strip (no userinfo); null when the remote is not configured. */
  remoteUrl: string | null;
  /** Rewrites whose credentialed target was removed, for {@link RemoteAuth.insteadOf}. */
  insteadOf: UrlRewrite[];
  /** Puts every removed entry back; a second call does nothing. */
  restore(): Promise<RestoreOutcome>;
}

/**
 * What a strip did to one config file, as plain data: enough to put the file
 * back byte for byte, or to add the entries back when someone changed the
 * file meanwhile. `after` is null until the change is applied.
 */
export interface ConfigChange extends Pick<FileStrip, 'removed' | 'replaced' | 'sections'> {
  file: string;
  original: Buffer;
  mode: number;
  after: Buffer | null;
}

const INCLUDE = /^(?:include|includeif\..+)\.path$/;

/**
 * Finds every credential in `repoDir`'s local config and the files it
 * includes (recursively; includes whose file does not exist, such as the
 * container paths actions/checkout also writes, are skipped), removes them
 * with `git config --file`, and captures the remote's credential for pushing.
 * An included file is emptied of its credentials, not made unreadable: git
 * fails every command (`unable to access '<file>': Permission denied`) for a
 * user who cannot read a file its config includes, and agents run as such users.
 */
export async function stripCheckoutCredentials(
  repoDir: string,
  opts: {
    remote?: string;
    /**
     * Told the changes before they are applied (`after` null) and again once
     * they are: a shell that must restore after being killed records them.
     */
    record?: (changes: readonly ConfigChange[]) => Promise<void>;
  } = {},
): Promise<CredentialStrip> {
  const remote = opts.remote ?? 'origin';
  const git = new Git(repoDir);
  // Two reads that need nothing of each other, side by side: every stage job does this before its claim.
  const commonDir = ['rev-parse', '--path-format=absolute', '--git-common-dir'];
  const [common, before] = await Promise.all([git.ok(commonDir), effectiveUrl(git, remote)]);
  const localFile = join(common, 'config');

  const found: FoundCredential[] = [];
  const changes: ConfigChange[] = [];
  const insteadOf: UrlRewrite[] = [];
  let header: string | null = null;
  for (const [file, entries] of await configFiles([localFile, join(common, 'config.worktree')])) {
    const strip = planFileStrip(file, entries, before);
    pushAll(found, strip.found);
    pushAll(insteadOf, strip.insteadOf);
    header ??= strip.header;
    if (changesFile(strip)) changes.push(await configChange(file, strip));
  }
  header ??= urlCredentialHeader(before);

  if (changes.length > 0) await opts.record?.(changes);
  for (const c of changes) await applyChange(git, c);
  if (changes.length > 0) await opts.record?.(changes);
  // Asked again only when the strip could move it: an extraheader's removal leaves the URL as it was.
  const after = changes.some(changesRemoteUrl) ? await effectiveUrl(git, remote, insteadOf) : before;

  let restored = false;
  return {
    found,
    captured: header,
    remoteUrl: after === null ? null : withoutUserinfo(after),
    insteadOf,
    restore: async () => {
      if (restored) return { rewritten: [], replayed: [] };
      restored = true;
      return restoreConfigChanges(changes);
    },
  };
}

/**
 * Puts back what {@link stripCheckoutCredentials} changed, last change first:
 * a file nobody touched since gets its original bytes; a file changed
 * meanwhile gets the removed entries added back; a file whose change was
 * never applied (`after` null: the strip was cut short) is left as it is,
 * unless it is in neither state, when the strip died halfway through it.
 */
export async function restoreConfigChanges(changes: readonly ConfigChange[]): Promise<RestoreOutcome> {
  const out: RestoreOutcome = { rewritten: [], replayed: [] };
  for (const c of [...changes].reverse()) {
    const now = existsSync(c.file) ? await readFile(c.file) : null;
    if (now !== null && now.equals(c.original)) {
      await chmod(c.file, c.mode);
      continue;
    }
    if ((now !== null && c.after !== null && now.equals(c.after)) || c.after === null) {
      // A strip cut short inside one file's few git config calls: no one else wrote it in those milliseconds.
      await writeFile(c.file, c.original);
      out.rewritten.push(c.file);
    } else {
      await replayChange(new Git(dirname(c.file)), c);
      out.replayed.push(c.file);
    }
    await chmod(c.file, c.mode);
  }
  return out;
}

/**
 * The environment that makes one git process send `auth`'s header to the
 * remote. Config through `GIT_CONFIG_COUNT`, never `-c` on the command line:
 * another user can read `/proc/<pid>/cmdline`, not `/proc/<pid>/environ`.
 * Empty without auth.
 */
export function gitAuthEnv(auth: RemoteAuth | null): Record<string, string> {
  if (!auth) return {};
  return configEnv([
    // An empty value first resets any extraheader a config still holds, so the remote never sees two.
    [`http.${auth.url}.extraheader`, ''],
    [`http.${auth.url}.extraheader`, auth.header],
    ...rewritePairs(auth.insteadOf ?? []),
  ]);
}

/** The secret forms of a header line (the header, its base64 and the decoded password), for log masking. */
export function headerSecrets(header: string): string[] {
  const b64 = /^authorization:\s*basic\s+(\S+)$/i.exec(header.trim())?.[1];
  if (!b64) return [header];
  const decoded = Buffer.from(b64, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return [header, b64, ...(password.length >= 4 ? [password] : [])];
}

/**
 * How okstra authenticates to the remote after a strip: the checkout's own
 * credential when it had one (the token the workflow chose for this
 * repository), else `token` (the Action's github-token input); null when
 * there is neither, or the remote is not configured.
 */
export function remoteAuth(
  strip: Pick<CredentialStrip, 'captured' | 'remoteUrl' | 'insteadOf'>,
  token: string | null,
): RemoteAuth | null {
  const header = strip.captured ?? (token ? tokenHeader(token) : null);
  if (header === null || strip.remoteUrl === null) return null;
  return { url: strip.remoteUrl, header, ...(strip.insteadOf.length > 0 ? { insteadOf: strip.insteadOf } : {}) };
}

/** One log line: which credentials were removed (kinds, keys, files; never values) and what authenticates instead. */
export function describeStrip(strip: Pick<CredentialStrip, 'found' | 'captured'>, auth: RemoteAuth | null): string {
  const removed =
    strip.found.length === 0
      ? "no credential in the checkout's git config"
      : `removed ${strip.found.map((f) => `${f.kind} ${f.key} (${f.file})`).join(', ')} from the checkout's git config until the run ends`;
  const using =
    auth === null
      ? 'no token for the remote'
      : strip.captured !== null
        ? "fetches and pushes authenticate with the checkout's credential, held in memory"
        : 'fetches and pushes authenticate with the github-token input';
  return `credentials: ${removed}; ${using}`;
}

// ─── config files ──────────────────────────────────────────────────────────

/** The files among `roots` that exist, and every file they include, depth first, each once. */
async function configFiles(roots: readonly string[]): Promise<Map<string, ConfigEntry[]>> {
  // Each file with its entries as read here, in the order found: each is read once.
  const seen = new Map<string, ConfigEntry[]>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file) || !existsSync(file)) return;
    const entries = await listFile(new Git(dirname(file)), file);
    seen.set(file, entries);
    for (const e of entries) {
      if (INCLUDE.test(e.key)) await visit(includedPath(file, e.value));
    }
  };
  for (const root of roots) await visit(root);
  return seen;
}

/** Git resolves an include's path relative to the including file, with `~/` as HOME. */
function includedPath(from: string, value: string): string {
  if (value.startsWith('~/')) return join(process.env.HOME ?? homedir(), value.slice(2));
  return isAbsolute(value) ? value : resolve(dirname(from), value);
}

/** One file's own entries, includes not followed (each included file is read on its own). */
async function listFile(git: Git, file: string): Promise<ConfigEntry[]> {
  const out = await git.ok(['config', '--file', file, '--no-includes', '--list', '--null']);
  return out
    .split('\0')
    .filter((r) => r !== '')
    .map((r) => {
      const nl = r.indexOf('\n');
      return nl < 0 ? { key: r, value: '' } : { key: r.slice(0, nl), value: r.slice(nl + 1) };
    });
}

/** The file as it is now, to put back, and what the strip will do to it. */
async function configChange(file: string, strip: FileStrip): Promise<ConfigChange> {
  const { removed, replaced, sections } = strip;
  return {
    file,
    original: await readFile(file),
    mode: (await stat(file)).mode & 0o7777,
    removed,
    replaced,
    sections,
    after: null,
  };
}

async function applyChange(git: Git, c: ConfigChange): Promise<void> {
  const cfg = (args: string[]) => git.ok(['config', '--file', c.file, ...args]);
  for (const key of new Set(c.removed.map((e) => e.key))) await cfg(['--unset-all', key]);
  for (const r of c.replaced) await cfg(['--fixed-value', '--replace-all', r.key, r.to, r.from]);
  for (const s of c.sections) await cfg(['--remove-section', s.section]);
  c.after = await readFile(c.file);
}

async function replayChange(git: Git, c: ConfigChange): Promise<void> {
  if (!existsSync(c.file)) await writeFile(c.file, '', { mode: c.mode });
  const cfg = (args: string[]) => git.ok(['config', '--file', c.file, ...args]);
  for (const s of c.sections) for (const e of s.entries) await cfg(['--add', e.key, e.value]);
  for (const r of c.replaced) await cfg(['--fixed-value', '--replace-all', r.key, r.from, r.to]);
  for (const e of c.removed) await cfg(['--add', e.key, e.value]);
}

// ─── URLs ──────────────────────────────────────────────────────────────────

/** The remote's URL after insteadOf rewriting, as git will use it; null when the remote has none. */
async function effectiveUrl(git: Git, remote: string, insteadOf: readonly UrlRewrite[] = []): Promise<string | null> {
  const env = configEnv(rewritePairs(insteadOf));
  // Side by side: ls-remote prints a name it cannot resolve as given, so the config says whether the remote exists.
  const [configured, out] = await Promise.all([
    git.run(['config', '--get', `remote.${remote}.url`], { env }),
    git.run(['ls-remote', '--get-url', remote], { env }),
  ]);
  if (configured.exitCode !== 0) return null;
  return out.exitCode === 0 ? out.stdout.trim() : null;
}

/** Config for one git process through its environment (`GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_<n>`, `GIT_CONFIG_VALUE_<n>`). */
function configEnv(pairs: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  if (pairs.length === 0) return {};
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(pairs.length) };
  pairs.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

function rewritePairs(insteadOf: readonly UrlRewrite[]): Array<[string, string]> {
  return insteadOf.map((r): [string, string] => [`url.${r.base}.insteadOf`, r.value]);
}
