import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{m as A}from"./chunk-SDKRNGC5.js";import{spawn as pe}from"node:child_process";import{closeSync as $e,openSync as me}from"node:fs";import{isAbsolute as ye}from"node:path";import{spawn as oe}from"node:child_process";import{randomBytes as ie}from"node:crypto";import{createServer as se}from"node:net";import{constants as j}from"node:os";import{join as ae}from"node:path";import{PassThrough as h}from"node:stream";var C=String.raw`
use strict;
use warnings;
use POSIX qw(:sys_wait_h setsid _exit dup2 EPERM);
use Socket qw(AF_UNIX SOCK_STREAM pack_sockaddr_un);
my $path = shift @ARGV;
# Whatever okstra's process held open without close-on-exec (a test runner's channel) is not for children.
if (opendir(my $fds, '/proc/self/fd')) { my @open = grep { /^\d+$/ && $_ > 2 } readdir $fds; closedir $fds; POSIX::close($_) for @open; }
my (%live, %early, %starting);
sub report { my $line = shift; my $off = 0; while ($off < length $line) { my $n = syswrite(STDOUT, $line, length($line) - $off, $off); if (!defined $n) { next if $!{EINTR}; _exit(1); } $off += $n; } }
sub finish {
  my ($pid, $st) = @_;
  my $rec = delete $live{$pid};
  kill 'KILL', -$pid if $rec->{detached};
  my $code = WIFEXITED($st) ? WEXITSTATUS($st) : '-';
  my $sig = WIFSIGNALED($st) ? WTERMSIG($st) : '-';
  report("X $rec->{id} $code $sig\n");
}
sub reap {
  while ((my $pid = waitpid(-1, WNOHANG)) > 0) {
    my $st = $?;
    if (exists $live{$pid}) { finish($pid, $st); } else { $early{$pid} = $st; }
  }
}
$SIG{CHLD} = \&reap;
report("R\n");
sub refuse { my ($id, $errno, @close) = @_; close $_ for @close; report("E $id $errno\n"); return; }
sub launch {
  my @f = split /\0/, shift, -1;
  my ($id, $token, $detached, $file, $cwd, $uid, $gid, $stdin, $argc) = splice(@f, 0, 9);
  my @args = splice(@f, 0, $argc);
  my $envc = shift @f;
  my @env = splice(@f, 0, $envc);
  my $kill = $detached eq 'K';
  my @fds = $kill ? () : $stdin ne '' ? (1, 2) : (0 .. 2);
  my @socks;
  for my $fd (@fds) {
    my $s;
    socket($s, AF_UNIX, SOCK_STREAM, 0) or return refuse($id, $! + 0, @socks);
    push @socks, $s;
    my $ok;
    do { $ok = connect($s, pack_sockaddr_un($path)); } while (!$ok && $!{EINTR});
    $ok or return refuse($id, $! + 0, @socks);
    my $hello = $token . $fd;
    (syswrite($s, $hello) // -1) == length $hello or return refuse($id, ($! + 0) || EPERM, @socks);
  }
  my ($r, $w);
  pipe($r, $w) or return refuse($id, $! + 0, @socks);
  my $pid = fork();
  return refuse($id, $! + 0, @socks, $r, $w) unless defined $pid;
  if ($pid == 0) {
    $SIG{CHLD} = 'DEFAULT';
    close $r;
    my $errno = 0;
    STEP: {
      if ($detached eq '1' && !defined setsid()) { $errno = $! + 0; last STEP; }
      for my $i (0 .. $#fds) { if (!defined dup2(fileno($socks[$i]), $fds[$i])) { $errno = $! + 0; last STEP; } }
      if ($stdin ne '') {
        my $in;
        if (!open($in, '<', $stdin)) { $errno = $! + 0; last STEP; }
        if (fileno($in) != 0 && !defined dup2(fileno($in), 0)) { $errno = $! + 0; last STEP; }
      }
      if (!$kill && !chdir $cwd) { $errno = $! + 0; last STEP; }
      if ($uid ne '') {
        $! = 0;
        $) = "$gid $gid";
        if ((split ' ', $))[0] != $gid) { $errno = $! + 0 || EPERM; last STEP; }
        if (!POSIX::setgid($gid)) { $errno = $! + 0 || EPERM; last STEP; }
        if (!POSIX::setuid($uid)) { $errno = $! + 0 || EPERM; last STEP; }
        if ($< != $uid || $> != $uid || (split ' ', $()[0] != $gid || (split ' ', $))[0] != $gid) { $errno = EPERM; last STEP; }
      }
      if ($kill) { close $w; my $sent = kill 'KILL', -1; _exit($sent || $!{ESRCH} ? 0 : 2); }
      %ENV = ();
      for my $e (@env) { my ($k, $v) = split /=/, $e, 2; $ENV{$k} = $v // ''; }
      { no warnings 'exec'; exec { $file } $file, @args; }
      $errno = $! + 0;
    }
    syswrite($w, pack('N', $errno || EPERM));
    _exit(127);
  }
  close $w;
  close $_ for @socks;
  # The exec's outcome is read in the main loop: the next request forks while this child still execs.
  $starting{fileno $r} = { fh => $r, got => '', id => $id, pid => $pid, detached => $detached eq '1', own => $detached eq '0' && $uid eq '' };
}
# A child's exec-status pipe is readable: 4 bytes are its errno (it never ran), EOF is a successful exec.
sub settle {
  my $s = shift;
  my $n = sysread($s->{fh}, $s->{got}, 4 - length $s->{got}, length $s->{got});
  return if !defined $n && $!{EINTR};
  return if defined $n && $n > 0 && length $s->{got} < 4;
  delete $starting{fileno $s->{fh}};
  close $s->{fh};
  my $pid = $s->{pid};
  if (length $s->{got} == 4) {
    waitpid($pid, 0);
    delete $early{$pid};
    report("E $s->{id} " . unpack('N', $s->{got}) . "\n");
    return;
  }
  $live{$pid} = { id => $s->{id}, pid => $pid, detached => $s->{detached}, own => $s->{own} };
  report("S $s->{id} $pid\n");
  finish($pid, delete $early{$pid}) if exists $early{$pid};
}
my $buf = '';
my $open = 1;
while ($open) {
  my $rin = '';
  vec($rin, fileno(STDIN), 1) = 1;
  vec($rin, $_, 1) = 1 for keys %starting;
  # A SIGCHLD that lands between perl's check for signals and the select call would wait for the next request:
  # while children run, select wakes now and then to run the handler (a self-pipe is out of reach of perl's
  # deferred signals).
  my $ready = select(my $rout = $rin, undef, undef, %live || %starting ? 0.05 : undef);
  if ($ready < 0) { next if $!{EINTR}; last; }
  for my $fd (keys %starting) { settle($starting{$fd}) if vec($rout, $fd, 1); }
  next unless vec($rout, fileno(STDIN), 1);
  my $n = sysread(STDIN, $buf, 65536, length $buf);
  if (!defined $n) { next if $!{EINTR}; last; }
  if ($n == 0) { $open = 0; last; }
  while ($buf =~ /\A(\d+)\n/) {
    my $head = length($1) + 1;
    my $len = $1;
    last if length($buf) < $head + $len;
    my $payload = substr($buf, $head, $len);
    substr($buf, 0, $head + $len) = '';
    launch($payload);
  }
}
$SIG{CHLD} = 'DEFAULT';
my @own;
for my $rec (values(%live), values(%starting)) {
  my $pid = $rec->{pid};
  if ($rec->{own}) { kill 'TERM', $pid; push @own, $pid; } else { kill 'KILL', ($rec->{detached} ? -$pid : $pid); }
}
my $until = time + 5;
while (@own && time < $until) {
  @own = grep { waitpid($_, WNOHANG) == 0 } @own;
  select(undef, undef, undef, 0.02) if @own;
}
kill 'KILL', $_ for @own;
_exit(0);
`;import{lstat as Q,readdir as Y,rm as Z}from"node:fs/promises";import{mkdtempSync as ee,rmSync as M}from"node:fs";import{tmpdir as B}from"node:os";import{join as O}from"node:path";function N(t){if(!Number.isInteger(t)||t<=0)return!1;try{return process.kill(t,0),!0}catch(e){return e.code==="EPERM"}}var te="okstra-launch-",re=/^okstra-launch-(\d+)-/,S=new Set,F=!1;function ne(){for(let t of S)M(t,{recursive:!0,force:!0});S.clear()}function G(t=B()){let e=ee(O(t,`${te}${process.pid}-`));return S.add(e),F||(F=!0,process.once("exit",ne)),e}function D(t){S.delete(t),M(t,{recursive:!0,force:!0})}async function q(t=B()){let e=process.getuid?.(),r=[],n=await Y(t).catch(()=>[]);for(let o of n){let i=Number(re.exec(o)?.[1]??0);if(i<=0||i===process.pid||N(i))continue;let s=O(t,o),a=await Q(s).catch(()=>null);!a?.isDirectory()||e!==void 0&&a.uid!==e||await Z(s,{recursive:!0,force:!0}).then(()=>r.push(s),()=>{})}return r}var u=class extends Error{constructor(r,n){super(n);this.code=r;this.name="StartError"}code};function y(t){return Promise.all(t.map(e=>e.closed?Promise.resolve():new Promise(r=>e.once("close",()=>r())))).then(()=>{})}var v=16,H=v*2+1,de=100,le=5;function K(t){let e=new Map;for(let[r,n]of Object.entries(t))e.has(n)||e.set(n,r);return e}var ue=K(j.errno),ce=K(j.signals),k=class{state="idle";restarts=0;dir=null;server=null;helper=null;nextId=1;byId=new Map;byToken=new Map;reportBuffer="";get ready(){return this.state==="ready"}get pid(){return this.helper?.pid??null}prepare(){if(this.state==="idle"){if(this.restarts>le){this.state="broken";return}this.state="starting";try{this.boot()}catch{this.teardown("broken")}}}start(e){return this.send(e,"start")}async killAllOf(e){let r={file:"",args:[],cwd:"/",env:{},user:e,detached:!1};try{return(await(await this.send(r,"kill-all")).exited).code===0}catch{return!1}}send(e,r){let n=this.helper;if(this.state!=="ready"||!n?.stdin)return Promise.reject(new Error("the launcher is not running"));let o;try{o=fe(e,r)}catch(d){return Promise.reject(d instanceof Error?d:new Error(String(d)))}let i=this.nextId++,s=ie(v).toString("hex"),a=()=>{},l=new Promise(d=>a=d);return new Promise((d,f)=>{let m={id:i,token:s,request:e,sockets:[e.stdinFile?P():void 0,void 0,void 0],socketClosed:[void 0,void 0,void 0],pid:null,started:!1,ended:!1,streams:r==="start",exited:l,resolveStart:d,rejectStart:f,resolveExit:a};this.byId.set(i,m),this.byToken.set(s,m),this.byId.size===1&&n.stdout?.ref();let L=Buffer.from([String(i),s,o].join("\0"),"utf8");n.stdin?.write(Buffer.concat([Buffer.from(`${L.length}
`,"latin1"),L]))})}boot(){let e=G();this.dir=e,q();let r=ae(e,"s");if(Buffer.byteLength(r)>de)throw new Error("socket path too long");let n=se(o=>this.accept(o));this.server=n,n.on("error",()=>this.teardown("broken")),n.listen(r,()=>{if(this.server!==n)return;let o;try{o=oe("perl",["-e",C,r],{stdio:["pipe","pipe","ignore"],detached:!0,env:{PATH:process.env.PATH??"/usr/bin:/bin"}})}catch{this.teardown("broken");return}this.helper=o,o.on("error",()=>this.onHelperGone(o)),o.on("exit",()=>this.onHelperGone(o)),o.stdin?.on("error",()=>{}),o.stdout?.setEncoding("latin1"),o.stdout?.on("data",i=>this.onReports(i)),o.unref(),o.stdin?.unref(),o.stdout?.unref()}),n.unref()}accept(e){e.on("error",()=>{});let r=y([e]),n=Buffer.alloc(0),o=i=>{if(n=Buffer.concat([n,i]),n.length<H)return;e.off("data",o),e.pause();let s=n.subarray(H);s.length>0&&e.unshift(s);let a=n.subarray(0,v*2).toString("latin1"),l=(n[v*2]??0)-48,d=this.byToken.get(a);if(!d||l<0||l>2||d.sockets[l]){e.destroy();return}d.sockets[l]=e,d.socketClosed[l]=r,this.settleStart(d)};e.on("data",o)}onReports(e){this.reportBuffer+=e;let r;for(;(r=this.reportBuffer.indexOf(`
`))>=0;){let n=this.reportBuffer.slice(0,r);this.reportBuffer=this.reportBuffer.slice(r+1),this.onReport(n.split(" "))}}onReport([e,r,n,o]){if(e==="R"){this.state==="starting"&&(this.state="ready");return}let i=this.byId.get(Number(r));if(i){if(e==="S")i.pid=Number(n),this.settleStart(i);else if(e==="E"){let s=ue.get(Number(n))??"EPERM";this.forget(i);for(let a of i.sockets)a?.destroy();i.rejectStart(new u(s,`spawn ${i.request.file} ${s}`))}else if(e==="X"){let s={code:n==="-"?null:Number(n),signal:o==="-"||o===void 0?null:ce.get(Number(o))??null};i.ended=!0,i.resolveExit(s),i.started&&this.forget(i)}}}settleStart(e){if(e.started||e.pid===null)return;let[r,n,o]=e.streams?e.sockets:[new h,new h,new h];!r||!n||!o||(e.started=!0,this.byToken.delete(e.token),e.ended&&this.forget(e),r.on("data",()=>{}),r.resume(),e.resolveStart({pid:e.pid,stdin:r,stdout:n,stderr:o,exited:e.exited,outputClosed:Promise.all(e.socketClosed.slice(1)).then(()=>{}),guarded:!0}))}forget(e){this.byId.delete(e.id),this.byToken.delete(e.token),this.byId.size===0&&this.helper?.stdout?.unref()}onHelperGone(e){if(this.helper!==e)return;this.restarts+=1;let r=[...this.byId.values()];this.teardown("idle");for(let n of r){for(let o of n.sockets)o?.destroy();if(n.pid===null){n.rejectStart(new u("EPIPE",`spawn ${n.request.file}: the process launcher ended`));continue}try{process.kill(n.request.detached?-n.pid:n.pid,"SIGKILL")}catch{}if(!n.started){for(let o=0;o<3;o++){if(n.sockets[o])continue;let i=new h;n.sockets[o]=i,n.socketClosed[o]=y([i]),i.end(),i.resume()}this.settleStart(n)}n.resolveExit({code:null,signal:"SIGKILL"})}}teardown(e){this.state=e,this.byId.clear(),this.byToken.clear(),this.reportBuffer="";let r=this.helper;this.helper=null,r&&(r.stdin?.destroy(),r.stdout?.destroy()),this.server?.close(),this.server=null,this.dir&&D(this.dir),this.dir=null}};function fe(t,e="start"){let r=Object.entries(t.env).filter(([,i])=>i!==void 0).map(([i,s])=>`${i}=${s}`),n=[e==="kill-all"?"K":t.detached?"1":"0",t.file,t.cwd,t.user?String(t.user.uid):"",t.user?String(t.user.gid):"",t.stdinFile??"",String(t.args.length),...t.args,String(r.length),...r],o=n.findIndex(i=>typeof i!="string"||i.includes("\0"));if(o>=0)throw new TypeError(`spawn ${t.file}: ${typeof n[o]=="string"?"an argument or variable contains a NUL byte":`an argument is ${typeof n[o]}, not a string`}`);return n.join("\0")}function P(){let t=new h;return t.end(),t}var g=new k;function X(t){return t.OKSTRA_LAUNCHER==="direct"?"direct":"auto"}async function V(t){if(t.stdinFile!==void 0&&!ye(t.stdinFile))throw new TypeError(`spawn ${t.file}: the stdin file must be an absolute path (got "${t.stdinFile}")`);if(X(process.env)==="auto"){if(g.ready)return g.start(t);g.prepare()}return he(t)}function he(t){let e,r=null;try{t.stdinFile&&(r=me(t.stdinFile,"r")),e=pe(t.file,[...t.args],{cwd:t.cwd,env:{...t.env},detached:t.detached,stdio:[r??"pipe","pipe","pipe"],windowsHide:!0,...t.user?{uid:t.user.uid,gid:t.user.gid}:{}})}catch(i){let s=i?.code,a=r===null&&t.stdinFile&&typeof s=="string"?new u(s,`spawn ${t.file}: cannot open its stdin file ${t.stdinFile}: ${s}`):i;return Promise.reject(a instanceof Error?a:new Error(String(a)))}finally{r!==null&&$e(r)}let n=e.stdout&&e.stderr?y([e.stdout,e.stderr]):Promise.resolve(),o=new Promise(i=>{e.once("exit",(s,a)=>i({code:s,signal:a})),e.once("error",()=>i({code:null,signal:null}))});return new Promise((i,s)=>{e.once("error",a=>{e.pid===void 0&&s(new u(a.code??"EPERM",a.message))}),e.once("spawn",()=>{let{stdout:a,stderr:l,pid:d}=e,f=r===null?e.stdin:P();if(!f||!a||!l||d===void 0){s(new u("EPERM",`spawn ${t.file}: no pipes`));return}a.pause(),l.pause(),i({pid:d,stdin:f,stdout:a,stderr:l,exited:o,outputClosed:n,guarded:!1})})})}async function rt(t){return X(process.env)!=="auto"||!g.ready?!1:g.killAllOf(t)}var E=class extends Error{constructor(e,r){super(`${e} wrote more than ${Math.round(r/1024/1024)} MB of output; it was stopped`),this.name="OutputTooLargeError"}};async function ge(t){let e=await V({...t,detached:!1}),r=t.maxBytes??256*1024*1024,n=!1,o=l=>{let d=[],f=0;return l.on("data",m=>{if(f+=m.length,f>r){if(!n){n=!0;try{process.kill(e.pid,"SIGKILL")}catch{}}return}d.push(m)}),l.on("error",()=>{}),l.resume(),d},i=o(e.stdout),s=o(e.stderr);e.stdin.on("error",()=>{}),t.stdinFile===void 0&&e.stdin.end(t.input??"");let[a]=await Promise.all([e.exited,e.outputClosed]);if(n)throw new E(t.file,r);return{stdout:Buffer.concat(i),stderr:Buffer.concat(s),exitCode:a.code,signal:a.signal}}async function x(t,e,r={}){let n=r.encoding??"utf8",o=await ge({file:t,args:e,cwd:r.cwd??process.cwd(),env:{...process.env,...r.env}});return{stdout:o.stdout.toString(n),stderr:o.stderr.toString(n),exitCode:o.exitCode??-1}}import{chmod as J,lchown as Ee,readFile as Re,rm as Te}from"node:fs/promises";import{basename as _e,dirname as Ie,resolve as p}from"node:path";import{lstat as we,mkdir as Se,mkdtemp as ve,rm as ke,writeFile as xe}from"node:fs/promises";import{tmpdir as be}from"node:os";import{join as c}from"node:path";var U=String.raw`
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
`,R=class extends Error{constructor(e){super(e),this.name="LayerMountError"}};async function b(t){let e=await x("perl",["-e",U,"--",process.arch,...t],{env:{LC_ALL:"C"}});if(e.exitCode!==0)throw new R(`${t[0]??"layer"} failed: ${String(e.stderr).trim()||`exit ${e.exitCode}`}`);return String(e.stdout)}async function ct(t){let e=[];for(let r=0;r<t.length;r+=2e3)A(e,(await b(["opaque",...t.slice(r,r+2e3)])).split("\0").filter(Boolean));return e}async function T(t,e={}){let r=t.idmap?`${t.idmap.from.uid}:${t.idmap.from.gid}:${t.idmap.to.uid}:${t.idmap.to.gid}`:"-";await b([e.replacing?"remount":"mount",t.target,t.upper?.dir??"-",t.upper?.work??"-",r,t.readOnly?"ro":"rw",...t.lowers])}async function $(t,e={}){await b([e.lazy?"detach":"umount",t])}function ft(t,e){return["perl",["-e",U,"--",process.arch,"detach-remove",t,...e]]}async function pt(t){for(let e=0;e<t.length;e+=2e3)await b(["whiteout",...t.slice(e,e+2e3)])}var W=null;function $t(){return W??=Pe(),W}async function Pe(){if(process.platform!=="linux"||process.geteuid?.()!==0)return!1;let t=await ve(c(be(),"okstra-layer-probe-")),e=c(t,"tree"),r=!1;try{await Promise.all(["lower","upper","work","tree"].map(o=>Se(c(t,o)))),await xe(c(t,"lower","file"),`probe
`);let n={uid:65534,gid:65534};return await T({target:e,lowers:[c(t,"lower")],upper:{dir:c(t,"upper"),work:c(t,"work")},idmap:{from:{uid:0,gid:0},to:n}}),r=!0,(await we(c(e,"file"))).uid!==n.uid?!1:(await $(e),r=!1,!0)}catch{return!1}finally{r&&await $(e).catch(()=>{}),await ke(t,{recursive:!0,force:!0}).catch(()=>{})}}var _=new Map,w=new Map;function St(t){return _.get(p(t))}function vt(t,e){_.set(p(t),e)}function kt(t){_.delete(p(t)),w.delete(p(t))}async function I(t,e,r,n,o=!1){o||w.delete(p(t)),await T({target:t,lowers:[e.mask,e.checkout],upper:{dir:e.upper,work:e.work},...r?{idmap:{from:e.owner,to:r}}:{},readOnly:o},{replacing:n})}function xt(t,e){let r=p(t),n=w.get(r);return n||(n=(async()=>{await J(t,493),await I(t,e,null,!0,!0)})(),n.catch(()=>w.delete(r)),w.set(r,n)),n}async function bt(t,e,r){await $(t);let n=await x("chown",["-R","-P",`${r.uid}:${r.gid}`,"--",e.upper]);if(n.exitCode!==0)throw new Error(`cannot give ${t}'s changes to uid ${r.uid}: ${String(n.stderr).trim()}`);await I(t,e,r,!1)}async function Pt(t,e,r){await $(t);let n=await r(e.upper);await I(t,e,null,!1);let o={uid:process.getuid?.()??0,gid:process.getgid?.()??0};return await Ee(t,o.uid,o.gid),await J(t,448),n}var Le="okstra-layers-";async function Et(t){let e=p(t);for(let r=0;r<4;r++){let o=(await Re("/proc/self/mountinfo","utf8").catch(()=>"")).split(`
`).find(a=>z(a.split(" ")[4]??"")===e);if(!o)return;let i=/(?:^|,)upperdir=([^,]+)/.exec(o.split(" - ")[1]??"")?.[1];await $(e,{lazy:!0});let s=i?Ie(z(i)):null;s&&_e(s).startsWith(Le)&&await Te(s,{recursive:!0,force:!0})}}function z(t){return t.replace(/\\([0-7]{3})/g,(e,r)=>String.fromCharCode(parseInt(r,8)))}export{N as a,u as b,V as c,rt as d,ge as e,x as f,ct as g,$ as h,ft as i,pt as j,$t as k,St as l,vt as m,kt as n,I as o,xt as p,bt as q,Pt as r,Le as s,Et as t};
