#!/usr/bin/perl
# Starts one task of a job step for slurmd, in place of the chain "cgroup-joining shell, setpriv, task".
#
# Usage: task_exec.pl [--join PROCSFILE]... [--clone3 NR] [--become NR,NR,NR UID GID GROUPS] -- COMMAND...
#
# It writes its own pid into each PROCSFILE (joining the step's cgroup before the task can fork),
# sets SLURM_TASK_PID to that pid, and with --become calls setgroups, setresgid and setresuid (the
# system call numbers NR, given by slurmd since they differ by architecture) so that real, effective
# and saved ids are all the user's, then execs COMMAND. The pid stays the same through exec, so
# slurmd's handle on this process is the task's, with its standard streams. Nothing is loaded, not
# even strict.pm: every bit of its start-up delays every task (it costs about what the join shell and
# setpriv together cost; see performance.md). It exits 127 when it could not confine the task,
# having run nothing, and with the errno of a failed exec, as slurmstepd does.
#
# With --clone3 (cgroup v2: one --join file) the task is instead created in the cgroup by
# clone3(CLONE_INTO_CGROUP) (system call NR), which spares the kernel's wait for an RCU grace period
# that writing cgroup.procs can take (10-25 ms, see cgroups.md). This process then stays, outside the
# cgroup, as slurmd's handle: it passes SIGTERM, SIGINT and SIGHUP on to the task and ends as the
# task did (exit status, or 128 + the signal that killed it, which is what slurmd reads from either).
# Where clone3 fails it joins as above. See job_wrapper.pl's start_child for what a raw clone3 means
# for the child in Perl.
my (@join, $clone3_nr, $become, $uid, $gid, $groups);
while (@ARGV && $ARGV[0] ne '--') {
    my $option = shift @ARGV;
    if ($option eq '--join') { push @join, shift @ARGV; }
    elsif ($option eq '--clone3') { $clone3_nr = shift @ARGV; }
    elsif ($option eq '--become') { ($become, $uid, $gid, $groups) = splice(@ARGV, 0, 4); }
    else { fail("unknown option $option"); }
}
shift @ARGV;
fail('no command to run') unless @ARGV;

if (defined $clone3_nr && @join == 1) {
    my $pid = clone_into_cgroup($join[0]);
    relay($pid) if $pid > 0;
    @join = () if $pid == 0;
}
for my $procs (@join) {
    open(my $fh, '>', $procs) or fail("cannot join cgroup $procs: $!");
    print $fh "$$\n";
    close($fh) or fail("cannot join cgroup $procs: $!");
}
$ENV{SLURM_TASK_PID} = $$;
become() if defined $become;
exec { $ARGV[0] } @ARGV;
my $errno = $! + 0;
print STDERR "slurmstepd: error: execve(): $ARGV[0]: $!\n";
exit($errno || 1);

sub become {
    my ($setgroups_nr, $setresgid_nr, $setresuid_nr) = map { $_ + 0 } split /,/, $become;
    my @ids = map { $_ + 0 } grep { length } split /,/, $groups;
    my $list = pack('L*', @ids);
    # A null list for no groups: an empty string would still be passed as a pointer.
    syscall($setgroups_nr, scalar(@ids), @ids ? $list : 0) >= 0 or fail("setgroups failed: $!");
    syscall($setresgid_nr, $gid + 0, $gid + 0, $gid + 0) >= 0 or fail("setresgid $gid failed: $!");
    syscall($setresuid_nr, $uid + 0, $uid + 0, $uid + 0) >= 0 or fail("setresuid $uid failed: $!");
    # setresuid and setresgid set real, effective and saved ids at once or fail: no need to read them back.
}

# The task's process, created in the cgroup of PROCSFILE: its pid here, 0 in the task, -1 where clone3 failed.
sub clone_into_cgroup {
    my ($procs) = @_;
    (my $dir = $procs) =~ s{/cgroup\.procs$}{};
    sysopen(my $cgroup, $dir, 0) or return -1;
    # struct clone_args up to "cgroup", as in job_wrapper.pl: CLONE_INTO_CGROUP, exit signal SIGCHLD (17).
    my $args = pack('Q11', 0x200000000, 0, 0, 0, 17, 0, 0, 0, 0, 0, fileno($cgroup));
    my $pid = syscall($clone3_nr + 0, $args, length $args);
    return $pid >= 0 ? $pid : -1;
}

# Stays as slurmd's handle on the task: its standard streams are the task's alone from here.
sub relay {
    my ($pid) = @_;
    $SIG{$_} = sub { kill $_[0], $pid } for qw(TERM INT HUP);
    close STDIN;
    close STDOUT;
    close STDERR;
    waitpid($pid, 0);
    my $status = $?;
    exit(($status & 127) ? 128 + ($status & 127) : $status >> 8);
}

sub fail {
    my ($message) = @_;
    print STDERR "slurmstepd: error: $message\n";
    exit 127;
}
