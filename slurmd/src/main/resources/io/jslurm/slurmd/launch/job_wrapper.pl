#!/usr/bin/perl
# Runs one batch script for slurmd and records how it ended.
#
# Usage: job_wrapper.pl JOBDIR UID GID GROUPS WORKDIR STDIN STDOUT STDERR APPEND NPROCS PROCS... -- SCRIPT ARGS...
#
# The wrapper stays root and outside the job's cgroup, so signalling or killing every process of
# the job never reaches it; it starts its own session so that slurmd can stop and restart
# without taking the job along. Its child joins the job's cgroup before anything of the user's
# runs, opens the output files with the user's identity (so they are created as, and checked
# for, the user), and execs setpriv to become the user for good. The child's wait status is
# written to JOBDIR/status as "EXITCODE SIGNAL", which is all a restarted slurmd needs to report
# the job's end. Perl is used because a shell's wait cannot tell "exit 137" from "killed by
# signal 9".
use strict;
use warnings;
use POSIX ();

my ($jobdir, $uid, $gid, $groups, $workdir, $stdin, $stdout, $stderr, $append, $nprocs, @rest) = @ARGV;
my @procs = splice(@rest, 0, $nprocs);
shift @rest if @rest && $rest[0] eq '--';
my @command = @rest;
my @groups = grep { length } split /,/, $groups;

POSIX::setsid();
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

my $pid = fork();
die "fork: $!\n" unless defined $pid;
if ($pid == 0) {
    run_child();
}
write_file("$jobdir/pid", "$pid\n");
waitpid($pid, 0);
my $status = $?;
write_file("$jobdir/status", ($status >> 8) . ' ' . ($status & 127) . "\n");
exit 0;

sub run_child {
    # Before any user code exists: from here on, everything this process starts is in the job.
    for my $procs (@procs) {
        open my $fh, '>>', $procs or fail("cannot join cgroup $procs: $!");
        syswrite($fh, "$$\n") or fail("cannot join cgroup $procs: $!");
        close $fh;
    }
    POSIX::setsid();
    $SIG{HUP} = 'DEFAULT';
    umask(oct($env{SLURM_UMASK})) if defined $env{SLURM_UMASK} && $env{SLURM_UMASK} =~ /^0?[0-7]{3}$/;

    # Seteuid, not setuid: the files and the directory are checked as the user, then root
    # comes back to hand over to setpriv.
    $) = join(' ', $gid, $gid, @groups);
    $> = $uid;
    fail("cannot take uid $uid: $!") if $> != $uid;
    my $out_mode = $append ? '>>' : '>';
    open(my $in, '<', $stdin) or fail("cannot open input file $stdin: $!");
    open(my $out, $out_mode, $stdout) or fail("cannot open output file $stdout: $!");
    my $err = $out;
    if ($stderr ne $stdout) {
        open($err, $out_mode, $stderr) or fail("cannot open error file $stderr: $!");
    }
    my $cwd_error;
    if (!chdir($workdir)) {
        $cwd_error = "slurmstepd: error: couldn't chdir to `$workdir': $!: going to /tmp instead\n";
        chdir('/tmp');
    }
    $> = 0;
    $) = '0 0';

    POSIX::dup2(fileno($in), 0);
    POSIX::dup2(fileno($out), 1);
    POSIX::dup2(fileno($err), 2);
    syswrite(STDERR, $cwd_error) if defined $cwd_error;
    %ENV = %env;
    $ENV{SLURM_TASK_PID} = $$;
    my @identity = ("--reuid=$uid", "--regid=$gid", @groups ? '--groups=' . join(',', @groups) : '--clear-groups');
    exec { '/usr/bin/setpriv' } 'setpriv', @identity, '--', @command
        or fail("cannot exec setpriv: $!");
}

sub fail {
    my ($message) = @_;
    $> = 0;
    write_file("$jobdir/launch_error", "$message\n");
    POSIX::_exit(1);
}

# Written next to its final name and renamed, so a reader never sees half a file.
sub write_file {
    my ($path, $text) = @_;
    open my $fh, '>', "$path.new" or die "cannot write $path.new: $!\n";
    print $fh $text;
    close $fh or die "cannot write $path.new: $!\n";
    rename "$path.new", $path or die "cannot rename $path.new: $!\n";
}
