#!/bin/bash
# Command start-up and submission benchmark for jslurm (see docs/performance.md).
#   bench/cli-bench.sh [-n RUNS] [-m SUBMISSIONS] [-d DIST] [-s startup|squeue-offline|controller|all]
#     -n  runs per single-command median (default 21)
#     -m  sequential submissions, and parallel ones (4 submitters share them) (default 500)
#     -d  the distribution folder (default dist/target/jslurm: build it first)
#     -s  which part to run (default all)
# Part "startup" needs no controller: one command, median wall and CPU (user+sys) time of RUNS runs,
# for every JDK 17+ in /usr/lib/jvm, three ways: as main's launcher started commands (all jars in
# lib/, no archive), on the commands' own class path without an archive (JSLURM_CDS=off), and as
# the launcher starts them now (own class path and archive). The commands reach no controller: sbatch
# parses a job script, reads slurm.conf, signs and fails to connect; scontrol expands a hostlist.
# Part "squeue-offline" needs no controller either: bench/SqueueOffline.java decodes a stored
# controller answer with 2,000 or 10,000 pending jobs and prints it as squeue does, in a fresh JVM
# with its own archive, so it costs what squeue costs less the socket.
# Part "controller" starts the controller (io.jslurm.slurmctld.SlurmctldMain) on loopback with a throw-away configuration and state, then
# times 500 sequential sbatch calls, 4 parallel submitters (125 each), and squeue over 2,000 and
# 10,000 queued jobs; it stops the controller at the end (also on Ctrl-C).
# Every loop is bounded; nothing listens beyond 127.0.0.1.
set -u

runs=21 part=all submissions=500
dist=$(cd "$(dirname "$0")/.." && pwd)/dist/target/jslurm
while getopts n:m:d:s: opt; do
  case $opt in
    n) runs=$OPTARG ;;
    m) submissions=$OPTARG ;;
    d) dist=$OPTARG ;;
    s) part=$OPTARG ;;
    *) exit 2 ;;
  esac
done
[[ -x $dist/bin/sbatch && -r $dist/lib/cli.classpath ]] || { echo "no distribution at $dist: build dist first" >&2; exit 2; }
training=$dist/libexec/cds-training
. "$(dirname "$0")/bench-lib.sh"

