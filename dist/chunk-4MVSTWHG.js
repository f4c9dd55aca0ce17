import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
var c=class extends Error{constructor(s,n){super(n);this.code=s;this.name="StartError"}code};function u(t){return Promise.all(t.map(e=>e.closed?Promise.resolve():new Promise(s=>e.once("close",()=>s())))).then(()=>{})}import{spawn as z}from"node:child_process";import{closeSync as Y,openSync as Q}from"node:fs";import{isAbsolute as Z}from"node:path";import{spawn as G}from"node:child_process";import{randomBytes as K}from"node:crypto";import{createServer as X}from"node:net";import{constants as A}from"node:os";import{join as j}from"node:path";import{PassThrough as f}from"node:stream";var v=String.raw`
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
`;import{lstat as L,readdir as F,rm as M}from"node:fs/promises";import{mkdtempSync as D,rmSync as k}from"node:fs";import{tmpdir as P}from"node:os";import{join as x}from"node:path";function E(t){if(!Number.isInteger(t)||t<=0)return!1;try{return process.kill(t,0),!0}catch(e){return e.code==="EPERM"}}var O="okstra-launch-",H=/^okstra-launch-(\d+)-/,h=new Set,b=!1;function B(){for(let t of h)k(t,{recursive:!0,force:!0});h.clear()}function T(t=P()){let e=D(x(t,`${O}${process.pid}-`));return h.add(e),b||(b=!0,process.once("exit",B)),e}function R(t){h.delete(t),k(t,{recursive:!0,force:!0})}async function I(t=P()){let e=process.getuid?.(),s=[],n=await F(t).catch(()=>[]);for(let i of n){let r=Number(H.exec(i)?.[1]??0);if(r<=0||r===process.pid||E(r))continue;let o=x(t,i),d=await L(o).catch(()=>null);!d?.isDirectory()||e!==void 0&&d.uid!==e||await M(o,{recursive:!0,force:!0}).then(()=>s.push(o),()=>{})}return s}var m=16,N=m*2+1,U=100,W=5;function _(t){let e=new Map;for(let[s,n]of Object.entries(t))e.has(n)||e.set(n,s);return e}var q=_(A.errno),J=_(A.signals),y=class{state="idle";restarts=0;dir=null;server=null;helper=null;nextId=1;byId=new Map;byToken=new Map;reportBuffer="";get ready(){return this.state==="ready"}get pid(){return this.helper?.pid??null}prepare(){if(this.state==="idle"){if(this.restarts>W){this.state="broken";return}this.state="starting";try{this.boot()}catch{this.teardown("broken")}}}start(e){return this.send(e,"start")}async killAllOf(e){let s={file:"",args:[],cwd:"/",env:{},user:e,detached:!1};try{return(await(await this.send(s,"kill-all")).exited).code===0}catch{return!1}}send(e,s){let n=this.helper;if(this.state!=="ready"||!n?.stdin)return Promise.reject(new Error("the launcher is not running"));let i;try{i=V(e,s)}catch(l){return Promise.reject(l instanceof Error?l:new Error(String(l)))}let r=this.nextId++,o=K(m).toString("hex"),d=()=>{},a=new Promise(l=>d=l);return new Promise((l,p)=>{let S={id:r,token:o,request:e,sockets:[e.stdinFile?g():void 0,void 0,void 0],socketClosed:[void 0,void 0,void 0],pid:null,started:!1,ended:!1,streams:s==="start",exited:a,resolveStart:l,rejectStart:p,resolveExit:d};this.byId.set(r,S),this.byToken.set(o,S),this.byId.size===1&&n.stdout?.ref();let w=Buffer.from([String(r),o,i].join("\0"),"utf8");n.stdin?.write(Buffer.concat([Buffer.from(`${w.length}
`,"latin1"),w]))})}boot(){let e=T();this.dir=e,I();let s=j(e,"s");if(Buffer.byteLength(s)>U)throw new Error("socket path too long");let n=X(i=>this.accept(i));this.server=n,n.on("error",()=>this.teardown("broken")),n.listen(s,()=>{if(this.server!==n)return;let i;try{i=G("perl",["-e",v,s],{stdio:["pipe","pipe","ignore"],detached:!0,env:{PATH:process.env.PATH??"/usr/bin:/bin"}})}catch{this.teardown("broken");return}this.helper=i,i.on("error",()=>this.onHelperGone(i,"could not run")),i.on("exit",(r,o)=>this.onHelperGone(i,o?`got ${o}`:`exited ${r}`)),i.stdin?.on("error",()=>{}),i.stdout?.setEncoding("latin1"),i.stdout?.on("data",r=>this.onReports(r)),i.unref(),i.stdin?.unref(),i.stdout?.unref()}),n.unref()}accept(e){e.on("error",()=>{});let s=u([e]),n=Buffer.alloc(0),i=r=>{if(n=Buffer.concat([n,r]),n.length<N)return;e.off("data",i),e.pause();let o=n.subarray(N);o.length>0&&e.unshift(o);let d=n.subarray(0,m*2).toString("latin1"),a=(n[m*2]??0)-48,l=this.byToken.get(d);if(!l||a<0||a>2||l.sockets[a]){e.destroy();return}l.sockets[a]=e,l.socketClosed[a]=s,this.settleStart(l)};e.on("data",i)}onReports(e){this.reportBuffer+=e;let s;for(;(s=this.reportBuffer.indexOf(`
`))>=0;){let n=this.reportBuffer.slice(0,s);this.reportBuffer=this.reportBuffer.slice(s+1),this.onReport(n.split(" "))}}onReport([e,s,n,i]){if(e==="R"){this.state==="starting"&&(this.state="ready");return}let r=this.byId.get(Number(s));if(r){if(e==="S")r.pid=Number(n),this.settleStart(r);else if(e==="E"){let o=q.get(Number(n))??"EPERM";this.forget(r);for(let d of r.sockets)d?.destroy();r.rejectStart(new c(o,`spawn ${r.request.file} ${o}`))}else if(e==="X"){let o={code:n==="-"?null:Number(n),signal:i==="-"||i===void 0?null:J.get(Number(i))??null};r.ended=!0,r.resolveExit(o),r.started&&this.forget(r)}}}settleStart(e){if(e.started||e.pid===null)return;let[s,n,i]=e.streams?e.sockets:[new f,new f,new f];!s||!n||!i||(e.started=!0,this.byToken.delete(e.token),e.ended&&this.forget(e),s.on("data",()=>{}),s.resume(),e.resolveStart({pid:e.pid,stdin:s,stdout:n,stderr:i,exited:e.exited,outputClosed:Promise.all(e.socketClosed.slice(1)).then(()=>{}),guarded:!0}))}forget(e){this.byId.delete(e.id),this.byToken.delete(e.token),this.byId.size===0&&this.helper?.stdout?.unref()}onHelperGone(e,s){if(this.helper!==e)return;this.restarts+=1;let n=[...this.byId.values()],i=n.filter(r=>r.pid!==null).length;i>0&&process.stderr.write(`okstra: its process launcher (pid ${e.pid??"?"}) ${s} with ${i} process${i===1?"":"es"} running; they were killed
`),this.teardown("idle");for(let r of n){for(let o of r.sockets)o?.destroy();if(r.pid===null){r.rejectStart(new c("EPIPE",`spawn ${r.request.file}: the process launcher ended`));continue}try{process.kill(r.request.detached?-r.pid:r.pid,"SIGKILL")}catch{}if(!r.started){for(let o=0;o<3;o++){if(r.sockets[o])continue;let d=new f;r.sockets[o]=d,r.socketClosed[o]=u([d]),d.end(),d.resume()}this.settleStart(r)}r.resolveExit({code:null,signal:"SIGKILL"})}}teardown(e){this.state=e,this.byId.clear(),this.byToken.clear(),this.reportBuffer="";let s=this.helper;this.helper=null,s&&(s.stdin?.destroy(),s.stdout?.destroy()),this.server?.close(),this.server=null,this.dir&&R(this.dir),this.dir=null}};function V(t,e="start"){let s=Object.entries(t.env).filter(([,r])=>r!==void 0).map(([r,o])=>`${r}=${o}`),n=[e==="kill-all"?"K":t.detached?"1":"0",t.file,t.cwd,t.user?String(t.user.uid):"",t.user?String(t.user.gid):"",t.stdinFile??"",String(t.args.length),...t.args,String(s.length),...s],i=n.findIndex(r=>typeof r!="string"||r.includes("\0"));if(i>=0)throw new TypeError(`spawn ${t.file}: ${typeof n[i]=="string"?"an argument or variable contains a NUL byte":`an argument is ${typeof n[i]}, not a string`}`);return n.join("\0")}function g(){let t=new f;return t.end(),t}var $=new y;function C(t){return t.OKSTRA_LAUNCHER==="direct"?"direct":"auto"}async function Pe(t){if(t.stdinFile!==void 0&&!Z(t.stdinFile))throw new TypeError(`spawn ${t.file}: the stdin file must be an absolute path (got "${t.stdinFile}")`);if(C(process.env)==="auto"){if($.ready)return $.start(t);$.prepare()}return ee(t)}function ee(t){let e,s=null;try{t.stdinFile&&(s=Q(t.stdinFile,"r")),e=z(t.file,[...t.args],{cwd:t.cwd,env:{...t.env},detached:t.detached,stdio:[s??"pipe","pipe","pipe"],windowsHide:!0,...t.user?{uid:t.user.uid,gid:t.user.gid}:{}})}catch(r){let o=r?.code,d=s===null&&t.stdinFile&&typeof o=="string"?new c(o,`spawn ${t.file}: cannot open its stdin file ${t.stdinFile}: ${o}`):r;return Promise.reject(d instanceof Error?d:new Error(String(d)))}finally{s!==null&&Y(s)}let n=e.stdout&&e.stderr?u([e.stdout,e.stderr]):Promise.resolve(),i=new Promise(r=>{e.once("exit",(o,d)=>r({code:o,signal:d})),e.once("error",()=>r({code:null,signal:null}))});return new Promise((r,o)=>{e.once("error",d=>{e.pid===void 0&&o(new c(d.code??"EPERM",d.message))}),e.once("spawn",()=>{let{stdout:d,stderr:a,pid:l}=e,p=s===null?e.stdin:g();if(!p||!d||!a||l===void 0){o(new c("EPERM",`spawn ${t.file}: no pipes`));return}d.pause(),a.pause(),r({pid:l,stdin:p,stdout:d,stderr:a,exited:i,outputClosed:n,guarded:!1})})})}async function xe(t){return C(process.env)!=="auto"||!$.ready?!1:$.killAllOf(t)}export{E as a,c as b,Pe as c,xe as d};
