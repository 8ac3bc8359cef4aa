#!/bin/bash
# Job throughput benchmark for jslurm (see docs/performance.md, "500 trivial jobs").
#   bench/jobs-bench.sh [-n JOBS] [-d DIST] [-s sbatch|rpc|latency|all] [-p SUBMITTERS] [-a] [-t] [-j DIR] [-l DIR] [-w JOBS]
#     -n  jobs per part (default 500)
#     -d  the distribution folder (default dist/target/jslurm: build it first)
#     -s  which part to run (default all)
#     -p  parallel sbatch processes in part "sbatch" (default 4)
#     -a  with accounting (slurmdbd and its embedded MariaDB); the default cluster has none
#     -t  at the end, the daemons' busiest threads (CPU seconds since they started, from /proc)
#     -j DIR  a Java Flight Recording of each daemon (profile settings) in DIR/daemon-PID.jfr
#     -l DIR  keep the daemons' logs (the cluster's log folder) in DIR after the run
#     -w  a warm-up round of this many jobs (over the RPC) before the timed parts; default none, so the
#         figures include the daemons' start-up work (JIT compilation) as a fresh cluster pays it
# Starts a throw-away cluster with bin/slurm-local (one node of this machine's CPUs) in a temporary folder,
# then for each part submits JOBS jobs of /bin/true and times the first submission to the moment every one of
# them has ended (counted from the controller's log; checked afterwards with squeue, which must list nothing,
# and scontrol, which must show every job COMPLETED):
#   sbatch  JOBS separate `sbatch --wrap=/bin/true` processes, SUBMITTERS at a time (what real Slurm's
#           figure was measured with: each process is a JVM start here, which bounds the rate)
#   rpc     one JVM submitting JOBS jobs through sbatch's own parser and client (bench/SbatchLoop.java),
#           one RPC per job, no process start per job
#   latency 20 jobs one at a time: from the controller's allocation to the script's first command
# Prints wall seconds, jobs per second, CPU seconds of the submitters, slurmctld and slurmd (user+sys from
# /proc), slurmd's resident memory (now and peak) and the load average. Run it under flock /tmp/it.lock:
# it starts real daemons. The cluster is brought down on exit, also on Ctrl-C.
set -u
# The whole script is one block, which bash reads before running it: editing the file during a run
# cannot change what the run does.
{

jobs=500 part=all submitters=4 accounting=--no-accounting threads=0 jfr= warm=0 keep_logs=
root=$(cd "$(dirname "$0")/.." && pwd)
dist=$root/dist/target/jslurm
while getopts n:d:s:p:atj:l:w: opt; do
  case $opt in
    n) jobs=$OPTARG ;;
    d) dist=$OPTARG ;;
    s) part=$OPTARG ;;
    p) submitters=$OPTARG ;;
    a) accounting= ;;
    t) threads=1 ;;
    j) jfr=$(cd "$OPTARG" && pwd) || exit 2 ;;
    l) keep_logs=$(cd "$OPTARG" && pwd) || exit 2 ;;
    w) warm=$OPTARG ;;
    *) exit 2 ;;
  esac
