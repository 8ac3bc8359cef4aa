#!/bin/bash
# Functions shared by the benchmarks in bench/ (sourced after $dist is set): a scratch folder $work
# removed at exit, with the controller started by start_controller stopped first (also on Ctrl-C).

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

# median_of NUMBERS...: the middle value (lower middle for an even count)
median_of() {
  printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"
}

# timed_runs RUNS COMMAND...: one line "WALL_MS CPU_MS" (CPU: user + system) per run, output discarded
timed_runs() {
  local n=$1 i t real user sys
  shift
  for ((i = 0; i < n; i++)); do
    t=$({ TIMEFORMAT='%3R %3U %3S'; time "$@" >/dev/null 2>&1; } 2>&1)
    read -r real user sys <<<"$t"
    awk -v r="$real" -v u="$user" -v s="$sys" 'BEGIN { printf "%d %d\n", r * 1000 + 0.5, (u + s) * 1000 + 0.5 }'
  done
}

# measure RUNS COMMAND...: prints "WALL_MS CPU_MS", medians over RUNS runs (output discarded)
measure() {
  local runs
  runs=$(timed_runs "$@")
  echo "$(median_of $(cut -d' ' -f1 <<<"$runs")) $(median_of $(cut -d' ' -f2 <<<"$runs"))"
}

# Waits (at most 60 s) until the controller answers scontrol ping.
await_controller() {
  local i
  for ((i = 0; i < 120; i++)); do
    "$dist/bin/scontrol" ping >/dev/null 2>&1 && return 0
    kill -0 "$controller_pid" 2>/dev/null || return 1
    sleep 0.5
  done
  return 1
}

# start_controller MAX_JOBS: slurmctld of $dist on a random port with a throw-away configuration (16 nodes,
# no slurmd), state and credential socket under $work (the default socket may be a real cluster's);
# exports SLURM_CONF, sets port and controller_pid.
start_controller() {
  port=$((20000 + RANDOM % 20000))
  mkdir -p "$work/etc" "$work/state" "$work/log"
  cat >"$work/etc/slurm.conf" <<CONF
ClusterName=bench
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/slurm
AuthInfo=socket=$work/credential.socket
StateSaveLocation=$work/state
SlurmctldPidFile=$work/slurmctld.pid
SlurmctldLogFile=$work/log/slurmctld.log
MaxJobCount=$1
NodeName=gpu[01-16] CPUs=64 RealMemory=512000 State=UNKNOWN
PartitionName=batch Nodes=gpu[01-16] Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$work/etc/slurm.conf
  "$dist/libexec/jslurm-java" controller io.jslurm.slurmctld.SlurmctldMain -D -c -f "$SLURM_CONF" >"$work/log/stdout" 2>&1 &
  controller_pid=$!
  if ! await_controller; then
    echo "== controller stopped or did not answer within 60 s; its output:"
    tail -20 "$work/log/stdout" "$work/log/slurmctld.log" 2>/dev/null
    return 1
  fi
}
