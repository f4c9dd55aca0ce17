/**
 * The launcher's program (see launcher.ts for why it exists): a small Perl
 * process that forks and execs what okstra asks for, so the fork copies a few
 * megabytes of page tables instead of okstra's hundreds.
 *
 * Requests arrive on stdin as `<byte length>\n<payload>`, the payload's fields
 * separated by NUL (no field may hold one, as no argument of execve may):
 * id, token, detached (0/1), file, cwd, uid, gid ('' for okstra's own user),
 * stdin file ('' for none), argument count, the arguments, variable count,
 * the `NAME=value` variables.
 *
 * For each request it connects three times to okstra's socket (argv[0]),
 * sends the token and the stream's number (0, 1, 2) on each, and makes the
 * three connections the child's stdin, stdout and stderr. With a stdin file
 * it connects only for 1 and 2: the child opens the file as its stdin, before
 * it takes the user's identity, as okstra opens it for a spawn. The child
 * does what libuv does for a spawn, in libuv's order: its own session when detached,
 * the descriptors, the working directory, then the identity (the groups
 * reduced to the user's own, then real, effective and saved gid and uid, read
 * back before exec), then the environment and exec with PATH looked up in
 * the child's own environment.
 *
 * It reports on stdout, one line each: `R` once (ready), `S <id> <pid>` (running), `E <id>
 * <errno>` (could not start: the child's own errno from the step that failed)
 * and `X <id> <exit code|-> <signal number|->` (ended). When a detached child
 * ends, its process group gets SIGKILL at once, before the report: whatever the
 * child left running dies with it, as runProcess promises.
 *
 * It starts by closing every descriptor it inherited beyond the three
 * standard ones: what okstra's process held open without close-on-exec
 * reaches no child.
 *
 * A request whose detached field is `K` starts no program: its child takes
 * the user's identity as above and calls kill(-1, SIGKILL), which reaches
 * every process of that user, wherever it runs (another session, a daemon),
 * and no other user's. The kernel walks the process list under the lock a
 * fork needs, and a process with SIGKILL pending cannot fork, so none
 * escapes by forking meanwhile; once the call returns, none of the user's
 * processes runs another instruction. It exits 0 when the call succeeded
 * (or found nothing to signal), 2 otherwise. The identity change leaves it
 * non-dumpable, so the user's processes cannot read the launcher's memory
 * through it.
 *
 * At EOF on stdin (okstra exited, however it exited) every child still
 * running is killed, a detached one with its whole group, and the launcher
 * exits: the parent-death guarantee the shared watchdog gives spawned
 * processes. okstra's own children (not detached, okstra's user: its git)
 * get SIGTERM first and up to five seconds to end before SIGKILL. git
 * catches SIGTERM to undo what it had half done: it rolls its lock files
 * back and deletes a worktree `worktree add` had not finished. Killed
 * outright, such a half-made registration (an empty `commondir`) made every
 * later git command that lists worktrees fail in that repository.
 */
export const LAUNCHER_SCRIPT = String.raw`
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
`;
