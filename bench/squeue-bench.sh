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
. "$(dirname "$0")/bench-lib.sh"

# spread RUNS COMMAND...: "wall MEDIAN (MIN-MAX) / CPU MEDIAN (MIN-MAX) ms"
spread() {
  local runs walls cpus
  runs=$(timed_runs "$@")
  walls=$(cut -d' ' -f1 <<<"$runs" | sort -n | tr '\n' ' ')
  cpus=$(cut -d' ' -f2 <<<"$runs" | sort -n | tr '\n' ' ')
  read -r -a walls <<<"$walls"
  read -r -a cpus <<<"$cpus"
  echo "wall $(median_of "${walls[@]}") (${walls[0]}-${walls[-1]}) / CPU $(median_of "${cpus[@]}") (${cpus[0]}-${cpus[-1]}) ms"
}

cp=$(sed -n 's/^path=//p' "$dist/lib/cli.classpath" | sed "s#lib/#$dist/lib/#g")
javac=""
for jdk in /usr/lib/jvm/*; do
  [[ -x $jdk/bin/javac ]] && javac=$jdk/bin/javac && java=$jdk/bin/java && break
done
[[ -n $javac ]] || { echo "no javac in /usr/lib/jvm" >&2; exit 2; }
"$javac" --release 17 -d "$work/classes" -cp "$cp" "$(dirname "$0")/SqueueFill.java" || exit 1

start_controller 50000 || exit 1

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
        "$(JSLURM_JAVA_HOME=$jdk spread "$runs" "$dist/bin/${words[0]}" "${words[@]:1}")"
    done
  done
done