done
[[ -x $dist/bin/slurm-local && -r $dist/lib/cli.classpath ]] || { echo "no distribution at $dist: build dist first" >&2; exit 2; }
work=$(mktemp -d /var/tmp/jobs-bench.XXXXXX)
chmod 755 "$work"
cluster=$work/cluster
up=0
cleanup() {
  ((up)) && "$dist/bin/slurm-local" down --dir "$cluster" >/dev/null 2>&1
  [[ -n $keep_logs && -d $cluster/log ]] && cp -r "$cluster/log/." "$keep_logs/"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now_us() { echo "${EPOCHREALTIME/[.,]/}"; }
# cpu_ticks PID: user+sys clock ticks of a live process (fields 14 and 15 of /proc/PID/stat)
cpu_ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
# sys_ticks PID: the system (kernel) part of it
sys_ticks() { awk '{ sub(/.*\) /, ""); print $13 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
ticks=$(getconf CLK_TCK)
secs() { awk -v t="$1" -v hz="$ticks" 'BEGIN { printf "%.2f", t / hz }'; }
kib() { sed -n "s/^$2:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$1/status"; }

echo "== $jobs jobs of /bin/true: first submission to all ended"
echo "   machine: $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1); $(date -u +%FT%TZ)"
daemon_opts=${JSLURM_JAVA_OPTS:-}
[[ -n $jfr ]] && daemon_opts+=" -XX:StartFlightRecording=settings=profile,filename=$jfr/daemon-%p.jfr"
JSLURM_JAVA_OPTS=$daemon_opts "$dist/bin/slurm-local" up --dir "$cluster" $accounting >"$work/env" 2>"$work/up.log" || { cat "$work/up.log"; exit 1; }
up=1
eval "$(grep "^export " "$work/env")"
ctld_pid=$(cat "$cluster/run/slurmctld.pid")
slurmd_pid=$(cat "$cluster"/run/slurmd-*.pid | head -1)
ctld_log=$cluster/log/slurmctld.log
echo "   cluster: $(sed -n 's/^NodeName=\([^ ]*\) .*\(CPUs=[0-9]*\).*/\1 \2/p' "$SLURM_CONF"); slurmctld pid $ctld_pid, slurmd pid $slurmd_pid"
echo "   JDK of the daemons: $(tr '\0' ' ' <"/proc/$slurmd_pid/cmdline" | cut -d' ' -f1)"

# ended: how many jobs the controller has logged as ended so far
ended() { grep -c '^\[[^]]*\] JobId=[0-9]* [A-Z_]* ExitCode=' "$ctld_log"; }

# wait_all BEFORE: polls (every 50 ms, at most 10 minutes) until JOBS more jobs have ended than BEFORE
wait_all() {
  local target=$(($1 + jobs)) deadline=$((SECONDS + 600))
  while (($(ended) < target)); do
    ((SECONDS > deadline)) && { echo "   gave up: only $(($(ended) - $1)) of $jobs ended in 10 minutes"; return 1; }
    sleep 0.05
  done
}

# report LABEL T0 T1 SUBMIT_CPU CTLD0 SLURMD0 FIRST_ID LAST_ID
report() {
  local label=$1 t0=$2 t1=$3 submit_cpu=$4 ctld0=$5 slurmd0=$6 first=$7 last=$8 wall bad pending
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) / 1e6 }')
  pending=$(squeue -h | wc -l)
  bad=$(scontrol show job 2>/dev/null | awk -v lo="$first" -v hi="$last" '
      /^JobId=/ { split($1, a, "="); id = a[2] + 0 }
      /JobState=/ { match($0, /JobState=[A-Z_]+/); s = substr($0, RSTART + 9, RLENGTH - 9)
                    if (id >= lo && id <= hi && s != "COMPLETED") n++ }
      END { print n + 0 }')
  printf '   %-42s %7s s wall %7.1f jobs/s | CPU s: submitters %s, slurmctld %s, slurmd %s | slurmd RSS %s MiB (peak %s) | load %s\n' \
    "$label" "$wall" "$(awk -v n="$jobs" -v w="$wall" 'BEGIN { print n / w }')" "$submit_cpu" \
    "$(secs $(($(cpu_ticks "$ctld_pid") - ctld0)))" "$(secs $(($(cpu_ticks "$slurmd_pid") - slurmd0)))" \
    "$(($(kib "$slurmd_pid" VmRSS) / 1024))" "$(($(kib "$slurmd_pid" VmHWM) / 1024))" "$(cut -d' ' -f1-3 /proc/loadavg)"
  [[ $pending == 0 && $bad == 0 ]] || echo "   CHECK FAILED: squeue still lists $pending job(s); $bad of jobs $first-$last not COMPLETED"
}

# cpu_of_children FILE: user+sys seconds of everything a timed block ran (bash's times for children)
submit_part() {
  local label=$1 before ctld0 slurmd0 slurmd_sys0 t0 t1 cpu first last
  shift
  before=$(ended) ctld0=$(cpu_ticks "$ctld_pid") slurmd0=$(cpu_ticks "$slurmd_pid") slurmd_sys0=$(sys_ticks "$slurmd_pid")
  : >"$work/ids"
  t0=$(now_us)
  cpu=$( { TIMEFORMAT='%3U %3S'; time "$@" >>"$work/ids" 2>"$work/submit.err"; } 2>&1 | awk '{ printf "%.2f", $1 + $2 }')
  wait_all "$before" || return 1
  t1=$(now_us)
  if [[ -s $work/submit.err ]]; then echo "   submission errors:"; head -5 "$work/submit.err"; fi
  first=$(grep -o '[0-9]*' "$work/ids" | sort -n | head -1)
  last=$(grep -o '[0-9]*' "$work/ids" | sort -n | tail -1)
  report "$label" "$t0" "$t1" "$cpu" "$ctld0" "$slurmd0" "${first:-0}" "${last:-0}"
  echo "   of slurmd's CPU, in the kernel: $(secs $(($(sys_ticks "$slurmd_pid") - slurmd_sys0))) s"
}

# JOBS sbatch processes, SUBMITTERS at a time
sbatch_processes() {
  seq "$jobs" | xargs -P "$submitters" -n 1 sh -c 'exec sbatch --parsable --wrap=/bin/true -o /dev/null'
}

# One JVM: bench/SbatchLoop.java on the commands' class path and the launcher's command flags
rpc_loop() {
  java $unsafe_flag -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp:$work/classes" io.jslurm.cli.sbatch.SbatchLoop "$jobs" \
    --parsable --wrap=/bin/true -o /dev/null
}

# Part "latency": 20 jobs one at a time on the idle node, each a bash script whose first command records
# the time; printed: from the controller's "sched: Allocate" line (the job is durably RUNNING and its launch
# request is about to be sent) to that first command, in ms.
launch_latency() {
  local i id allocated started before
  printf '#!/bin/bash\necho "$SLURM_JOB_ID $EPOCHREALTIME" >>%s/started\n' "$work" >"$work/stamp.sh"
  : >"$work/started"
  for ((i = 0; i < 20; i++)); do
    before=$(ended)
    java $unsafe_flag -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp:$work/classes" io.jslurm.cli.sbatch.SbatchLoop 1 \
      -o /dev/null "$work/stamp.sh" >/dev/null || return 1
    jobs=1 wait_all "$before" || return 1
  done
  while read -r id started; do
    allocated=$(sed -n "s/^\[\([^]]*\)\] sched: Allocate JobId=$id .*/\1/p" "$ctld_log")
    [[ -n $allocated ]] && awk -v a="$(date -d "$allocated" +%s.%N)" -v s="$started" 'BEGIN { printf "%.1f\n", (s - a) * 1000 }'
  done <"$work/started" | sort -n | awk '{ a[NR] = $1 } END {
    printf "   allocation to the script'"'"'s first command (ms, %d jobs one at a time, log times to the ms): min %.1f, median %.1f, max %.1f | load %s\n",
           NR, a[1], a[int((NR + 1) / 2)], a[NR], load }' load="$(cut -d' ' -f1-3 /proc/loadavg)"
}

