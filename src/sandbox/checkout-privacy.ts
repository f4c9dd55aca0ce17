import { chmod, lstat } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { Git } from '../git/git.js';

/**
 * What git does not track in the user's checkout (`.env`, keys, build output,
 * notes) is closed to other users while agents run: agent users reach the
 * checkout's folder by its path (they need the search bit on it to get to the
 * object store), so any file there that others may read is theirs to read
 * once they guess its name. Each such path loses its bits for others for the
 * run; a folder without them cannot be listed or entered. Agent users have no
 * group but their own, so the owner's and the group's bits stay as they are.
 */

/** A path okstra closed, with its mode before (`mode & ~0o007` while closed). */
export interface ClosedPath {
  path: string;
  mode: number;
}

/**
 * The untracked and ignored paths of `repoDir` others can use, minus those
 * holding a path agents must reach (`keepOpen`: an agent CLI installed in
 * the checkout's `node_modules`, a temp folder inside it), which are
 * returned as `kept`. Symbolic links are left as they are: chmod would
 * change what they point to, outside the checkout. Nothing is changed here.
 */
export async function untrackedToClose(
  repoDir: string,
  keepOpen: readonly string[],
): Promise<{ close: ClosedPath[]; kept: string[] }> {
  const git = new Git(repoDir);
  const out = await git.ok(
    [
      '--no-optional-locks',
      ...['-c', 'core.fsmonitor=false', '-c', 'core.untrackedCache=false'],
      'status',
      '--porcelain=v1',
      '-z',
      '--ignore-submodules=all',
      '--untracked-files=normal',
      '--ignored=matching',
    ],
    { encoding: 'latin1' },
  );
  const close: ClosedPath[] = [];
  const kept: string[] = [];
  for (const field of out.split('\0')) {
    if (!field.startsWith('?? ') && !field.startsWith('!! ')) continue;
    const rel = field.slice(3).replace(/\/$/, '');
    const path = join(repoDir, Buffer.from(rel, 'latin1').toString());
    if (keepOpen.some((k) => isWithin(k, path))) {
      kept.push(rel);
      continue;
    }
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink() || (info.mode & 0o007) === 0) continue;
    close.push({ path, mode: info.mode & 0o7777 });
  }
  return { close, kept };
}

/**
 * Where the cloud sign-in steps leave the runner user's credentials: the
 * Azure CLI's token cache and federated assertion (`azure/login`), the AWS
 * CLI's files, gcloud's configuration. okstra reads them in its own process
 * (@azure/identity runs `az`); an agent user must not, and the tools make
 * these folders with whatever mode the umask gives. Relative to the home.
 */
export const SIGN_IN_FOLDERS = ['.azure', '.aws', '.config/gcloud'] as const;

/** The sign-in folders under `home` that others can use, to close like untracked files. */
export async function signInsToClose(home: string): Promise<ClosedPath[]> {
  const found = await Promise.all(
    SIGN_IN_FOLDERS.map(async (rel) => {
      const path = join(home, rel);
      const info = await lstat(path).catch(() => null);
      return info?.isDirectory() && (info.mode & 0o007) !== 0 ? { path, mode: info.mode & 0o7777 } : null;
    }),
  );
  return found.filter((f): f is ClosedPath => f !== null);
}

export async function closePaths(paths: readonly ClosedPath[]): Promise<void> {
  for (const p of paths) await chmod(p.path, p.mode & ~0o007).catch(ignoreGone);
}

/**
 * Gives each path its mode back, last first, unless someone changed the mode
 * (or the file) since okstra closed it: then theirs stands.
 */
export async function reopenPaths(paths: readonly ClosedPath[]): Promise<void> {
  for (const p of [...paths].reverse()) {
    const info = await lstat(p.path).catch(() => null);
    if (!info || info.isSymbolicLink() || (info.mode & 0o7777) !== (p.mode & ~0o007)) continue;
    await chmod(p.path, p.mode).catch(ignoreGone);
  }
}

/** Whether `inner` is `outer` or below it. */
function isWithin(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function ignoreGone(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
