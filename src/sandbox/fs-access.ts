import { runTool } from '../process/run-captured.js';
import { retry } from '../process/retry.js';
import { chownSync, constants, mkdirSync } from 'node:fs';
import { chmod, lchown, lstat, open, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { AgentUser } from './agent-users.js';
import { ReachRegistry } from './reach-registry.js';

/**
 * File-system rules of the trust boundary. okstra creates every folder an
 * agent works in; by default agents may read them and write none of them.
 * Write access is given by ownership: a folder handed to an agent becomes
 * that agent user's alone (chown), so another agent user, running at the
 * same time, cannot write it either. A stage tree changes hands its own way
 * (src/workspace/: a layered tree by a remount), through the same rules.
 */

/**
 * Hands `dir` and everything in it to `user` (mode bits unchanged: group and
 * others keep read at most). Returns the file clock once every file is the
 * user's ({@link handedOverAt}): whatever changes an inode after that instant
 * is the agent's doing, okstra's own ownership change is before it.
 */
export async function giveTo(dir: string, user: AgentUser): Promise<bigint> {
  // chown -R does not follow symlinks (-P is the default), so a link in the tree cannot hand out its target.
  const result = await runTool('chown', ['-R', '-P', `${user.uid}:${user.gid}`, '--', dir]);
  if (result.exitCode !== 0) throw new Error(`cannot give ${dir} to ${user.name}: ${String(result.stderr).trim()}`);
  return handedOverAt(dir, user);
}

/**
 * The end of a hand-over of `dir` to `user`, whose files are already the
 * user's: its top folder given too, its change time set again until the
 * clock has moved past every chown (the agent has not started yet). Returns
 * that instant, the one a later change-time sweep starts from.
 */
export async function handedOverAt(dir: string, user: AgentUser): Promise<bigint> {
  return clockPast(dir, () => lchown(dir, user.uid, user.gid));
}

/**
 * The clock the kernel stamps inode change times with, read off `path` (a
 * file okstra owns and no agent can write), strictly after every change
 * okstra made before the call: a change time the kernel gives later is at
 * least the returned value, one it gave earlier is below it.
 */
export async function fileClock(path: string): Promise<bigint> {
  let n = 0;
  return clockPast(path, () => writeFile(path, String(++n), { mode: 0o600 }));
}

/**
 * Changes `path`'s inode with `touch` until its change time moves past the
 * first reading, and returns that time. The clock is coarse (a tick of a few
 * milliseconds) unless the kernel refines it, so several changes made just
 * before can carry the first reading too; none can carry the second.
 */
async function clockPast(path: string, touch: () => Promise<void>): Promise<bigint> {
  const read = async (): Promise<bigint> => {
    await touch();
    return (await lstat(path, { bigint: true })).ctimeNs;
  };
  const first = await read();
  // A clock set back never passes `first`; its own reading is then the lower, so the more cautious, answer.
  return retry(read, { attempts: 1000, retryable: (o) => 'value' in o && o.value === first, delayMs: () => 1 });
}

/** A new folder only `user` may enter (its private HOME, TMPDIR or output folder). */
export async function privateDirFor(path: string, user: AgentUser | null): Promise<void> {
  // Two system calls, made at once: a verify phase makes two dozen of these together, and through the thread
  // pool each waited behind the others' round trips (15 ms for the last of twelve sessions).
  mkdirSync(path, { mode: 0o700 });
  if (user) chownSync(path, user.uid, user.gid);
}

/**
 * Opens a worktree okstra created (mkdtemp makes it 0700) to agents for
 * reading: they may enter and read it; its files stay okstra's.
 */
export async function openForReading(dir: string): Promise<void> {
  await chmod(dir, 0o755);
}

/** Where every okstra process on the machine records the search bits it added (beside the agents' leases). */
export const DEFAULT_REACH_DIR = '/run/okstra-agents/reach';
const sharedReach = new ReachRegistry(DEFAULT_REACH_DIR);

/**
 * Adds search permission (o+x, never read) on `path` and each folder above it
 * where it is missing, so an agent user can reach a repository's object store
 * or an installed CLI by its known path without being able to list the
 * folders on the way. Returns an undo that takes back exactly what was added,
 * once no other okstra process on the machine still needs it (ReachRegistry:
 * parallel runs on one host share the folders above their trees).
 */
export async function makeReachable(path: string, registry: ReachRegistry = sharedReach): Promise<() => Promise<void>> {
  const releases: Array<() => Promise<void>> = [];
  let dir = resolve(path);
  for (;;) {
    releases.push(await registry.hold(dir));
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return async () => {
    for (const release of releases.reverse()) await release().catch(() => undefined);
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
