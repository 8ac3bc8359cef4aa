#!/bin/bash
# Times each program slurmd puts between a launch request and the user's code, to see where the
# milliseconds of a launch go: every link is exec'd N times in a row and the median is printed.
#   bench/launch-chain.sh [USER] [N]     (root; USER defaults to nobody, N to 40)
# Reports wall-clock milliseconds per start on this machine, with the load average, since on a
# shared machine the figures move with the load.
set -u
user=${1:-nobody}
n=${2:-40}
uid=$(id -u "$user") gid=$(id -g "$user")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/cg"
touch "$work/cg/cgroup.procs"

median() { sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]}'; }
time_ms() {
    local i t0 t1
    for ((i = 0; i < n; i++)); do
        t0=${EPOCHREALTIME/[.,]/}
        "$@" >/dev/null 2>&1
        t1=${EPOCHREALTIME/[.,]/}
        echo $((t1 - t0))
    done | awk '{print $1 / 1000}' | median
}

join='n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 127; shift; n=$((n-1)); done; exec "$@"'
printf '%-58s %s\n' "link (each exec'd $n times)" "median ms"
printf '%-58s %s\n' "/bin/true (fork+exec floor)" "$(time_ms /bin/true)"
printf '%-58s %s\n' "perl -e 1 (the batch wrapper's interpreter)" "$(time_ms /usr/bin/perl -e 1)"
printf '%-58s %s\n' "setsid true" "$(time_ms /usr/bin/setsid /bin/true)"
printf '%-58s %s\n' "setpriv --reuid --regid --clear-groups true" \
    "$(time_ms /usr/bin/setpriv --reuid="$uid" --regid="$gid" --clear-groups -- /bin/true)"
printf '%-58s %s\n' "sh -c <cgroup join> (one cgroup.procs) true" \
    "$(time_ms /bin/sh -c "$join" jslurm-join 1 "$work/cg/cgroup.procs" /bin/true)"
printf '%-58s %s\n' "step chain: join sh, setpriv, task-pid sh, true" \
    "$(time_ms /bin/sh -c "$join" jslurm-join 1 "$work/cg/cgroup.procs" /usr/bin/setpriv --reuid="$uid" \
        --regid="$gid" --clear-groups -- /bin/sh -c 'SLURM_TASK_PID=$$; export SLURM_TASK_PID; exec "$@"' x /bin/true)"
printf '%-58s %s\n' "step chain without the task-pid sh" \
    "$(time_ms /bin/sh -c "$join" jslurm-join 1 "$work/cg/cgroup.procs" /usr/bin/setpriv --reuid="$uid" \
        --regid="$gid" --clear-groups -- /bin/true)"
printf '%-58s %s\n' "batch chain: perl, sh join, setsid, setpriv, bash script" \
    "$(time_ms /usr/bin/perl -e 'exec @ARGV' /bin/sh -c "$join" jslurm-join 1 "$work/cg/cgroup.procs" \
        /usr/bin/setsid /usr/bin/setpriv --reuid="$uid" --regid="$gid" --clear-groups -- /bin/bash -c true)"
# What the batch wrapper does now where slurmd knows the system call numbers (x86_64, arm64): the Perl
# child joins the cgroup, calls setsid, setgroups, setresgid and setresuid itself, then execs the script.
case $(uname -m) in
    x86_64) calls="112 116 119 117" ;;
    aarch64|riscv64) calls="157 159 149 147" ;;
    *) calls="" ;;
esac
if [[ -n $calls ]]; then
    printf '%-58s %s\n' "batch chain now: perl (joins, setsid, ids), bash script" \
        "$(time_ms /usr/bin/perl -e 'my ($procs, $uid, $gid, $setsid, $setgroups, $setresgid, $setresuid, @cmd) = @ARGV;
            open(my $fh, ">", $procs) or exit 127; print $fh "$$\n"; close $fh;
            syscall($setsid + 0) >= 0 or exit 126; syscall($setgroups + 0, 0, 0) >= 0 or exit 126;
            syscall($setresgid + 0, $gid + 0, $gid + 0, $gid + 0) >= 0 or exit 126;
            syscall($setresuid + 0, $uid + 0, $uid + 0, $uid + 0) >= 0 or exit 126;
            exec { $cmd[0] } @cmd' "$work/cg/cgroup.procs" "$uid" "$gid" $calls /bin/bash -c true)"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# A step task now: slurmd's task_exec.pl joins the step's cgroup, sets SLURM_TASK_PID and takes the ids by
# system calls itself, then execs the task (in place of the join shell and setpriv above).
task_exec=$(dirname "$0")/../slurmd/src/main/resources/io/jslurm/slurmd/launch/task_exec.pl
if [[ -n $calls && -r $task_exec ]]; then
    read -r _ setgroups setresgid setresuid <<<"$calls"
    printf '%-58s %s\n' "step chain now: perl task_exec.pl (joins, ids), true" \
        "$(time_ms /usr/bin/perl "$task_exec" --join "$work/cg/cgroup.procs" \
            --become "$setgroups,$setresgid,$setresuid" "$uid" "$gid" "" -- /bin/true)"
fi
