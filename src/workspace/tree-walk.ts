import { lstatSync, readdirSync } from 'node:fs';
import { chmod, lchown, lstat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { runTool } from '../process/run-captured.js';
import { pathArgument } from '../core/text/path-bytes.js';

/**
 * The walks behind who owns a stage tree when and what changed in it
 * (docs/security.md, "Writes" and "What okstra's git believes about a file
 * it did not read"): the take-back of a tree (or of a layered tree's upper
 * layer) from the agents, and the change-time walk of the sweep. Each is one
 * `find` (or a few side by side) over a folder; a tree decides which folder.
 */

/**
 * Who a tree taken back belongs to: okstra's own user (root when agents run as other users). Without
 * isolation okstra runs as an ordinary user and the agents as that same user, so everything is already its own
 * and nothing needs (or may be) given to root.
 */
function okstraOwner(): { uid: number; gid: number } {
  return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
}

/** find's messages in plain ASCII: its output is read byte for byte (latin1), and a path is never translated. */
const FIND_ENV = { LC_ALL: 'C' };

/**
 * Takes a tree back from the agents that had it (their processes must be
 * gone: the lease's release kills them). First the top folder becomes
 * okstra's and closed (0700), so no other user can reach inside while the
 * rest is fixed; then only what an agent made differently is touched: files
 * not owned by okstra's user (root when agents are isolated) become its (links themselves, never their targets),
 * group/other write and set-id/sticky bits are dropped, and FIFOs, sockets and
 * device nodes (which would block or escape a reader) are deleted. Touching
 * only those keeps git's index valid for the rest of the tree, so checking it
 * afterwards costs the size of the change. A hard link an agent made to a
 * file outside the tree shares its inode, which becomes okstra's too.
 *
 * With `changedSince` (a `fileClock` reading, src/sandbox/fs-access.ts) the same walk returns the
 * paths, relative to `dir`, of everything but folders whose inode changed at
 * or after it, tested before this walk changes any owner (see
 * {@link changedSince}).
 */
export async function reclaimTree(dir: string, changedSince?: bigint): Promise<string[]> {
  return reclaimFolder(dir, changedSince, false);
}

/** {@link reclaimTree} of one folder; `keepWhiteouts`: the folder is an overlay's upper layer, whose 0/0 devices are deletions. */
export async function reclaimFolder(
  dir: string,
  changedSince: bigint | undefined,
  keepWhiteouts: boolean,
): Promise<string[]> {
  const top = await lstat(dir);
  if (!top.isDirectory() || top.isSymbolicLink())
    throw new Error(`cannot take back ${dir}: it is no longer a folder (an agent replaced it)`);
  const { uid, gid } = okstraOwner();
  await lchown(dir, uid, gid);
  await chmod(dir, 0o700);
  // An agent cannot make a device (no CAP_MKNOD) but a whiteout, which in an upper layer is how a deletion is kept.
  const special = [
    '(',
    '-type',
    'p',
    '-o',
    '-type',
    's',
    '-o',
    '-type',
    'b',
    ...(keepWhiteouts ? [] : ['-o', '-type', 'c']),
    ')',
  ];
  const result = await runTool(
    'find',
    [
      dir,
      '-xdev',
      ...nestedGitTest(dir, false),
      ...['(', ...special, '-delete', ')', '-o', '('],
      ...(changedSince === undefined ? [] : [...changedTest(changedSince), ',']),
      ...['(', '(', '!', '-user', `${uid}`, '-o', '!', '-group', `${gid}`, ')'],
      ...['-exec', 'chown', '-h', `${uid}:${gid}`, '{}', '+', ')'],
      ',',
      ...['(', '!', '-type', 'l', '-perm', '/7022', '-exec', 'chmod', 'u-s,g-s,o-t,go-w', '{}', '+', ')', ')'],
    ],
    { encoding: 'latin1', env: FIND_ENV },
  );
  if (result.exitCode !== 0)
    throw new Error(`cannot take back ${dir} from the agents: ${String(result.stderr).trim() || 'find failed'}`);
  // find may have changed the top folder's bits; it stays closed until okstra shares it.
  await chmod(dir, 0o700);
  return nulSeparated(String(result.stdout));
}

/**
 * The paths (relative to `dir`, folders left out; one character per byte, as
 * git's `latin1` output gives them) whose inode changed at or
 * after `since`, a `fileClock` reading. The change time is the one stamp
 * on a file its owner cannot set: writing, truncating, renaming, linking,
 * chmod, chown and setting the modification time (utimensat) all move it to
 * the kernel's clock, so a file whose content an agent changed and whose
 * size and modification time it put back is listed all the same.
 * `split`: for a tree known to be big (a checkout a stage is laid over), the
 * walk is shared out among processes side by side ({@link splitWalk}); the
 * answer is the same set of paths, in another order.
 */
export async function changedSince(
  dir: string,
  since: bigint,
  leaveOut: readonly string[] = [],
  opts: { folders?: boolean; split?: boolean; nestedGit?: boolean } = {},
): Promise<string[]> {
  const plan = opts.split ? splitWalk(dir, new Set(leaveOut)) : null;
  const out = plan ? await walkSplit(dir, since, leaveOut, opts, plan) : await walk(dir, since, leaveOut, opts);
  return leaveOut.length === 0 ? out : out.filter((p) => !leaveOut.some((l) => p === l || p.startsWith(`${l}/`)));
}

/** One find over all of `dir`. */
async function walk(
  dir: string,
  since: bigint,
  leaveOut: readonly string[],
  opts: { folders?: boolean; nestedGit?: boolean },
): Promise<string[]> {
  const nested = opts.nestedGit ? nestedGitTest(dir, true) : [];
  const result = await runTool(
    'find',
    [dir, '-xdev', ...pruned(`${dir}/`, leaveOut), ...nested, ...changedTest(since, opts)],
    {
      encoding: 'latin1',
      env: FIND_ENV,
    },
  );
  if (result.exitCode !== 0)
    throw new Error(`cannot list what changed in ${dir}: ${String(result.stderr).trim() || 'find failed'}`);
  return nulSeparated(String(result.stdout));
}

/** How a walk is shared out: find's start points in groups (one process each), and the paths judged here by lstat. */
export interface SplitPlan {
  groups: string[][];
  /** Relative, one character per byte: the folders opened to find the start points, and what was found beside them. */
  judged: Array<{ path: string; folder: boolean; ctimeNs: bigint }>;
}

/** Folders a split walk gives find, at least: fewer, and the tree is small enough for one process. */
const SPLIT_MIN_STARTS = 8;
/** Entries a split walk judges itself while it looks for start points, at most (a flat folder of thousands is find's). */
const SPLIT_MAX_JUDGED = 512;

/**
 * Start points for walking `dir` in several processes side by side (a
 * 20,000-file checkout costs one find ~70 ms of a core, and the machine
 * usually has another): folders are opened breadth first until there are
 * {@link SPLIT_MIN_STARTS} not yet opened. What opening them met (those
 * folders and the files beside them) is judged here, with one lstat each; a
 * folder on another file system is only judged (find's -xdev would not
 * enter it either). Null when one process is the better walk: a small or
 * flat tree, or a name no argument can carry.
 */
export function splitWalk(dir: string, leaveOut: ReadonlySet<string>): SplitPlan | null {
  const parallel = Math.min(4, availableParallelism());
  if (parallel < 2) return null;
  const top = lstatSync(dir, { bigint: true, throwIfNoEntry: false });
  if (!top?.isDirectory()) return null; // find says what is wrong with it
  const judged: SplitPlan['judged'] = [{ path: '', folder: true, ctimeNs: top.ctimeNs }];
  const queue: Array<{ path: string; ctimeNs: bigint }> = [{ path: '', ctimeNs: top.ctimeNs }];
  while (queue.length > 0 && queue.length < SPLIT_MIN_STARTS) {
    const opened = queue.shift() as { path: string; ctimeNs: bigint };
    const folder = opened.path;
    const names = readdirSync(rawJoin(dir, folder), { encoding: 'buffer' });
    for (const name of names) {
      const path = folder === '' ? name.toString('latin1') : `${folder}/${name.toString('latin1')}`;
      if (leaveOut.has(path)) continue;
      // Gone meanwhile: its folder's change time says so (find, walking, would have failed on it instead).
      const st = lstatSync(rawJoin(dir, path), { bigint: true, throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory() && st.dev === top.dev) queue.push({ path, ctimeNs: st.ctimeNs });
      else judged.push({ path, folder: st.isDirectory(), ctimeNs: st.ctimeNs });
      if (judged.length > SPLIT_MAX_JUDGED) return null;
    }
    if (folder !== '') judged.push({ path: folder, folder: true, ctimeNs: opened.ctimeNs });
  }
  if (queue.length < SPLIT_MIN_STARTS) return null;
  const starts = queue.map((q) => pathArgument(q.path));
  if (starts.some((p) => p === null)) return null;
  const groups: string[][] = Array.from({ length: parallel }, () => []);
  (starts as string[]).forEach((p, i) => groups[i % parallel]?.push(p));
  return { groups, judged };
}

/** {@link walk} as a {@link splitWalk} shares it out: the groups' finds at once, from inside `dir`. */
async function walkSplit(
  dir: string,
  since: bigint,
  leaveOut: readonly string[],
  opts: { folders?: boolean },
  plan: SplitPlan,
): Promise<string[]> {
  // Judged by the lstat that planned the walk, a moment ago: what changed since `since` had changed by then.
  const here = plan.judged.filter((j) => (!j.folder || opts.folders) && j.ctimeNs >= since).map((j) => j.path);
  const found = await Promise.all(
    plan.groups
      .filter((g) => g.length > 0)
      .map(async (group) => {
        // `./` before each start point: a name that begins with `-` is not an option, and %p prints it back with it.
        const result = await runTool(
          'find',
          [...group.map((p) => `./${p}`), '-xdev', ...pruned('./', leaveOut), ...changedTest(since, opts, '%p\\0')],
          { encoding: 'latin1', env: FIND_ENV, cwd: dir },
        );
        if (result.exitCode !== 0)
          throw new Error(`cannot list what changed in ${dir}: ${String(result.stderr).trim() || 'find failed'}`);
        return nulSeparated(String(result.stdout)).map((p) => p.slice(2));
      }),
  );
  return [...here, ...found.flat()];
}

/** `dir` joined with `path` (one character per byte) as the bytes the file system holds. */
function rawJoin(dir: string, path: string): Buffer {
  return path === '' ? Buffer.from(dir) : Buffer.concat([Buffer.from(`${dir}/`), Buffer.from(path, 'latin1')]);
}

/** At most this many paths are left out of a walk by find itself; the rest are filtered from what it prints. */
const MAX_PRUNED = 200;

/**
 * find's "do not descend into these paths" (relative to `dir`, one character per byte), for as many as its
 * argument list comfortably takes; the caller filters every one of them from the output anyway.
 */
function pruned(prefix: string, paths: readonly string[]): string[] {
  const tests: string[] = [];
  for (const path of paths.slice(0, MAX_PRUNED)) {
    const text = pathArgument(path);
    // A path an argument cannot carry byte for byte is only filtered.
    if (text === null) continue;
    if (tests.length > 0) tests.push('-o');
    tests.push('-path', `${prefix}${text}`.replace(/[*?[\\]/g, '\\$&'));
  }
  return tests.length > 0 ? ['(', ...tests, ')', '-prune', '-o'] : [];
}

/**
 * find's test for a `.git` entry below the walk's top folder (the top's own
 * is the tree's pointer, okstra's to write): printed whatever its change
 * time, and its inside not walked. Each one makes git take its folder for a
 * repository of its own, whose config (filters, fsmonitor, drivers) is
 * whoever wrote it; {@link isNestedGitPath} tells them from the changed paths
 * printed beside them. `prune`: false where the walk deletes (find's
 * `-delete` walks depth first, which `-prune` cannot stop; what is inside
 * is printed then, and {@link isInsideNestedGit} tells it).
 */
function nestedGitTest(dir: string, prune: boolean): string[] {
  const below = `${dir.replace(/[*?[\\]/g, '\\$&')}/*/.git`;
  return ['(', '-path', below, '-printf', '%P\\0', ...(prune ? ['-prune'] : []), ')', '-o'];
}

/** A path (relative to a tree's top) that is a `.git` entry below the top: a nested repository's. */
export function isNestedGitPath(path: string): boolean {
  return path.endsWith('/.git');
}

/** A path inside a nested repository's `.git` (or inside the top's own, when an agent made that a folder). */
export function isInsideNestedGit(path: string): boolean {
  return path.startsWith('.git/') || path.includes('/.git/');
}

/** find's test "not a folder, changed at or after `since`", printing the path relative to the start, NUL-ended. */
function changedTest(since: bigint, opts: { folders?: boolean } = {}, format = '%P\\0'): string[] {
  // -newerct is strict ("after"); one nanosecond earlier makes it "at or after", exact because find reads nanoseconds.
  const t = since > 0n ? since - 1n : 0n;
  const at = `@${t / 1_000_000_000n}.${String(t % 1_000_000_000n).padStart(9, '0')}`;
  // A folder's change time moves when an entry is added, removed or renamed in it (the top folder is printed as '').
  return ['(', ...(opts.folders ? [] : ['!', '-type', 'd']), '-newerct', at, '-printf', format, ')'];
}

function nulSeparated(out: string): string[] {
  return out.split('\0').filter((p) => p !== '');
}
