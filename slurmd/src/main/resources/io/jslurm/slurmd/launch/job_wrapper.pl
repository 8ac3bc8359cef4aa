#!/usr/bin/perl
# Runs one batch script for slurmd and records how it ended.
#
# Usage: job_wrapper.pl JOBDIR UID GID GROUPS WORKDIR STDIN STDOUT STDERR APPEND
#            [--join PROCSFILE]... [--clone3 NR] [--setsid NR] [--become NR,NR,NR] -- COMMAND...
#
# Without options COMMAND joins the job's cgroup, starts a session and execs setpriv, which becomes
# the user for good and execs the script. With them the child does that itself, saving three
# programs per job: it writes its pid into each PROCSFILE, calls setsid (system call NR) and, with
# --become, setgroups, setresgid and setresuid (those system call numbers, given by slurmd since
# they differ by architecture), so that real, effective and saved ids are all the user's; then it
# execs COMMAND, the script. The wrapper itself stays root and outside the job's cgroup, so
# signalling or killing every process of the job never reaches it, and it leaves slurmd's
# process group and ignores SIGHUP, so that slurmd can stop and restart without taking the job
# along. Before handing over, the child opens
# the script's input and output files and enters the work directory with the user's identity
# (seteuid), so files are created as the user and checked against the user's permissions.
# With --clone3 (cgroup v2: one --join file), the child is not forked and then moved: it is created
# in the cgroup by clone3(CLONE_INTO_CGROUP) (system call NR), which spares the kernel's wait for an
# RCU grace period that every write to a cgroup.procs file can take (10-25 ms, see cgroups.md); where
# clone3 fails (kernel before 5.7, a seccomp filter, ...) it forks and joins as before.
# JOBDIR/pid holds "SCRIPTPID WRAPPERPID ENTRY" once the script is forked, ENTRY saying how the script
# got into its cgroup: "clone3", "join", or "join:ERRNO" when clone3 was tried and failed.
# The child's wait status is written to JOBDIR/status as "EXITCODE SIGNAL": all a restarted
# slurmd needs to report the job's end. This is Perl because a shell's wait cannot tell
# "exit 137" from "killed by signal 9"; it loads no modules (not even strict.pm), since every
# millisecond of its start-up delays the job.

my ($jobdir, $uid, $gid, $groups, $workdir, $stdin, $stdout, $stderr, $append, @command) = @ARGV;
my (@join, $clone3_nr, $setsid_nr, $become);
while (@command && $command[0] ne '--') {
    my $option = shift @command;
    if ($option eq '--join') { push @join, shift @command; }
    elsif ($option eq '--clone3') { $clone3_nr = shift @command; }
    elsif ($option eq '--setsid') { $setsid_nr = shift @command; }
    elsif ($option eq '--become') { $become = shift @command; }
    else { die "job_wrapper.pl: unknown option $option\n"; }
}
shift @command if @command && $command[0] eq '--';
my @groups = grep { length } split /,/, $groups;

setpgrp(0, 0);
$SIG{HUP} = 'IGNORE';

my %env;
{
    open my $fh, '<', "$jobdir/environment" or die "cannot read $jobdir/environment: $!\n";
    local $/ = "\0";
    while (my $pair = <$fh>) {
        chomp $pair;
        my ($name, $value) = split /=/, $pair, 2;
        $env{$name} = $value if defined $value;
    }
}

my ($pid, $entry) = start_child();
run_child() if $pid == 0;
# The script's pid, then this wrapper's, in one file: written after the fork, so not in the way of the script's
# start; a slurmd that restarts before it is there waits for it (JobRunner.WRAPPER_START_GRACE).
write_file("$jobdir/pid", "$pid $$ $entry\n");
waitpid($pid, 0);
my $status = $?;
write_file("$jobdir/status", ($status >> 8) . ' ' . ($status & 127) . "\n");
exit 0;

# Starts the script's process: born in its cgroup where --clone3 allows, else forked (it joins in confine).
# Returns the child's pid (0 in the child) and how it enters its cgroup.
#
# clone3 is called raw, not through glibc's fork(), so nothing of fork's bookkeeping runs: no atfork
# handlers (Perl's only take its own interpreter mutexes, which no other thread holds: the wrapper starts
# none), no reset of the malloc and stdio locks (unheld for the same reason), and the child's thread
# descriptor keeps the parent's cached thread id, which only pthread_kill, raise and error-checking
# mutexes would use. The child does none of that: it opens files, dup2s, makes raw system calls (setsid,
# setgroups, setresgid, setresuid) and execs; Perl's $$ asks the kernel each time, so it is the child's.
# Without CLONE_VM the child has its own copy of memory and stack, as after fork, so no stack is given.
sub start_child {
    my $failure = 'join';
    if (defined $clone3_nr && @join == 1) {
        (my $dir = $join[0]) =~ s{/cgroup\.procs$}{};
        # The kernel wants a descriptor of the cgroup's directory; a plain read-only open gives one
        # (O_DIRECTORY's value differs by architecture, and Fcntl would cost a module load).
        if (sysopen(my $cgroup, $dir, 0)) {
            # struct clone_args, eleven 64-bit fields up to "cgroup": flags, pidfd, child_tid, parent_tid,
            # exit_signal, stack, stack_size, tls, set_tid, set_tid_size, cgroup. CLONE_INTO_CGROUP is
            # 0x200000000; exit signal SIGCHLD (17 on x86_64, arm64 and riscv64, the architectures
            # slurmd gives a system call number for), so waitpid sees the child as a forked one.
            my $args = pack('Q11', 0x200000000, 0, 0, 0, 17, 0, 0, 0, 0, 0, fileno($cgroup));
            my $pid = syscall($clone3_nr + 0, $args, length $args);
            if ($pid >= 0) {
                @join = ();
                return ($pid, 'clone3');
            }
            $failure = 'join:' . ($! + 0);
        } else {
            $failure = 'join:' . ($! + 0);
        }
    }
    my $pid = fork();
    die "fork: $!\n" unless defined $pid;
    return ($pid, $failure);
}