cd "$work" || exit 1
cp=$(sed -n 's/^path=//p' "$dist/lib/cli.classpath" | sed "s#lib/#$dist/lib/#g")
java=$(tr '\0' ' ' <"/proc/$slurmd_pid/cmdline" | cut -d' ' -f1)
PATH=$(dirname "$java"):$PATH
mkdir -p "$work/classes"
# protobuf-java's sun.misc.Unsafe warnings on JDK 23+, as the launcher does for commands
unsafe_flag=
java --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1 && unsafe_flag=--sun-misc-unsafe-memory-access=allow
javac --release 17 -d "$work/classes" -cp "$cp" "$root/bench/SbatchLoop.java" || exit 1
if ((warm > 0)); then
  # The daemons' JIT compilers are busy for the first few hundred jobs: a warm-up round, not counted.
  measured=$jobs jobs=$warm
  submit_part "warm-up: $warm jobs over the RPC, not counted" rpc_loop
  jobs=$measured
fi
if [[ $part == all || $part == sbatch ]]; then
  submit_part "(a) $jobs sbatch processes, $submitters at a time" sbatch_processes
fi
if [[ $part == all || $part == rpc ]]; then
  submit_part "(b) one JVM, $jobs submissions over the RPC" rpc_loop
fi
if [[ $part == all || $part == latency ]]; then
  launch_latency
fi

# busiest_threads NAME PID: the eight threads of PID that used most CPU so far
busiest_threads() {
  local task
  echo "   busiest threads of $1 (CPU s):"
  for task in /proc/"$2"/task/*; do
    awk -v hz="$ticks" '{ name = $0; sub(/^[^(]*\(/, "", name); sub(/\).*/, "", name); sub(/.*\) /, "")
                          printf "%8.2f  %s\n", ($12 + $13) / hz, name }' "$task/stat" 2>/dev/null
  done | sort -rn | head -8
}
# slurmd's own part of each launch (request received to wrapper started), as it logs it
awk '/launch request served in/ { print $(NF - 1) / 1000 }' "$cluster"/log/slurmd-*.log | sort -n |
  awk '{ a[NR] = $1 } END { if (NR) printf "   slurmd launch request served in (ms, %d launches): min %.1f, median %.1f, p90 %.1f, max %.1f\n",
                              NR, a[1], a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.5)], a[NR] }'
if ((threads)); then
  busiest_threads slurmctld "$ctld_pid"
  busiest_threads slurmd "$slurmd_pid"
fi
exit
}
