import { runTool } from '../process/run-captured.js';
import { lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushAll } from '../core/arrays.js';

/**
 * The kernel calls behind layered stage trees (src/workspace/laying.ts):
 * overlay mounts whose read-only layers can be seen through an ID mapping, the
 * whiteouts that hide a lower file, and unmounting.
 *
 * Node has no binding for mount(2)'s newer calls (open_tree, mount_setattr,
 * fsopen, fsmount, move_mount), and util-linux learned ID-mapped mounts only
 * in 2.39. Perl is on every machine that has git (Debian's and Ubuntu's git
 * depend on it) and its `syscall` reaches any system call, so a short script
 * does it. The new mount API's call numbers are the same on every
 * architecture; the three older calls it needs are looked up per architecture,
 * and any other architecture fails, which makes okstra check stage trees out
 * in full instead.
 *
 * An ID-mapped layer is cloned from its folder and never attached anywhere:
 * the overlay takes it by its file descriptor (/proc/self/fd/N) and keeps its
 * own private clone, so no path on the machine ever shows the mapped view of a
 * layer, and the mapped clone goes when the script exits.
 */
const SCRIPT = String.raw`
use strict;
my $arch = shift @ARGV;
my %nr = $arch eq 'arm64' ? (mknodat => 33, umount2 => 39, unshare => 97, lgetxattr => 9)
       : $arch eq 'x64'   ? (mknodat => 259, umount2 => 166, unshare => 272, lgetxattr => 192)
       : die "unsupported architecture $arch\n";
sub ok { my ($what, $r) = @_; die "$what: $!\n" if $r < 0; return $r; }
my $op = shift @ARGV;
if ($op eq 'remount') { my $t = $ARGV[0]; ok("umount $t", syscall($nr{umount2}, $t, 0)); $op = 'mount'; }
my $empty = '';
if ($op eq 'whiteout') { for my $p (@ARGV) { my $path = $p; ok("mknod $path", syscall($nr{mknodat}, -100, $path, 0020000, 0)); } exit 0; }
if ($op eq 'opaque') { my $name = 'trusted.overlay.opaque'; for my $p (@ARGV) { my $path = $p; my $v = "\0"; my $n = syscall($nr{lgetxattr}, $path, $name, $v, 1); print "$p\0" if $n == 1 && $v eq 'y'; } exit 0; }
if ($op eq 'detach-remove') { my $t = shift @ARGV; syscall($nr{umount2}, $t, 2); exec('rm', '-rf', '--', $t, @ARGV) or die "rm: $!\n"; }
if ($op eq 'umount' || $op eq 'detach') { my $t = $ARGV[0]; ok("umount $t", syscall($nr{umount2}, $t, $op eq 'detach' ? 2 : 0)); exit 0; }
die "unknown operation $op\n" unless $op eq 'mount';
my ($target, $upper, $work, $map, $access, @lowers) = @ARGV;
my $nsfd;
if ($map ne '-') {
  my ($from_uid, $from_gid, $to_uid, $to_gid) = split /:/, $map;
  pipe(my $r, my $w) or die "pipe: $!\n"; pipe(my $r2, my $w2) or die "pipe: $!\n";
  my $pid = fork() // die "fork: $!\n";
  if ($pid == 0) { close $r; close $w2; my $u = syscall($nr{unshare}, 0x10000000); syswrite $w, ($u == 0 ? 'y' : 'n'); close $w; sysread $r2, my $x, 1; exit 0; }
  close $w; close $r2; sysread $r, my $ans, 1;
  die "unshare: no user namespace\n" unless defined $ans && $ans eq 'y';
  for (['uid_map', "$from_uid $to_uid 1\n"], ['setgroups', "deny"], ['gid_map', "$from_gid $to_gid 1\n"]) {
    open(my $f, '>', "/proc/$pid/$_->[0]") or die "$_->[0]: $!\n"; print $f $_->[1]; close $f or die "$_->[0]: $!\n";
  }
  open($nsfd, '<', "/proc/$pid/ns/user") or die "user namespace: $!\n";
  close $w2; waitpid $pid, 0;
}
my @fds;
for my $l (@lowers) {
  my $path = $l;
  my $fd = ok("open_tree $path", syscall(428, -100, $path, 1 | 0x80000));
  if ($nsfd) { my $attr = pack('QQQQ', 0x00100000, 0, 0, fileno($nsfd)); ok("mount_setattr $path", syscall(442, $fd, $empty, 0x1000, $attr, 32)); }
  push @fds, $fd;
}
my $type = 'overlay';
my $fs = ok('fsopen overlay', syscall(430, $type, 1));
my @cfg = (['lowerdir', join(':', map { "/proc/self/fd/$_" } @fds)], ['redirect_dir', 'off'], ['metacopy', 'off'], ['index', 'off']);
push @cfg, (['upperdir', $upper], ['workdir', $work]) if $upper ne '-';
for my $c (@cfg) { my ($k, $v) = @$c; ok("overlay option $k", syscall(431, $fs, 1, $k, $v, 0)); }
ok('overlay create', syscall(431, $fs, 6, 0, 0, 0));
my $mnt = ok('fsmount', syscall(432, $fs, 1, 0x2 | 0x4 | ($upper eq '-' || $access eq 'ro' ? 0x1 : 0)));
ok("move_mount $target", syscall(429, $mnt, $empty, -100, $target, 4));
`;

