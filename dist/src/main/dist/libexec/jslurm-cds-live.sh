#!/bin/bash
# A controller for the training runs of the commands that read the queue (sourced by jslurm-cds).
# Trained against nothing, squeue, sinfo and scontrol stop at "connection refused", so their archives
# lack everything that decodes and prints an answer: about 180 classes (protobuf's parser, the job and
# node records, the layouts), then loaded from the jars on every run, about 50 ms of CPU. live_start
# runs the real slurmctld of this install on a free port with throw-away state, key and credential
# socket and no slurmd, submits a few held jobs (an array, one with the training script's 21 #SBATCH
# options, one plain), and sets live_conf; the commands in live_commands are then trained against it. Without a controller
# (it did not start within 60 s) they are trained as before, against nothing.

live_commands=" io.jslurm.cli.squeue.Squeue io.jslurm.cli.sinfo.Sinfo io.jslurm.cli.scontrol.Scontrol "
live_conf="" live_pid="" live_dir=""

# live_port_free PORT: nothing listens on 127.0.0.1:PORT (a bash /dev/tcp connect fails)
live_port_free() {
  ! (exec 9<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

live_start() {
  local port i
  live_dir=$(mktemp -d) || return 1
  for ((i = 0; i < 20; i++)); do
    port=$((20000 + RANDOM % 40000))
    live_port_free "$port" && live_port_free $((port + 1)) && break
  done
  mkdir -p "$live_dir/state" && (umask 077 && head -c 64 /dev/urandom >"$live_dir/slurm.key") || return 1
  sed -e "s#^AuthType=.*#AuthType=auth/slurm#" -e "s#^SlurmctldPort=.*#SlurmctldPort=$port#" \
    "$training/slurm.conf" >"$live_dir/slurm.conf" || return 1
  # The key is named, not found next to the configuration: each training run signs with a copy of it.
  # The credential service gets its own socket: the default one may belong to a cluster on this host.
  # NoCtldInAddrAny: the controller listens on SlurmctldHost's 127.0.0.1 only, not on the build host's network.
  printf '%s\n' "AuthInfo=keyfile=$live_dir/slurm.key,socket=$live_dir/credential.socket" "SlurmdPort=$((port + 1))" "StateSaveLocation=$live_dir/state" \
    "CommunicationParameters=NoCtldInAddrAny" \
    "SlurmctldPidFile=$live_dir/slurmctld.pid" "SlurmctldLogFile=$live_dir/slurmctld.log" >>"$live_dir/slurm.conf"
  JSLURM_CDS=off "$home/libexec/jslurm-java" controller io.jslurm.slurmctld.SlurmctldMain -D -c \
    -f "$live_dir/slurm.conf" </dev/null >"$live_dir/stdout" 2>&1 &
  live_pid=$!
  for ((i = 0; i < 120; i++)); do
    kill -0 "$live_pid" 2>/dev/null || break
    if ! live_port_free "$port"; then
      live_submit && live_conf=$live_dir/slurm.conf && return 0
      break
    fi
    sleep 0.5
  done
  echo "jslurm-cds: no training controller (see below); squeue, sinfo and scontrol train without answers" >&2
  tail -5 "$live_dir/stdout" "$live_dir/slurmctld.log" >&2 2>/dev/null
  live_stop
  return 1
}

# Three held jobs; the first answers once the controller has loaded its state.
live_submit() {
  local i sbatch=(env JSLURM_CDS=off SLURM_CONF="$live_dir/slurm.conf" HOME="$live_dir"
    "$home/libexec/jslurm-java" cli io.jslurm.cli.sbatch.Sbatch --hold --quiet)
  for ((i = 0; i < 20; i++)); do
    (cd "$live_dir" && "${sbatch[@]}" --wrap=true </dev/null >/dev/null 2>&1) && break
    sleep 0.5
  done
  ((i < 20)) || return 1
  (cd "$live_dir" && "${sbatch[@]}" "$training/job.sh" </dev/null >/dev/null 2>&1 &&
    "${sbatch[@]}" --array=1-8%2 -J sweep --wrap=true </dev/null >/dev/null 2>&1)
}

live_stop() {
  if [[ -n $live_pid ]]; then
    kill -TERM "$live_pid" 2>/dev/null
    wait "$live_pid" 2>/dev/null
  fi
  [[ -n $live_dir ]] && rm -rf "$live_dir"
  live_pid="" live_dir="" live_conf=""
}
