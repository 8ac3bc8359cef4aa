#!/bin/bash
# One sbatch against a live controller, two builds side by side (see docs/performance.md, "sbatch start-up,
# third round"):
#   bench/sbatch-ab.sh OLD_DIST NEW_DIST [RUNS]
# Starts a slurm-local cluster from NEW_DIST (no accounting, throw-away folder), then for each JDK 17+ in
# /usr/lib/jvm runs `sbatch --hold --wrap=true` from OLD_DIST and NEW_DIST alternately, RUNS times each
# (default 21), and prints the sorted wall and CPU (user+sys) times in ms. Both builds speak the same wire
# format, so both submit to the same controller; held jobs never start. The cluster is stopped at the end.
# On a shared machine hold the integration-test lock: flock /tmp/it.lock bench/sbatch-ab.sh ...
set -u
old=${1:?usage: sbatch-ab.sh OLD_DIST NEW_DIST [RUNS]} new=${2:?usage: sbatch-ab.sh OLD_DIST NEW_DIST [RUNS]}
runs=${3:-21}
work=$(mktemp -d)
cleanup() {
  "$new/bin/slurm-local" down --dir "$work/cluster" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
eval "$("$new/bin/slurm-local" up --dir "$work/cluster" --no-accounting 2>"$work/up.err" | tail -2)"
[[ -n ${SLURM_CONF:-} ]] || { cat "$work/up.err" >&2; exit 1; }

# time_one DIST: one submission; prints "WALL_MS CPU_MS", fails when sbatch did not submit
time_one() {
  local real user sys t
  t=$({ TIMEFORMAT='%3R %3U %3S'; time "$1/bin/sbatch" --hold --wrap=true >"$work/out" 2>&1; } 2>&1)
  grep -q '^Submitted batch job' "$work/out" || { cat "$work/out" >&2; exit 1; }
  read -r real user sys <<<"$t"
  awk -v r="$real" -v u="$user" -v s="$sys" 'BEGIN { printf "%d %d\n", r * 1000 + 0.5, (u + s) * 1000 + 0.5 }'
}

echo "start $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), $runs runs each"
for jdk in /usr/lib/jvm/*; do
  [[ -x $jdk/bin/java && ! -L $jdk && -r $jdk/release ]] || continue
  version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$jdk/release")
  ((${version%%.*} >= 17)) 2>/dev/null || continue
  export JSLURM_JAVA_HOME=$jdk
  time_one "$old" >/dev/null && time_one "$new" >/dev/null || exit 1 # first runs may make archives
  old_wall="" old_cpu="" new_wall="" new_cpu=""
  for ((i = 0; i < runs; i++)); do
    t=$(time_one "$old") || exit 1
    old_wall+="${t% *} " old_cpu+="${t#* } "
    t=$(time_one "$new") || exit 1
    new_wall+="${t% *} " new_cpu+="${t#* } "
  done
  sorted() { printf '%s\n' $1 | sort -n | tr '\n' ' '; }
  echo "Java $version old wall: $(sorted "$old_wall")"
  echo "Java $version old CPU:  $(sorted "$old_cpu")"
  echo "Java $version new wall: $(sorted "$new_wall")"
  echo "Java $version new CPU:  $(sorted "$new_cpu")"
done
echo "end $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