/** Files on disk owned by `from` are seen (and written) as `to`'s through a mapped layer. */
export interface LayerIdMap {
  from: { uid: number; gid: number };
  to: { uid: number; gid: number };
}

export interface OverlaySpec {
  /** The mount point. */
  target: string;
  /** Read-only layers, top first. */
  lowers: readonly string[];
  /** Where writes go, and overlay's work folder beside it (same file system); none: a read-only tree. */
  upper?: { dir: string; work: string };
  /** Seen through this mapping: the lower layers only (the upper layer is handed over by ownership). */
  idmap?: LayerIdMap;
  /** Mounted read-only: every write through it fails (EROFS), whoever makes it and whatever a file's mode says. */
  readOnly?: boolean;
}

export class LayerMountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LayerMountError';
  }
}

async function perl(args: readonly string[]): Promise<string> {
  const result = await runTool('perl', ['-e', SCRIPT, '--', process.arch, ...args], { env: { LC_ALL: 'C' } });
  if (result.exitCode !== 0)
    throw new LayerMountError(
      `${args[0] ?? 'layer'} failed: ${String(result.stderr).trim() || `exit ${result.exitCode}`}`,
    );
  return String(result.stdout);
}

/**
 * Which of `dirs` (folders of an upper layer) are opaque: made anew over a
 * folder of a lower layer (deleted and created again), so nothing of the
 * lower one shows through them. The kernel's marker is an extended
 * attribute, which Node cannot read.
 */
export async function opaqueFolders(dirs: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < dirs.length; i += 2_000)
    pushAll(out, (await perl(['opaque', ...dirs.slice(i, i + 2_000)])).split('\0').filter(Boolean));
  return out;
}

/**
 * Mounts an overlay (nosuid, nodev; without an upper layer also read-only).
 * Not `redirect_dir` or `metacopy`: both would make the kernel follow paths
 * written in extended attributes of the upper layer, which agents fill.
 */
export async function mountOverlay(spec: OverlaySpec, opts: { replacing?: boolean } = {}): Promise<void> {
  const map = spec.idmap
    ? `${spec.idmap.from.uid}:${spec.idmap.from.gid}:${spec.idmap.to.uid}:${spec.idmap.to.gid}`
    : '-';
  await perl([
    // Replacing: the mount already at the target is detached first, in the same process.
    opts.replacing ? 'remount' : 'mount',
    spec.target,
    spec.upper?.dir ?? '-',
    spec.upper?.work ?? '-',
    map,
    spec.readOnly ? 'ro' : 'rw',
    ...spec.lowers,
  ]);
}

/**
 * Unmounts `target`. Strict by default: it fails while any process still has
 * a file or folder open inside (okstra unmounts only after the agents'
 * processes are gone, and a survivor must not keep writing through a
 * detached tree). `lazy` detaches it at once whoever is inside: for a tree
 * being deleted.
 */
export async function unmount(target: string, opts: { lazy?: boolean } = {}): Promise<void> {
  await perl([opts.lazy ? 'detach' : 'umount', target]);
}

/**
 * The command that detaches the mount at `target` and then deletes `target`
 * and `more` (`rm -rf`): for a tree nobody uses any more, run in the
 * background, since detaching a big tree costs the kernel tens of
 * milliseconds of cache eviction.
 */
export function detachAndRemoveCommand(target: string, more: readonly string[]): [string, string[]] {
  return ['perl', ['-e', SCRIPT, '--', process.arch, 'detach-remove', target, ...more]];
}

/** Makes each path (in a layer, not yet existing) a whiteout: the file or folder below it is hidden. */
export async function makeWhiteouts(paths: readonly string[]): Promise<void> {
  // One process for many: the argument list stays well under the kernel's limit in chunks.
  for (let i = 0; i < paths.length; i += 2_000) await perl(['whiteout', ...paths.slice(i, i + 2_000)]);
}

let probed: Promise<boolean> | null = null;

/**
 * Whether this machine can make layered trees: okstra runs as root on Linux
 * and an ID-mapped overlay mounts and unmounts (kernel 5.19 or later, perl,
 * a file system for /tmp that overlay accepts as its upper layer). Asked once
 * per process; the answer is the real thing tried in a scratch folder.
 */
export function layersAvailable(): Promise<boolean> {
  probed ??= probe();
  return probed;
}

async function probe(): Promise<boolean> {
  if (process.platform !== 'linux' || process.geteuid?.() !== 0) return false;
  const dir = await mkdtemp(join(tmpdir(), 'okstra-layer-probe-'));
  const target = join(dir, 'tree');
  let mounted = false;
  try {
    await Promise.all(['lower', 'upper', 'work', 'tree'].map((d) => mkdir(join(dir, d))));
    await writeFile(join(dir, 'lower', 'file'), 'probe\n');
    const nobody = { uid: 65534, gid: 65534 };
    await mountOverlay({
      target,
      lowers: [join(dir, 'lower')],
      upper: { dir: join(dir, 'upper'), work: join(dir, 'work') },
      idmap: { from: { uid: 0, gid: 0 }, to: nobody },
    });
    mounted = true;
    // The mapping must show: the lower file is nobody's through the tree.
    if ((await lstat(join(target, 'file'))).uid !== nobody.uid) return false;
    await unmount(target);
    mounted = false;
    return true;
  } catch {
    return false;
  } finally {
    if (mounted) await unmount(target).catch(() => undefined);
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
