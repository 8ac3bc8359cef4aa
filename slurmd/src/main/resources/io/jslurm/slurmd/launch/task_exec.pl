#!/usr/bin/perl
# Starts one task of a job step for slurmd, in place of the chain "cgroup-joining shell, setpriv, task".
#
# Usage: task_exec.pl [--join PROCSFILE]... [--become NR,NR,NR UID GID GROUPS] -- COMMAND...
#
# It writes its own pid into each PROCSFILE (joining the step's cgroup before the task can fork),
# sets SLURM_TASK_PID to that pid, and with --become calls setgroups, setresgid and setresuid (the
# system call numbers NR, given by slurmd since they differ by architecture) so that real, effective
# and saved ids are all the user's, then execs COMMAND. The pid stays the same through exec, so
# slurmd's handle on this process is the task's, with its standard streams. Nothing is loaded, not
# even strict.pm: every bit of its start-up delays every task (it costs about what the join shell and
# setpriv together cost; see performance.md). It exits 127 when it could not confine the task,
# having run nothing, and with the errno of a failed exec, as slurmstepd does.

my (@join, $become, $uid, $gid, $groups);
while (@ARGV && $ARGV[0] ne '--') {
    my $option = shift @ARGV;
    if ($option eq '--join') { push @join, shift @ARGV; }
    elsif ($option eq '--become') { ($become, $uid, $gid, $groups) = splice(@ARGV, 0, 4); }
    else { fail("unknown option $option"); }
}
shift @ARGV;
fail('no command to run') unless @ARGV;

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

sub fail {
    my ($message) = @_;
    print STDERR "slurmstepd: error: $message\n";
    exit 127;
}
