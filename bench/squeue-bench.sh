#!/bin/bash
# squeue (and the commands sharing its read path) against a live controller (see docs/performance.md).
#   bench/squeue-bench.sh [-n RUNS] [-d DIST] [-j "2000 10000"] [-c "squeue|squeue -r|..."]
#     -n  runs per figure (default 11); prints median, min and max of wall and CPU (user+sys) ms
#     -d  the distribution folder (default dist/target/jslurm: build it first)
#     -j  queue sizes to measure at, ascending (default "2000 10000")
#     -c  the command lines, separated by |, each run through the distribution's bin/ (default below)
# Starts slurmctld (io.jslurm.slurmctld.SlurmctldMain) on loopback with a throw-away configuration and
# state and no slurmd, fills its queue with held jobs through bench/SqueueFill.java (separate jobs, not
# array tasks, so the default layout prints one line per job), then times each command line on every
# JDK 17+ in /usr/lib/jvm (JSLURM_JAVA_HOME, so the launcher's flags and archive apply); output goes to
# /dev/null, so the terminal costs nothing. Stops the controller at the end (also on Ctrl-C).
set -u

runs=11 sizes="2000 10000"
commands='squeue|squeue -r|squeue -o %.10i %.9P %.20j %.8u %.10T %.10l %.6D %.20V %R|squeue --json|sinfo|scontrol show job'
dist=$(cd "$(dirname "$0")/.." && pwd)/dist/target/jslurm
while getopts n:d:j:c: opt; do
  case $opt in
    n) runs=$OPTARG ;;
    d) dist=$OPTARG ;;
    j) sizes=$OPTARG ;;
    c) commands=$OPTARG ;;
    *) exit 2 ;;
  esac
done
[[ -x $dist/bin/squeue && -r $dist/lib/cli.classpath ]] || { echo "no distribution at $dist: build dist first" >&2; exit 2; }
work=$(mktemp -d)
controller_pid=""
cleanup() {
  if [[ -n $controller_pid ]]; then
    kill -TERM "$controller_pid" 2>/dev/null
    wait "$controller_pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# stats NUMBERS...: "median min max" (lower middle for an even count)
stats() {
  printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "%s %s %s", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

# measure RUNS COMMAND...: prints "wall MEDIAN (MIN-MAX) / CPU MEDIAN (MIN-MAX) ms"
measure() {
  local n=$1 i t real user sys walls=() cpus=() w c
  shift
  for ((i = 0; i < n; i++)); do
    t=$({ TIMEFORMAT='%3R %3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1)
    read -r real user sys <<<"$t"
    walls+=("$(awk -v r="$real" 'BEGIN { printf "%d", r * 1000 + 0.5 }')")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 + 0.5 }')")
  done
  read -r w wmin wmax <<<"$(stats "${walls[@]}")"
  read -r c cmin cmax <<<"$(stats "${cpus[@]}")"
  echo "wall $w ($wmin-$wmax) / CPU $c ($cmin-$cmax) ms"
}

cp=$(sed -n 's/^path=//p' "$dist/lib/cli.classpath" | sed "s#lib/#$dist/lib/#g")
javac=""
for jdk in /usr/lib/jvm/*; do
  [[ -x $jdk/bin/javac ]] && javac=$jdk/bin/javac && java=$jdk/bin/java && break
done
[[ -n $javac ]] || { echo "no javac in /usr/lib/jvm" >&2; exit 2; }
"$javac" --release 17 -d "$work/classes" -cp "$cp" "$(dirname "$0")/SqueueFill.java" || exit 1

port=$((20000 + RANDOM % 20000))
mkdir -p "$work/etc" "$work/state" "$work/log"
cat >"$work/etc/slurm.conf" <<CONF
ClusterName=bench
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/slurm
StateSaveLocation=$work/state
SlurmctldPidFile=$work/slurmctld.pid
SlurmctldLogFile=$work/log/slurmctld.log
MaxJobCount=50000
NodeName=gpu[01-16] CPUs=64 RealMemory=512000 State=UNKNOWN
PartitionName=batch Nodes=gpu[01-16] Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/etc/slurm.conf
"$dist/libexec/jslurm-java" controller io.jslurm.slurmctld.SlurmctldMain -D -c -f "$SLURM_CONF" >"$work/log/stdout" 2>&1 &
controller_pid=$!
for ((i = 0; i < 120; i++)); do
  "$dist/bin/scontrol" ping >/dev/null 2>&1 && break
  kill -0 "$controller_pid" 2>/dev/null || break
  sleep 0.5
done
if ! "$dist/bin/scontrol" ping >/dev/null 2>&1; then
  echo "controller did not answer; its output:" >&2
  tail -20 "$work/log/stdout" "$work/log/slurmctld.log" >&2
  exit 1
fi

queued=0
IFS='|' read -r -a lines <<<"$commands"
for size in $sizes; do
  "$java" -cp "$cp:$work/classes" SqueueFill $((size - queued)) || { echo "filling the queue failed" >&2; exit 1; }
  queued=$size
  echo "== $queued held jobs; load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ); median (min-max) of $runs"
  for jdk in /usr/lib/jvm/*; do
    [[ -x $jdk/bin/java && ! -L $jdk && -r $jdk/release ]] || continue
    version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$jdk/release")
    ((${version%%.*} >= 17)) 2>/dev/null || continue
    for line in "${lines[@]}"; do
      read -r -a words <<<"$line"
      # a custom -o layout is one argument: everything after "-o"
      if [[ ${words[1]:-} == -o ]]; then
        words=("${words[0]}" -o "${line#* -o }")
      fi
      bytes=$(JSLURM_JAVA_HOME=$jdk "$dist/bin/${words[0]}" "${words[@]:1}" | wc -c)
      printf '   Java %-8s %-60s %9d bytes  %s\n' "${version%%+*}" "$line" "$bytes" \
        "$(JSLURM_JAVA_HOME=$jdk measure "$runs" "$dist/bin/${words[0]}" "${words[@]:1}")"
    done
  done
done
