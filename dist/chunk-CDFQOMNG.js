import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{b as m,c as v,f as $}from"./chunk-BNYACFEN.js";import{b as c}from"./chunk-BUF2ZWMB.js";import{a as x}from"./chunk-KMAU2FOJ.js";import{setTimeout as U}from"node:timers/promises";import{readFile as Z,rm as h,stat as q}from"node:fs/promises";import{basename as k,dirname as E,resolve as p}from"node:path";import{chmod as X,lchown as Q,readFile as j,rm as B}from"node:fs/promises";import{basename as K,dirname as N,resolve as Y}from"node:path";import{lstat as C,mkdir as I,mkdtemp as T,rm as V,writeFile as D}from"node:fs/promises";import{tmpdir as H}from"node:os";import{join as l}from"node:path";var _=String.raw`
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
`,y=class extends Error{constructor(r){super(r),this.name="LayerMountError"}};async function d(e){let r=await m("perl",["-e",_,"--",process.arch,...e],{env:{LC_ALL:"C"}});if(r.exitCode!==0)throw new y(`${e[0]??"layer"} failed: ${String(r.stderr).trim()||`exit ${r.exitCode}`}`);return String(r.stdout)}async function de(e){let r=[];for(let t=0;t<e.length;t+=2e3)x(r,(await d(["opaque",...e.slice(t,t+2e3)])).split("\0").filter(Boolean));return r}async function g(e,r={}){let t=e.idmap?`${e.idmap.from.uid}:${e.idmap.from.gid}:${e.idmap.to.uid}:${e.idmap.to.gid}`:"-";await d([r.replacing?"remount":"mount",e.target,e.upper?.dir??"-",e.upper?.work??"-",t,e.readOnly?"ro":"rw",...e.lowers])}async function u(e,r={}){await d([r.lazy?"detach":"umount",e])}function pe(e,r){return["perl",["-e",_,"--",process.arch,"detach-remove",e,...r]]}async function fe(e){for(let r=0;r<e.length;r+=2e3)await d(["whiteout",...e.slice(r,r+2e3)])}var b=null;function $e(){return b??=z(),b}async function z(){if(process.platform!=="linux"||process.geteuid?.()!==0)return!1;let e=await T(l(H(),"okstra-layer-probe-")),r=l(e,"tree"),t=!1;try{await Promise.all(["lower","upper","work","tree"].map(o=>I(l(e,o)))),await D(l(e,"lower","file"),`probe
`);let n={uid:65534,gid:65534};return await g({target:r,lowers:[l(e,"lower")],upper:{dir:l(e,"upper"),work:l(e,"work")},idmap:{from:{uid:0,gid:0},to:n}}),t=!0,(await C(l(r,"file"))).uid!==n.uid?!1:(await u(r),t=!1,!0)}catch{return!1}finally{t&&await u(r).catch(()=>{}),await V(e,{recursive:!0,force:!0}).catch(()=>{})}}async function A(e,r,t,n,o=!1){await g({target:e,lowers:[r.mask,r.checkout],upper:{dir:r.upper,work:r.work},...t?{idmap:{from:r.owner,to:t}}:{},readOnly:o},{replacing:n})}async function ve(e,r,t){await u(e);let n=await m("chown",["-R","-P",`${t.uid}:${t.gid}`,"--",r.upper]);if(n.exitCode!==0)throw new Error(`cannot give ${e}'s changes to uid ${t.uid}: ${String(n.stderr).trim()}`);await A(e,r,t,!1)}async function be(e,r,t){await u(e);let n=await t(r.upper);await A(e,r,null,!1);let o={uid:process.getuid?.()??0,gid:process.getgid?.()??0};return await Q(e,o.uid,o.gid),await X(e,448),n}var J="okstra-layers-";async function R(e){let r=Y(e);await c(async()=>{let o=(await j("/proc/self/mountinfo","utf8").catch(()=>"")).split(`
`).find(s=>P(s.split(" ")[4]??"")===r);if(!o)return!1;let i=/(?:^|,)upperdir=([^,]+)/.exec(o.split(" - ")[1]??"")?.[1];await u(r,{lazy:!0});let a=i?N(P(i)):null;return a&&K(a).startsWith(J)&&await B(a,{recursive:!0,force:!0}),!0},{attempts:4,retryable:n=>"value"in n&&n.value})}function P(e){return e.replace(/\\([0-7]{3})/g,(r,t)=>String.fromCharCode(parseInt(t,8)))}async function G(e){let r=await oe(e,["worktree","list","--porcelain","-z"]),t=[],n=null;for(let o of r.stdout.split("\0"))o.startsWith("worktree ")?(n={path:o.slice(9),head:null,branch:null},t.push(n)):n&&o.startsWith("HEAD ")?n.head=o.slice(5):n&&o.startsWith("branch ")&&(n.branch=o.slice(7));return t}async function M(e,r){if(r.length===0)return[];for(let t of r)await R(t),await e.run(["worktree","remove","--force","--force",t]),await h(t,{recursive:!0,force:!0});return await e.run(["worktree","prune"]),[...r]}async function Ge(e,r){let t=new $(e),n=new Set(r.map(i=>`refs/heads/${i}`)),o=(await G(t)).slice(1);return M(t,o.filter(i=>i.branch!==null&&n.has(i.branch)).map(i=>i.path))}var S="okstra-stage-",W=["okstra-verify-","okstra-qa-"],w="okstra-tree-",ee=[S,...W,w],re=/failed to read (.+)\/commondir: /,L=2e3;function F(e,r){let t=re.exec(r)?.[1];return t?p(e,t):null}async function te(e,r){let t=F(e,r);if(t===null||k(E(t))!=="worktrees")return null;let n=await q(p(t,"commondir")).catch(()=>null);if(!n?.isFile()||n.size!==0)return null;let o=(await Z(p(t,"gitdir"),"utf8").catch(()=>"")).trim(),i=o.endsWith("/.git")?E(o):null;return{admin:t,tree:i,ageMs:Date.now()-n.mtimeMs}}var ne=/commondir|gitdir|could not lock|\.lock': File exists|unable to create/i;async function oe(e,r,t={}){let n=(i,a)=>t.collisions===!0&&a<5&&ne.test(i.stderr),o=await c(()=>e.run(r),{attempts:11,retryable:async(i,a)=>"value"in i&&i.value.exitCode!==0&&(n(i.value,a)||await ie(e.cwd,i.value.stderr)),delayMs:(i,a)=>"value"in a&&n(a.value,i)?50*i:0});if(o.exitCode!==0&&t.allowFailure!==!0)throw ae(e.cwd,o.stderr)??new v(r,o);return o}async function ie(e,r){let t=await te(e,r),n=t?.tree?k(t.tree):"";return!t?.tree||!ee.some(o=>n.startsWith(o))?!1:(t.ageMs<L&&(await U(L-t.ageMs),(await q(p(t.admin,"commondir")).catch(()=>null))?.size!==0)||(await h(t.tree,{recursive:!0,force:!0}),await h(t.admin,{recursive:!0,force:!0})),!0)}function ae(e,r){let t=F(e,r);return t===null?null:new Error(`git cannot list the worktrees of ${e}: the registration ${t} is half made (its commondir is empty: a \`git worktree add\` was killed before it finished). If no git command is running in this repository, delete ${t} and the folder its gitdir file names, then run again.`)}async function Me(e,r,t){let n=new $(e),o=`refs/heads/${r}`,a=(await G(n)).slice(1).filter(s=>{let f=k(s.path);return s.branch===o?f.startsWith(S)||f.startsWith(w):s.branch===null&&s.head!==null&&t.includes(s.head)&&[...W,w].some(O=>f.startsWith(O))});return M(n,a.map(s=>s.path))}export{de as a,u as b,pe as c,fe as d,$e as e,A as f,ve as g,be as h,J as i,Ge as j,w as k,oe as l,Me as m};