sub run_child {
    $SIG{HUP} = 'DEFAULT';
    umask(oct($env{SLURM_UMASK})) if defined $env{SLURM_UMASK} && $env{SLURM_UMASK} =~ /^[0-7]{3,4}$/;

    # Effective ids only: root comes back afterwards to join the cgroup and run setpriv.
    $) = join(' ', $gid, $gid, @groups);
    $> = $uid;
    fail("cannot take uid $uid: $!") if $> != $uid;
    # Relative file names are taken from where the script starts, as slurmstepd does: the work
    # directory, or /tmp when the user cannot enter it.
    my $cwd_error;
    if (!chdir($workdir)) {
        $cwd_error = "slurmstepd: error: couldn't chdir to `$workdir': $!: going to /tmp instead\n";
        chdir('/tmp');
    }
    my $out_mode = $append ? '>>' : '>';
    open(my $in, '<', $stdin) or fail("cannot open input file $stdin: $!");
    open(my $out, $out_mode, $stdout) or fail("cannot open output file $stdout: $!");
    my $err;
    if ($stderr eq $stdout) {
        $err = $out;
    } else {
        open($err, $out_mode, $stderr) or fail("cannot open error file $stderr: $!");
    }
    $> = 0;
    $) = '0 0';

    # Reopening the standard handles keeps their descriptors 0, 1 and 2 (dup2).
    open(STDIN, '<&', $in) or fail("cannot redirect input: $!");
    open(STDOUT, '>&', $out) or fail("cannot redirect output: $!");
    open(STDERR, '>&', $err) or fail("cannot redirect error: $!");
    syswrite(STDERR, $cwd_error) if defined $cwd_error;
    # TaskProlog's "print" lines come first in the script's output, as in Slurm.
    if (open(my $print, '<', "$jobdir/task_print")) {
        local $/;
        my $text = <$print>;
        syswrite(STDOUT, $text) if defined $text;
    }
    %ENV = %env;
    $ENV{SLURM_TASK_PID} = $$;
    confine() if @join || defined $setsid_nr || defined $become;
    exec { $command[0] } @command or fail("cannot exec $command[0]: $!");
}

# Joins the cgroup, starts the session and becomes the user, as the shell, setsid and setpriv would.
sub confine {
    for my $procs (@join) {
        open(my $fh, '>', $procs) or fail("cannot join cgroup $procs: $!");
        print $fh "$$\n";
        close($fh) or fail("cannot join cgroup $procs: $!");
    }
    if (defined $setsid_nr) {
        syscall($setsid_nr + 0) >= 0 or fail("setsid failed: $!");
    }
    return unless defined $become;
    my ($setgroups_nr, $setresgid_nr, $setresuid_nr) = map { $_ + 0 } split /,/, $become;
    my @ids = map { $_ + 0 } @groups;
    my $list = pack('L*', @ids);
    # A null list for no groups: an empty string would still be passed as a pointer.
    syscall($setgroups_nr, scalar(@ids), @ids ? $list : 0) >= 0 or fail("setgroups failed: $!");
    syscall($setresgid_nr, $gid + 0, $gid + 0, $gid + 0) >= 0 or fail("setresgid $gid failed: $!");
    syscall($setresuid_nr, $uid + 0, $uid + 0, $uid + 0) >= 0 or fail("setresuid $uid failed: $!");
    # No reading the ids back from /proc: each call's result is checked, and setresuid/setresgid set all
    # three ids or none (JobRunnerTest checks real, effective, saved and file-system ids from the script).
}

sub fail {
    my ($message) = @_;
    $> = 0;
    write_file("$jobdir/launch_error", "$message\n");
    exit 1;
}

# Written next to its final name and renamed, so that a reader never sees half a file.
sub write_file {
    my ($path, $text) = @_;
    open my $fh, '>', "$path.new" or die "cannot write $path.new: $!\n";
    print $fh $text;
    close $fh or die "cannot write $path.new: $!\n";
    rename "$path.new", $path or die "cannot rename $path.new: $!\n";
}
