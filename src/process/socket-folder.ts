import { lstat, readdir, rm } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive.js';

/**
 * The private folder that holds the launcher's socket (0700: no agent user can
 * reach it). It is named after the process that made it,
 * `okstra-launch-<pid>-<random>`, and goes with that process: at its exit,
 * however it exits normally. A process that is killed cannot remove it, so
 * each new launcher removes the ones of this user whose process is gone.
 */
const PREFIX = 'okstra-launch-';
const OWNED = /^okstra-launch-(\d+)-/;

const live = new Set<string>();
let hooked = false;

function removeLive(): void {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  live.clear();
}

/** A new socket folder in the temp folder, removed when this process exits (or by {@link removeSocketFolder}). */
export function makeSocketFolder(parent: string = tmpdir()): string {
  const dir = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    process.once('exit', removeLive);
  }
  return dir;
}

export function removeSocketFolder(dir: string): void {
  live.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Removes the socket folders under `parent` that this user's processes left
 * when they were killed: named for a pid that no longer runs, and owned by
 * this user (another user's are not ours to judge). Never throws: a folder it
 * cannot read or remove stays for the next one.
 */
export async function sweepDeadSocketFolders(parent: string = tmpdir()): Promise<string[]> {
  const uid = process.getuid?.();
  const removed: string[] = [];
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(OWNED.exec(name)?.[1] ?? 0);
    if (pid <= 0 || pid === process.pid || isProcessAlive(pid)) continue;
    const path = join(parent, name);
    const info = await lstat(path).catch(() => null);
    if (!info?.isDirectory() || (uid !== undefined && info.uid !== uid)) continue;
    await rm(path, { recursive: true, force: true }).then(
      () => removed.push(path),
      () => undefined,
    );
  }
  return removed;
}