# Starts COMMAND MAIN ARGS... the way main's launcher did: every jar in lib/, no archive.
as_before() {
  local main=$1
  shift
  "$jdk/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData \
    -Djslurm.home="$dist" -cp "$dist/lib/*" "$main" "$@"
}
own_path_no_archive() { JSLURM_CDS=off JSLURM_JAVA_HOME=$jdk "$dist/libexec/jslurm-java" cli "$@"; }
as_now() { JSLURM_JAVA_HOME=$jdk "$dist/libexec/jslurm-java" cli "$@"; }

jdks() {
  local jdk version
  for jdk in /usr/lib/jvm/*; do
    [[ -x $jdk/bin/java && ! -L $jdk && -r $jdk/release ]] || continue
    version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$jdk/release")
    ((${version%%.*} >= 17)) 2>/dev/null && echo "$jdk $version"
  done
}

startup() {
  local jdk version label main args how result fake
  echo "== start-up of one command: median of $runs runs, wall / CPU (user+sys) ms"
  echo "   machine: $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1); load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
  # The launcher itself: a JDK whose java does nothing.
  fake=$work/fake-jdk
  mkdir -p "$fake/bin"
  printf '#!/bin/sh\nexit 0\n' >"$fake/bin/java"
  chmod +x "$fake/bin/java"
  printf 'JAVA_VERSION="17.0.0"\nJAVA_RUNTIME_VERSION="17.0.0+0-fake"\n' >"$fake/release"
  result=$(measure "$runs" env JSLURM_JAVA_HOME="$fake" "$dist/bin/sbatch" --wrap=true)
  echo "   launcher alone (bin/sbatch to a java that exits at once): ${result% *} ms wall, ${result#* } ms CPU"
  while read -r jdk version; do
    for label in "sbatch job.sh" "sbatch --wrap=true" "scontrol show hostnames"; do
      case $label in
        "sbatch job.sh") main=io.jslurm.cli.sbatch.Sbatch args=("$training/job.sh") ;;
        "sbatch --wrap=true") main=io.jslurm.cli.sbatch.Sbatch args=(--wrap=true) ;;
        *) main=io.jslurm.cli.scontrol.Scontrol args=(show hostnames 'gpu[01-16]') ;;
      esac
      for how in as_before own_path_no_archive as_now; do
        result=$(cd "$work" && export SLURM_CONF=$training/slurm.conf && measure "$runs" "$how" "$main" "${args[@]}")
        printf '   Java %-26s %-26s %-20s %5s ms wall %5s ms CPU\n' "$version" "$label" "$how" "${result% *}" "${result#* }"
      done
    done
  done < <(jdks)
}

squeue_offline() {
  local jdk version javac classes=$work/squeue-offline cp archive dump use count result
  echo "== squeue without a controller (bench/SqueueOffline.java): median of $runs runs, wall / CPU ms"
  cp=$(sed -n 's/^path=//p' "$dist/lib/cli.classpath" | sed "s#lib/#$dist/lib/#g")
  while read -r jdk version; do
    [[ -x $jdk/bin/javac ]] && javac=$jdk/bin/javac && break
  done < <(jdks)
  [[ -n ${javac:-} ]] || { echo "   skipped: no javac"; return 0; }
  mkdir -p "$classes"
  "$javac" --release 17 -d "$classes" -cp "$cp" "$(dirname "$0")/SqueueOffline.java" || return 1
  for count in 2000 10000; do
    "$jdk/bin/java" -cp "$cp:$classes" SqueueOffline write "$count" "$work/answer-$count.bin" || return 1
  done
  while read -r jdk version; do
    # The launcher's flags and kind of archive for this JDK, trained on the 2,000-job answer.
    if ((${version%%.*} >= 25)); then
      archive=$work/squeue-$version.aot dump=(-XX:AOTCacheOutput="$archive") use=(-XX:AOTCache="$archive")
    else
      archive=$work/squeue-$version.jsa dump=(-XX:ArchiveClassesAtExit="$archive") use=(-XX:SharedArchiveFile="$archive")
    fi
    "$jdk/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "${dump[@]}" -cp "$cp:$classes" \
      SqueueOffline show "$work/answer-2000.bin" >/dev/null 2>&1
    for count in 2000 10000; do
      result=$(measure "$runs" "$jdk/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData \
        "${use[@]}" -cp "$cp:$classes" SqueueOffline show "$work/answer-$count.bin")
      printf '   Java %-26s squeue over %5d pending jobs %5s ms wall %5s ms CPU\n' "$version" "$count" "${result% *}" "${result#* }"
    done
  done < <(jdks)
}

# submit COUNT: COUNT sequential held submissions; prints nothing, fails on the first refusal
submit() {
  local i
  for ((i = 0; i < $1; i++)); do
    "$dist/bin/sbatch" --hold --quiet --wrap=true >/dev/null || return 1
  done
}

controller() {
  local start end result total
  # The controller's main class directly: bin/slurmctld may still be the "not implemented" stand-in.
  if ! unzip -l "$dist/lib/jslurm-slurmctld-"*.jar 2>/dev/null | grep -q 'io/jslurm/slurmctld/SlurmctldMain.class'; then
    echo "== controller part skipped: this build has no io.jslurm.slurmctld.SlurmctldMain"
    return 0
  fi
  start_controller 20000 || return 1
  echo "== against slurmctld on 127.0.0.1:$port (no slurmd: jobs stay pending, held)"
  result=$(measure "$runs" "$dist/bin/sbatch" --hold --quiet --wrap=true)
  echo "   one sbatch --wrap=true: ${result% *} ms wall, ${result#* } ms CPU (median of $runs)"
  start=$EPOCHREALTIME
  submit "$submissions" || { echo "   a submission was refused"; return 1; }
  end=$EPOCHREALTIME
  echo "   $submissions sequential submissions: $(awk -v n="$submissions" -v s="$start" -v e="$end" 'BEGIN { printf "%.1f s, %.1f/s", e - s, n / (e - s) }')"
  start=$EPOCHREALTIME
  local pids=() p failed=0
  for p in 1 2 3 4; do
    submit $((submissions / 4)) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  end=$EPOCHREALTIME
  ((failed)) && { echo "   a parallel submission was refused"; return 1; }
  echo "   4 parallel submitters x $((submissions / 4)): $(awk -v n=$((submissions / 4 * 4)) -v s="$start" -v e="$end" 'BEGIN { printf "%.1f s, %.1f/s", e - s, n / (e - s) }')"
  total=$((runs + submissions + submissions / 4 * 4))
  for target in 2000 10000; do
    # Arrays of 1,000 tasks fill the queue quickly; squeue -r lists every task as its own line.
    while ((total + 1000 <= target)); do
      "$dist/bin/sbatch" --hold --quiet --array=0-999 --wrap=true >/dev/null || return 1
      total=$((total + 1000))
    done
    if ((total < target)); then
      "$dist/bin/sbatch" --hold --quiet --array=0-$((target - total - 1)) --wrap=true >/dev/null || return 1
      total=$target
    fi
    echo "   squeue -r over $total queued jobs ($("$dist/bin/squeue" -r -h | wc -l) lines): $(measure 5 "$dist/bin/squeue" -r | awk '{ printf "%s ms wall, %s ms CPU", $1, $2 }') (median of 5)"
  done
  kill -TERM "$controller_pid"
  wait "$controller_pid" 2>/dev/null
  controller_pid=""
  echo "   controller stopped"
}

case $part in
  startup) startup ;;
  squeue-offline) squeue_offline ;;
  controller) controller ;;
  all) startup && squeue_offline && controller ;;
  *) echo "unknown part: $part" >&2; exit 2 ;;
esac
