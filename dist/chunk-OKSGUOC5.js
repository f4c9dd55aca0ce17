import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{b as l,k as L,m as N}from"./chunk-OU3QY5DC.js";var Z=l.looseObject({action:l.string().optional(),repository:l.looseObject({default_branch:l.string().optional()}).optional(),pull_request:l.looseObject({number:l.number(),html_url:l.string().optional(),head:l.looseObject({sha:l.string()}).optional()}).optional(),issue:l.looseObject({number:l.number(),html_url:l.string().optional(),pull_request:l.unknown().optional()}).optional(),comment:l.looseObject({html_url:l.string().optional()}).optional(),check_run:l.looseObject({head_sha:l.string().optional(),pull_requests:l.array(l.looseObject({number:l.number()})).optional()}).optional(),sender:l.looseObject({login:l.string()}).optional()});function ee(e,t){let n=Z.safeParse(t??{}),r=n.success?n.data:{},o=null;return r.pull_request?o={number:r.pull_request.number,headSha:r.pull_request.head?.sha??null,url:r.pull_request.html_url??null}:r.issue&&r.issue.pull_request!==void 0&&r.issue.pull_request!==null?o={number:r.issue.number,headSha:null,url:r.issue.html_url??null}:r.check_run?.pull_requests?.[0]&&(o={number:r.check_run.pull_requests[0].number,headSha:r.check_run.head_sha??null,url:null}),{name:e,action:r.action??null,defaultBranch:r.repository?.default_branch??null,pullRequest:o,sender:r.sender?.login??null,url:r.comment?.html_url??o?.url??null}}function Ge(e,t,n){let[r="",o=""]=(e.GITHUB_REPOSITORY??"").split("/");return{repo:{owner:r,repo:o},serverUrl:(e.GITHUB_SERVER_URL||"https://github.com").replace(/\/+$/,""),apiUrl:(e.GITHUB_API_URL||"https://api.github.com").replace(/\/+$/,""),runId:e.GITHUB_RUN_ID||null,runAttempt:e.GITHUB_RUN_ATTEMPT||"1",workspace:e.GITHUB_WORKSPACE||n,runnerTemp:e.RUNNER_TEMP||"",actor:e.GITHUB_ACTOR||null,event:ee(e.GITHUB_EVENT_NAME??"",t)}}function te(e){switch(e.name){case"pull_request":case"pull_request_target":return"label";case"issue_comment":return"comment";case"schedule":return"schedule";case"check_run":return"rerequest";default:return"dispatch"}}function Ue(e,t){let n=e.trigger??te(t.event),r=e.actor??(n==="schedule"?null:t.event.sender??t.actor);return{kind:n,actor:r,url:re(t.event.url)}}function re(e){if(!e)return null;try{return new URL(e),e}catch{return null}}function je(e){return!e.runId||!e.repo.owner?null:`${e.serverUrl}/${e.repo.owner}/${e.repo.repo}/actions/runs/${e.runId}/attempts/${e.runAttempt}`}function He(e,t){return e.runId?`gh-${e.runId}-${e.runAttempt}-${L(t)}`:null}import{spawn as we}from"node:child_process";import{closeSync as be,openSync as ke}from"node:fs";import{isAbsolute as Se}from"node:path";import{spawn as ue}from"node:child_process";import{randomBytes as ce}from"node:crypto";import{createServer as pe}from"node:net";import{constants as K}from"node:os";import{join as fe}from"node:path";import{PassThrough as y}from"node:stream";var O=String.raw`
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
`;import{lstat as ne,readdir as oe,rm as se}from"node:fs/promises";import{mkdtempSync as ie,rmSync as q}from"node:fs";import{tmpdir as M}from"node:os";import{join as G}from"node:path";function B(e){if(!Number.isInteger(e)||e<=0)return!1;try{return process.kill(e,0),!0}catch(t){return t.code==="EPERM"}}var ae="okstra-launch-",le=/^okstra-launch-(\d+)-/,k=new Set,F=!1;function de(){for(let e of k)q(e,{recursive:!0,force:!0});k.clear()}function U(e=M()){let t=ie(G(e,`${ae}${process.pid}-`));return k.add(t),F||(F=!0,process.once("exit",de)),t}function j(e){k.delete(e),q(e,{recursive:!0,force:!0})}async function H(e=M()){let t=process.getuid?.(),n=[],r=await oe(e).catch(()=>[]);for(let o of r){let s=Number(le.exec(o)?.[1]??0);if(s<=0||s===process.pid||B(s))continue;let i=G(e,o),a=await ne(i).catch(()=>null);!a?.isDirectory()||t!==void 0&&a.uid!==t||await se(i,{recursive:!0,force:!0}).then(()=>n.push(i),()=>{})}return n}var c=class extends Error{constructor(n,r){super(r);this.code=n;this.name="StartError"}code};function g(e){return Promise.all(e.map(t=>t.closed?Promise.resolve():new Promise(n=>t.once("close",()=>n())))).then(()=>{})}var S=16,D=S*2+1,$e=100,me=5;function V(e){let t=new Map;for(let[n,r]of Object.entries(e))t.has(r)||t.set(r,n);return t}var he=V(K.errno),ge=V(K.signals),v=class{state="idle";restarts=0;dir=null;server=null;helper=null;nextId=1;byId=new Map;byToken=new Map;reportBuffer="";get ready(){return this.state==="ready"}get pid(){return this.helper?.pid??null}prepare(){if(this.state==="idle"){if(this.restarts>me){this.state="broken";return}this.state="starting";try{this.boot()}catch{this.teardown("broken")}}}start(t){return this.send(t,"start")}async killAllOf(t){let n={file:"",args:[],cwd:"/",env:{},user:t,detached:!1};try{return(await(await this.send(n,"kill-all")).exited).code===0}catch{return!1}}send(t,n){let r=this.helper;if(this.state!=="ready"||!r?.stdin)return Promise.reject(new Error("the launcher is not running"));let o;try{o=ye(t,n)}catch(d){return Promise.reject(d instanceof Error?d:new Error(String(d)))}let s=this.nextId++,i=ce(S).toString("hex"),a=()=>{},u=new Promise(d=>a=d);return new Promise((d,f)=>{let h={id:s,token:i,request:t,sockets:[t.stdinFile?E():void 0,void 0,void 0],socketClosed:[void 0,void 0,void 0],pid:null,started:!1,ended:!1,streams:n==="start",exited:u,resolveStart:d,rejectStart:f,resolveExit:a};this.byId.set(s,h),this.byToken.set(i,h),this.byId.size===1&&r.stdout?.ref();let C=Buffer.from([String(s),i,o].join("\0"),"utf8");r.stdin?.write(Buffer.concat([Buffer.from(`${C.length}
`,"latin1"),C]))})}boot(){let t=U();this.dir=t,H();let n=fe(t,"s");if(Buffer.byteLength(n)>$e)throw new Error("socket path too long");let r=pe(o=>this.accept(o));this.server=r,r.on("error",()=>this.teardown("broken")),r.listen(n,()=>{if(this.server!==r)return;let o;try{o=ue("perl",["-e",O,n],{stdio:["pipe","pipe","ignore"],detached:!0,env:{PATH:process.env.PATH??"/usr/bin:/bin"}})}catch{this.teardown("broken");return}this.helper=o,o.on("error",()=>this.onHelperGone(o)),o.on("exit",()=>this.onHelperGone(o)),o.stdin?.on("error",()=>{}),o.stdout?.setEncoding("latin1"),o.stdout?.on("data",s=>this.onReports(s)),o.unref(),o.stdin?.unref(),o.stdout?.unref()}),r.unref()}accept(t){t.on("error",()=>{});let n=g([t]),r=Buffer.alloc(0),o=s=>{if(r=Buffer.concat([r,s]),r.length<D)return;t.off("data",o),t.pause();let i=r.subarray(D);i.length>0&&t.unshift(i);let a=r.subarray(0,S*2).toString("latin1"),u=(r[S*2]??0)-48,d=this.byToken.get(a);if(!d||u<0||u>2||d.sockets[u]){t.destroy();return}d.sockets[u]=t,d.socketClosed[u]=n,this.settleStart(d)};t.on("data",o)}onReports(t){this.reportBuffer+=t;let n;for(;(n=this.reportBuffer.indexOf(`
`))>=0;){let r=this.reportBuffer.slice(0,n);this.reportBuffer=this.reportBuffer.slice(n+1),this.onReport(r.split(" "))}}onReport([t,n,r,o]){if(t==="R"){this.state==="starting"&&(this.state="ready");return}let s=this.byId.get(Number(n));if(s){if(t==="S")s.pid=Number(r),this.settleStart(s);else if(t==="E"){let i=he.get(Number(r))??"EPERM";this.forget(s);for(let a of s.sockets)a?.destroy();s.rejectStart(new c(i,`spawn ${s.request.file} ${i}`))}else if(t==="X"){let i={code:r==="-"?null:Number(r),signal:o==="-"||o===void 0?null:ge.get(Number(o))??null};s.ended=!0,s.resolveExit(i),s.started&&this.forget(s)}}}settleStart(t){if(t.started||t.pid===null)return;let[n,r,o]=t.streams?t.sockets:[new y,new y,new y];!n||!r||!o||(t.started=!0,this.byToken.delete(t.token),t.ended&&this.forget(t),n.on("data",()=>{}),n.resume(),t.resolveStart({pid:t.pid,stdin:n,stdout:r,stderr:o,exited:t.exited,outputClosed:Promise.all(t.socketClosed.slice(1)).then(()=>{}),guarded:!0}))}forget(t){this.byId.delete(t.id),this.byToken.delete(t.token),this.byId.size===0&&this.helper?.stdout?.unref()}onHelperGone(t){if(this.helper!==t)return;this.restarts+=1;let n=[...this.byId.values()];this.teardown("idle");for(let r of n){for(let o of r.sockets)o?.destroy();if(r.pid===null){r.rejectStart(new c("EPIPE",`spawn ${r.request.file}: the process launcher ended`));continue}try{process.kill(r.request.detached?-r.pid:r.pid,"SIGKILL")}catch{}if(!r.started){for(let o=0;o<3;o++){if(r.sockets[o])continue;let s=new y;r.sockets[o]=s,r.socketClosed[o]=g([s]),s.end(),s.resume()}this.settleStart(r)}r.resolveExit({code:null,signal:"SIGKILL"})}}teardown(t){this.state=t,this.byId.clear(),this.byToken.clear(),this.reportBuffer="";let n=this.helper;this.helper=null,n&&(n.stdin?.destroy(),n.stdout?.destroy()),this.server?.close(),this.server=null,this.dir&&j(this.dir),this.dir=null}};function ye(e,t="start"){let n=Object.entries(e.env).filter(([,s])=>s!==void 0).map(([s,i])=>`${s}=${i}`),r=[t==="kill-all"?"K":e.detached?"1":"0",e.file,e.cwd,e.user?String(e.user.uid):"",e.user?String(e.user.gid):"",e.stdinFile??"",String(e.args.length),...e.args,String(n.length),...n],o=r.findIndex(s=>typeof s!="string"||s.includes("\0"));if(o>=0)throw new TypeError(`spawn ${e.file}: ${typeof r[o]=="string"?"an argument or variable contains a NUL byte":`an argument is ${typeof r[o]}, not a string`}`);return r.join("\0")}function E(){let e=new y;return e.end(),e}var w=new v;function X(e){return e.OKSTRA_LAUNCHER==="direct"?"direct":"auto"}async function W(e){if(e.stdinFile!==void 0&&!Se(e.stdinFile))throw new TypeError(`spawn ${e.file}: the stdin file must be an absolute path (got "${e.stdinFile}")`);if(X(process.env)==="auto"){if(w.ready)return w.start(e);w.prepare()}return ve(e)}function ve(e){let t,n=null;try{e.stdinFile&&(n=ke(e.stdinFile,"r")),t=we(e.file,[...e.args],{cwd:e.cwd,env:{...e.env},detached:e.detached,stdio:[n??"pipe","pipe","pipe"],windowsHide:!0,...e.user?{uid:e.user.uid,gid:e.user.gid}:{}})}catch(s){let i=s?.code,a=n===null&&e.stdinFile&&typeof i=="string"?new c(i,`spawn ${e.file}: cannot open its stdin file ${e.stdinFile}: ${i}`):s;return Promise.reject(a instanceof Error?a:new Error(String(a)))}finally{n!==null&&be(n)}let r=t.stdout&&t.stderr?g([t.stdout,t.stderr]):Promise.resolve(),o=new Promise(s=>{t.once("exit",(i,a)=>s({code:i,signal:a})),t.once("error",()=>s({code:null,signal:null}))});return new Promise((s,i)=>{t.once("error",a=>{t.pid===void 0&&i(new c(a.code??"EPERM",a.message))}),t.once("spawn",()=>{let{stdout:a,stderr:u,pid:d}=t,f=n===null?t.stdin:E();if(!f||!a||!u||d===void 0){i(new c("EPERM",`spawn ${e.file}: no pipes`));return}a.pause(),u.pause(),s({pid:d,stdin:f,stdout:a,stderr:u,exited:o,outputClosed:r,guarded:!1})})})}async function mt(e){return X(process.env)!=="auto"||!w.ready?!1:w.killAllOf(e)}var R=class extends Error{constructor(t,n){super(`${t} wrote more than ${Math.round(n/1024/1024)} MB of output; it was stopped`),this.name="OutputTooLargeError"}};async function xe(e){let t=await W({...e,detached:!1}),n=e.maxBytes??256*1024*1024,r=!1,o=u=>{let d=[],f=0;return u.on("data",h=>{if(f+=h.length,f>n){if(!r){r=!0;try{process.kill(t.pid,"SIGKILL")}catch{}}return}d.push(h)}),u.on("error",()=>{}),u.resume(),d},s=o(t.stdout),i=o(t.stderr);t.stdin.on("error",()=>{}),e.stdinFile===void 0&&t.stdin.end(e.input??"");let[a]=await Promise.all([t.exited,t.outputClosed]);if(r)throw new R(e.file,n);return{stdout:Buffer.concat(s),stderr:Buffer.concat(i),exitCode:a.code,signal:a.signal}}async function x(e,t,n={}){let r=n.encoding??"utf8",o=await xe({file:e,args:t,cwd:n.cwd??process.cwd(),env:{...process.env,...n.env}});return{stdout:o.stdout.toString(r),stderr:o.stderr.toString(r),exitCode:o.exitCode??-1}}import{chmod as Y,lchown as Ce,readFile as Le,rm as Ne}from"node:fs/promises";import{basename as Oe,dirname as Be,resolve as $}from"node:path";import{lstat as Pe,mkdir as Ee,mkdtemp as Re,rm as _e,writeFile as Te}from"node:fs/promises";import{tmpdir as Ie}from"node:os";import{join as p}from"node:path";var J=String.raw`
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
`,_=class extends Error{constructor(t){super(t),this.name="LayerMountError"}};async function P(e){let t=await x("perl",["-e",J,"--",process.arch,...e],{env:{LC_ALL:"C"}});if(t.exitCode!==0)throw new _(`${e[0]??"layer"} failed: ${String(t.stderr).trim()||`exit ${t.exitCode}`}`);return String(t.stdout)}async function xt(e){let t=[];for(let n=0;n<e.length;n+=2e3)N(t,(await P(["opaque",...e.slice(n,n+2e3)])).split("\0").filter(Boolean));return t}async function T(e,t={}){let n=e.idmap?`${e.idmap.from.uid}:${e.idmap.from.gid}:${e.idmap.to.uid}:${e.idmap.to.gid}`:"-";await P([t.replacing?"remount":"mount",e.target,e.upper?.dir??"-",e.upper?.work??"-",n,e.readOnly?"ro":"rw",...e.lowers])}async function m(e,t={}){await P([t.lazy?"detach":"umount",e])}function Pt(e,t){return["perl",["-e",J,"--",process.arch,"detach-remove",e,...t]]}async function Et(e){for(let t=0;t<e.length;t+=2e3)await P(["whiteout",...e.slice(t,t+2e3)])}var z=null;function Rt(){return z??=Ae(),z}async function Ae(){if(process.platform!=="linux"||process.geteuid?.()!==0)return!1;let e=await Re(p(Ie(),"okstra-layer-probe-")),t=p(e,"tree"),n=!1;try{await Promise.all(["lower","upper","work","tree"].map(o=>Ee(p(e,o)))),await Te(p(e,"lower","file"),`probe
`);let r={uid:65534,gid:65534};return await T({target:t,lowers:[p(e,"lower")],upper:{dir:p(e,"upper"),work:p(e,"work")},idmap:{from:{uid:0,gid:0},to:r}}),n=!0,(await Pe(p(t,"file"))).uid!==r.uid?!1:(await m(t),n=!1,!0)}catch{return!1}finally{n&&await m(t).catch(()=>{}),await _e(e,{recursive:!0,force:!0}).catch(()=>{})}}var I=new Map,b=new Map;function Lt(e){return I.get($(e))}function Nt(e,t){I.set($(e),t)}function Ot(e){I.delete($(e)),b.delete($(e))}async function A(e,t,n,r,o=!1){o||b.delete($(e)),await T({target:e,lowers:[t.mask,t.checkout],upper:{dir:t.upper,work:t.work},...n?{idmap:{from:t.owner,to:n}}:{},readOnly:o},{replacing:r})}function Bt(e,t){let n=$(e),r=b.get(n);return r||(r=(async()=>{await Y(e,493),await A(e,t,null,!0,!0)})(),r.catch(()=>b.delete(n)),b.set(n,r)),r}async function Ft(e,t,n){await m(e);let r=await x("chown",["-R","-P",`${n.uid}:${n.gid}`,"--",t.upper]);if(r.exitCode!==0)throw new Error(`cannot give ${e}'s changes to uid ${n.uid}: ${String(r.stderr).trim()}`);await A(e,t,n,!1)}async function qt(e,t,n){await m(e);let r=await n(t.upper);await A(e,t,null,!1);let o={uid:process.getuid?.()??0,gid:process.getgid?.()??0};return await Ce(e,o.uid,o.gid),await Y(e,448),r}var Fe="okstra-layers-";async function Mt(e){let t=$(e);for(let n=0;n<4;n++){let o=(await Le("/proc/self/mountinfo","utf8").catch(()=>"")).split(`
`).find(a=>Q(a.split(" ")[4]??"")===t);if(!o)return;let s=/(?:^|,)upperdir=([^,]+)/.exec(o.split(" - ")[1]??"")?.[1];await m(t,{lazy:!0});let i=s?Be(Q(s)):null;i&&Oe(i).startsWith(Fe)&&await Ne(i,{recursive:!0,force:!0})}}function Q(e){return e.replace(/\\([0-7]{3})/g,(t,n)=>String.fromCharCode(parseInt(n,8)))}export{B as a,c as b,W as c,mt as d,Ge as e,Ue as f,je as g,He as h,xe as i,x as j,xt as k,m as l,Pt as m,Et as n,Rt as o,Lt as p,Nt as q,Ot as r,A as s,Bt as t,Ft as u,qt as v,Fe as w,Mt as x};
