import { execa } from 'execa';
import { constants } from 'node:fs';
import { chmod, chown, lchown, lstat, mkdir, open, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { AgentUser } from './agent-users.js';

/**
 * File-system rules of the trust boundary. okstra creates every folder an
 * agent works in; by default agents may read them and write none of them.
 * Write access is given by ownership: a folder handed to an agent becomes
 * that agent user's alone (chown), so another agent user, running at the
 * same time, cannot write it either.
 */

/** Hands `dir` and everything in it to `user` (mode bits unchanged: group and others keep read at most). */
export async function giveTo(dir: string, user: AgentUser): Promise<void> {
  // chown -R does not follow symlinks (-P is the default), so a link in the tree cannot hand out its target.
  const result = await execa('chown', ['-R', '-P', `${user.uid}:${user.gid}`, '--', dir], { reject: false });
  if (result.exitCode !== 0) throw new Error(`cannot give ${dir} to ${user.name}: ${String(result.stderr).trim()}`);
}

/** A new folder only `user` may enter (its private HOME, TMPDIR or output folder). */
export async function privateDirFor(path: string, user: AgentUser | null): Promise<void> {
  await mkdir(path, { mode: 0o700 });
  if (user) await chown(path, user.uid, user.gid);
}

/**
 * Opens a worktree okstra created (mkdtemp makes it 0700) to agents for
 * reading: they may enter and read it; its files stay okstra's.
 */
export async function openForReading(dir: string): Promise<void> {
  await chmod(dir, 0o755);
}

/**
 * Takes a tree back from the agents that had it (their processes must be
 * gone: the lease's release kills them). First the top folder becomes
 * okstra's and closed (0700), so no other user can reach inside while the
 * rest is fixed; then only what an agent made differently is touched: files
 * not owned by root become root's (links themselves, never their targets),
 * group/other write and set-id/sticky bits are dropped, and FIFOs, sockets and
 * device nodes (which would block or escape a reader) are deleted. Touching
 * only those keeps git's index valid for the rest of the tree, so checking it
 * afterwards costs the size of the change. A hard link an agent made to a
 * file outside the tree shares its inode, which becomes root's too.
 */
export async function reclaimTree(dir: string): Promise<void> {
  const top = await lstat(dir);
  if (!top.isDirectory() || top.isSymbolicLink())
    throw new Error(`cannot take back ${dir}: it is no longer a folder (an agent replaced it)`);
  await lchown(dir, 0, 0);
  await chmod(dir, 0o700);
  const special = ['(', '-type', 'p', '-o', '-type', 's', '-o', '-type', 'b', '-o', '-type', 'c', ')'];
  const result = await execa(
    'find',
    [
      dir,
      '-xdev',
      ...['(', ...special, '-delete', ')', '-o', '('],
      ...['(', '(', '!', '-user', '0', '-o', '!', '-group', '0', ')', '-exec', 'chown', '-h', '0:0', '{}', '+', ')'],
      ',',
      ...['(', '!', '-type', 'l', '-perm', '/7022', '-exec', 'chmod', 'u-s,g-s,o-t,go-w', '{}', '+', ')', ')'],
    ],
    { reject: false },
  );
  if (result.exitCode !== 0)
    throw new Error(`cannot take back ${dir} from the agents: ${String(result.stderr).trim() || 'find failed'}`);
  // find may have changed the top folder's bits; it stays closed until okstra shares it.
  await chmod(dir, 0o700);
}

/**
 * Adds search permission (o+x, never read) on `path` and each folder above it
 * where it is missing, so an agent user can reach a repository's object store
 * or an installed CLI by its known path without being able to list the
 * folders on the way. Returns an undo that takes back exactly what was added.
 */
export async function makeReachable(path: string): Promise<() => Promise<void>> {
  const changed: Array<{ dir: string; mode: number }> = [];
  let dir = resolve(path);
  for (;;) {
    const info = await stat(dir).catch(() => null);
    if (info?.isDirectory() && (info.mode & 0o001) === 0) {
      await chmod(dir, (info.mode & 0o7777) | 0o001);
      changed.push({ dir, mode: info.mode & 0o7777 });
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return async () => {
    for (const { dir: d, mode } of changed.reverse()) await chmod(d, mode).catch(() => undefined);
  };
}

export interface AgentFile {
  text: string;
  truncated: boolean;
}

/**
 * Reads a file an agent wrote (its final message, its usage) without trusting
 * it: a symlink is refused rather than followed (it could name a file only
 * okstra may read, and okstra would put its content in the report), and so
 * is anything that is not a regular file (a FIFO would block the run). Keeps
 * the last `maxBytes` (final messages come last). Null when there is no file.
 */
export async function readAgentFile(path: string, maxBytes: number): Promise<AgentFile | null> {
  const link = await lstat(path).catch(() => null);
  if (link === null) return null;
  if (!link.isFile())
    throw new AgentFileError(
      `${path} is ${link.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; okstra reads an agent's output only from a plain file it wrote`,
    );
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new AgentFileError(`${path} is not a regular file`);
    const length = Math.min(info.size, maxBytes);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, info.size - length);
    let bytes = buffer.subarray(0, bytesRead);
    if (info.size > maxBytes) {
      // A cut in the middle of a UTF-8 sequence: drop its continuation bytes.
      let skip = 0;
      while (skip < bytes.length && skip < 4 && ((bytes[skip] as number) & 0xc0) === 0x80) skip += 1;
      bytes = bytes.subarray(skip);
    }
    return { text: bytes.toString('utf8'), truncated: info.size > maxBytes };
  } finally {
    await handle.close();
  }
}

export class AgentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentFileError';
  }
}
