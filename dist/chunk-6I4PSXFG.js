import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as m,b as x,e as f}from"./chunk-FHFDH2CS.js";import{l as k}from"./chunk-KMIA6CLU.js";import{readFile as N,rm as g,stat as L}from"node:fs/promises";import{basename as w,dirname as E,resolve as c}from"node:path";import{chmod as z,lchown as X,readFile as Q,rm as j}from"node:fs/promises";import{basename as B,dirname as K,resolve as Y}from"node:path";import{lstat as F,mkdir as T,mkdtemp as I,rm as O,writeFile as V}from"node:fs/promises";import{tmpdir as D}from"node:os";import{join as s}from"node:path";var v=String.raw`
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
`,$=class extends Error{constructor(t){super(t),this.name="LayerMountError"}};async function d(e){let t=await m("perl",["-e",v,"--",process.arch,...e],{env:{LC_ALL:"C"}});if(t.exitCode!==0)throw new $(`${e[0]??"layer"} failed: ${String(t.stderr).trim()||`exit ${t.exitCode}`}`);return String(t.stdout)}async function ue(e){let t=[];for(let r=0;r<e.length;r+=2e3)k(t,(await d(["opaque",...e.slice(r,r+2e3)])).split("\0").filter(Boolean));return t}async function y(e,t={}){let r=e.idmap?`${e.idmap.from.uid}:${e.idmap.from.gid}:${e.idmap.to.uid}:${e.idmap.to.gid}`:"-";await d([t.replacing?"remount":"mount",e.target,e.upper?.dir??"-",e.upper?.work??"-",r,e.readOnly?"ro":"rw",...e.lowers])}async function u(e,t={}){await d([t.lazy?"detach":"umount",e])}function le(e,t){return["perl",["-e",v,"--",process.arch,"detach-remove",e,...t]]}async function me(e){for(let t=0;t<e.length;t+=2e3)await d(["whiteout",...e.slice(t,t+2e3)])}var b=null;function de(){return b??=H(),b}async function H(){if(process.platform!=="linux"||process.geteuid?.()!==0)return!1;let e=await I(s(D(),"okstra-layer-probe-")),t=s(e,"tree"),r=!1;try{await Promise.all(["lower","upper","work","tree"].map(n=>T(s(e,n)))),await V(s(e,"lower","file"),`probe
`);let o={uid:65534,gid:65534};return await y({target:t,lowers:[s(e,"lower")],upper:{dir:s(e,"upper"),work:s(e,"work")},idmap:{from:{uid:0,gid:0},to:o}}),r=!0,(await F(s(t,"file"))).uid!==o.uid?!1:(await u(t),r=!1,!0)}catch{return!1}finally{r&&await u(t).catch(()=>{}),await O(e,{recursive:!0,force:!0}).catch(()=>{})}}async function P(e,t,r,o,n=!1){await y({target:e,lowers:[t.mask,t.checkout],upper:{dir:t.upper,work:t.work},...r?{idmap:{from:t.owner,to:r}}:{},readOnly:n},{replacing:o})}async function ge(e,t,r){await u(e);let o=await m("chown",["-R","-P",`${r.uid}:${r.gid}`,"--",t.upper]);if(o.exitCode!==0)throw new Error(`cannot give ${e}'s changes to uid ${r.uid}: ${String(o.stderr).trim()}`);await P(e,t,r,!1)}async function he(e,t,r){await u(e);let o=await r(t.upper);await P(e,t,null,!1);let n={uid:process.getuid?.()??0,gid:process.getgid?.()??0};return await X(e,n.uid,n.gid),await z(e,448),o}var J="okstra-layers-";async function A(e){let t=Y(e);for(let r=0;r<4;r++){let n=(await Q("/proc/self/mountinfo","utf8").catch(()=>"")).split(`
`).find(a=>_(a.split(" ")[4]??"")===t);if(!n)return;let i=/(?:^|,)upperdir=([^,]+)/.exec(n.split(" - ")[1]??"")?.[1];await u(t,{lazy:!0});let l=i?K(_(i)):null;l&&B(l).startsWith(J)&&await j(l,{recursive:!0,force:!0})}}function _(e){return e.replace(/\\([0-7]{3})/g,(t,r)=>String.fromCharCode(parseInt(r,8)))}async function q(e){let t=["worktree","list","--porcelain","-z"],r=await e.run(t);for(let i=0;r.exitCode!==0&&i<10&&await re(e.cwd,r.stderr);i++)r=await e.run(t);if(r.exitCode!==0)throw te(e.cwd,r.stderr)??new x(t,r);let o=[],n=null;for(let i of r.stdout.split("\0"))i.startsWith("worktree ")?(n={path:i.slice(9),head:null,branch:null},o.push(n)):n&&i.startsWith("HEAD ")?n.head=i.slice(5):n&&i.startsWith("branch ")&&(n.branch=i.slice(7));return o}async function M(e,t){if(t.length===0)return[];for(let r of t)await A(r),await e.run(["worktree","remove","--force","--force",r]),await g(r,{recursive:!0,force:!0});return await e.run(["worktree","prune"]),[...t]}async function _e(e,t){let r=new f(e),o=new Set(t.map(i=>`refs/heads/${i}`)),n=(await q(r)).slice(1);return M(r,n.filter(i=>i.branch!==null&&o.has(i.branch)).map(i=>i.path))}var S="okstra-stage-",W=["okstra-verify-","okstra-qa-"],h="okstra-tree-",U=[S,...W,h],Z=/failed to read (.+)\/commondir: /,R=2e3;function G(e,t){let r=Z.exec(t)?.[1];return r?c(e,r):null}async function ee(e,t){let r=G(e,t);if(r===null||w(E(r))!=="worktrees")return null;let o=await L(c(r,"commondir")).catch(()=>null);if(!o?.isFile()||o.size!==0)return null;let n=(await N(c(r,"gitdir"),"utf8").catch(()=>"")).trim(),i=n.endsWith("/.git")?E(n):null;return{admin:r,tree:i,ageMs:Date.now()-o.mtimeMs}}async function re(e,t){let r=await ee(e,t),o=r?.tree?w(r.tree):"";return!r?.tree||!U.some(n=>o.startsWith(n))?!1:(r.ageMs<R&&(await new Promise(i=>setTimeout(i,R-r.ageMs)),(await L(c(r.admin,"commondir")).catch(()=>null))?.size!==0)||(await g(r.tree,{recursive:!0,force:!0}),await g(r.admin,{recursive:!0,force:!0})),!0)}function te(e,t){let r=G(e,t);return r===null?null:new Error(`git cannot list the worktrees of ${e}: the registration ${r} is half made (its commondir is empty: a \`git worktree add\` was killed before it finished). If no git command is running in this repository, delete ${r} and the folder its gitdir file names, then run again.`)}async function Pe(e,t,r){let o=new f(e),n=`refs/heads/${t}`,l=(await q(o)).slice(1).filter(a=>{let p=w(a.path);return a.branch===n?p.startsWith(S)||p.startsWith(h):a.branch===null&&a.head!==null&&r.includes(a.head)&&[...W,h].some(C=>p.startsWith(C))});return M(o,l.map(a=>a.path))}export{ue as a,u as b,le as c,me as d,de as e,P as f,ge as g,he as h,J as i,_e as j,h as k,re as l,te as m,Pe as n};
