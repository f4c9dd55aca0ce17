import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{b as m,c as v,f as $}from"./chunk-7ROXSM3H.js";import{b as c}from"./chunk-BUF2ZWMB.js";import{a as x}from"./chunk-KMAU2FOJ.js";import{setTimeout as ee}from"node:timers/promises";import{lstat as te,readdir as re,readFile as ne,rm as w,stat as q}from"node:fs/promises";import{basename as k,dirname as R,join as L,resolve as p}from"node:path";import{chmod as Q,lchown as j,readFile as B,rm as J}from"node:fs/promises";import{basename as K,dirname as Y,resolve as U}from"node:path";import{lstat as T,mkdir as H,mkdtemp as V,rm as z,writeFile as D}from"node:fs/promises";import{tmpdir as X}from"node:os";import{join as l}from"node:path";var _=String.raw`
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
`,y=class extends Error{constructor(t){super(t),this.name="LayerMountError"}};async function d(e){let t=await m("perl",["-e",_,"--",process.arch,...e],{env:{LC_ALL:"C"}});if(t.exitCode!==0)throw new y(`${e[0]??"layer"} failed: ${String(t.stderr).trim()||`exit ${t.exitCode}`}`);return String(t.stdout)}async function ye(e){let t=[];for(let r=0;r<e.length;r+=2e3)x(t,(await d(["opaque",...e.slice(r,r+2e3)])).split("\0").filter(Boolean));return t}async function g(e,t={}){let r=e.idmap?`${e.idmap.from.uid}:${e.idmap.from.gid}:${e.idmap.to.uid}:${e.idmap.to.gid}`:"-";await d([t.replacing?"remount":"mount",e.target,e.upper?.dir??"-",e.upper?.work??"-",r,e.readOnly?"ro":"rw",...e.lowers])}async function u(e,t={}){await d([t.lazy?"detach":"umount",e])}function ge(e,t){return["perl",["-e",_,"--",process.arch,"detach-remove",e,...t]]}async function we(e){for(let t=0;t<e.length;t+=2e3)await d(["whiteout",...e.slice(t,t+2e3)])}var b=null;function he(){return b??=N(),b}async function N(){if(process.platform!=="linux"||process.geteuid?.()!==0)return!1;let e=await V(l(X(),"okstra-layer-probe-")),t=l(e,"tree"),r=!1;try{await Promise.all(["lower","upper","work","tree"].map(o=>H(l(e,o)))),await D(l(e,"lower","file"),`probe
`);let n={uid:65534,gid:65534};return await g({target:t,lowers:[l(e,"lower")],upper:{dir:l(e,"upper"),work:l(e,"work")},idmap:{from:{uid:0,gid:0},to:n}}),r=!0,(await T(l(t,"file"))).uid!==n.uid?!1:(await u(t),r=!1,!0)}catch{return!1}finally{r&&await u(t).catch(()=>{}),await z(e,{recursive:!0,force:!0}).catch(()=>{})}}async function A(e,t,r,n,o=!1){await g({target:e,lowers:[t.mask,t.checkout],upper:{dir:t.upper,work:t.work},...r?{idmap:{from:t.owner,to:r}}:{},readOnly:o},{replacing:n})}async function Ae(e,t,r){await u(e);let n=await m("chown",["-R","-P",`${r.uid}:${r.gid}`,"--",t.upper]);if(n.exitCode!==0)throw new Error(`cannot give ${e}'s changes to uid ${r.uid}: ${String(n.stderr).trim()}`);await A(e,t,r,!1)}async function Ee(e,t,r){await u(e);let n=await r(t.upper);await A(e,t,null,!1);let o={uid:process.getuid?.()??0,gid:process.getgid?.()??0};return await j(e,o.uid,o.gid),await Q(e,448),n}var Z="okstra-layers-";async function E(e){let t=U(e);await c(async()=>{let o=(await B("/proc/self/mountinfo","utf8").catch(()=>"")).split(`
`).find(s=>P(s.split(" ")[4]??"")===t);if(!o)return!1;let i=/(?:^|,)upperdir=([^,]+)/.exec(o.split(" - ")[1]??"")?.[1];await u(t,{lazy:!0});let a=i?Y(P(i)):null;return a&&K(a).startsWith(Z)&&await J(a,{recursive:!0,force:!0}),!0},{attempts:4,retryable:n=>"value"in n&&n.value})}function P(e){return e.replace(/\\([0-7]{3})/g,(t,r)=>String.fromCharCode(parseInt(r,8)))}async function S(e){if(!(await te(L(e,".git")).catch(()=>null))?.isDirectory())return!0;let r=await re(L(e,".git","worktrees")).catch(n=>n.code==="ENOENT"?[]:null);return r===null||r.length>0}async function W(e){let t=await le(e,["worktree","list","--porcelain","-z"]),r=[],n=null;for(let o of t.stdout.split("\0"))o.startsWith("worktree ")?(n={path:o.slice(9),head:null,branch:null},r.push(n)):n&&o.startsWith("HEAD ")?n.head=o.slice(5):n&&o.startsWith("branch ")&&(n.branch=o.slice(7));return r}async function M(e,t){if(t.length===0)return[];for(let r of t)await E(r),await e.run(["worktree","remove","--force","--force",r]),await w(r,{recursive:!0,force:!0});return await e.run(["worktree","prune"]),[...t]}async function Fe(e,t){if(!await S(e))return[];let r=new $(e),n=new Set(t.map(i=>`refs/heads/${i}`)),o=(await W(r)).slice(1);return M(r,o.filter(i=>i.branch!==null&&n.has(i.branch)).map(i=>i.path))}var F="okstra-stage-",O=["okstra-verify-","okstra-qa-"],h="okstra-tree-",oe=[F,...O,h],ie=/failed to read (.+)\/commondir: /,G=2e3;function C(e,t){let r=ie.exec(t)?.[1];return r?p(e,r):null}async function ae(e,t){let r=C(e,t);if(r===null||k(R(r))!=="worktrees")return null;let n=await q(p(r,"commondir")).catch(()=>null);if(!n?.isFile()||n.size!==0)return null;let o=(await ne(p(r,"gitdir"),"utf8").catch(()=>"")).trim(),i=o.endsWith("/.git")?R(o):null;return{admin:r,tree:i,ageMs:Date.now()-n.mtimeMs}}var se=/commondir|gitdir|could not lock|\.lock': File exists|unable to create/i;async function le(e,t,r={}){let n=(i,a)=>r.collisions===!0&&a<5&&se.test(i.stderr),o=await c(()=>e.run(t),{attempts:11,retryable:async(i,a)=>"value"in i&&i.value.exitCode!==0&&(n(i.value,a)||await ue(e.cwd,i.value.stderr)),delayMs:(i,a)=>"value"in a&&n(a.value,i)?50*i:0});if(o.exitCode!==0&&r.allowFailure!==!0)throw me(e.cwd,o.stderr)??new v(t,o);return o}async function ue(e,t){let r=await ae(e,t),n=r?.tree?k(r.tree):"";return!r?.tree||!oe.some(o=>n.startsWith(o))?!1:(r.ageMs<G&&(await ee(G-r.ageMs),(await q(p(r.admin,"commondir")).catch(()=>null))?.size!==0)||(await w(r.tree,{recursive:!0,force:!0}),await w(r.admin,{recursive:!0,force:!0})),!0)}function me(e,t){let r=C(e,t);return r===null?null:new Error(`git cannot list the worktrees of ${e}: the registration ${r} is half made (its commondir is empty: a \`git worktree add\` was killed before it finished). If no git command is running in this repository, delete ${r} and the folder its gitdir file names, then run again.`)}async function Oe(e,t,r){if(!await S(e))return[];let n=new $(e),o=`refs/heads/${t}`,a=(await W(n)).slice(1).filter(s=>{let f=k(s.path);return s.branch===o?f.startsWith(F)||f.startsWith(h):s.branch===null&&s.head!==null&&r.includes(s.head)&&[...O,h].some(I=>f.startsWith(I))});return M(n,a.map(s=>s.path))}export{ye as a,u as b,ge as c,we as d,he as e,A as f,Ae as g,Ee as h,Z as i,S as j,Fe as k,h as l,le as m,Oe as n};
