#!/bin/bash
# Wall and CPU time of one `sbatch --wrap=true` and of `squeue` over 2,000 and 10,000 jobs, each in a fresh JVM
# with the launcher's command flags, against a real slurmctld on loopback. Run from the repository root after
#   ./mvnw -o -q -pl cli -am package -DskipTests
#   ./mvnw -o -q -pl cli dependency:build-classpath -Dmdep.outputFile=/tmp/cli-test-cp.txt -Dmdep.includeScope=test
# Usage: cli/src/test/bench/measure-commands.sh [RUNS]   (prints one FIGURE line per measurement: median of RUNS)
set -euo pipefail
runs=${1:-5}
root=$(pwd)
deps=$(tr ':' '\n' </tmp/cli-test-cp.txt | grep -v '/io/jslurm/' | paste -sd:)
mods=""
for m in common conf protocol sched slurmctld cli; do mods+="$root/$m/target/jslurm-$m-0.1.0-SNAPSHOT.jar:"; done
cmd_cp="$root/cli/target/jslurm-cli-0.1.0-SNAPSHOT.jar:$root/common/target/jslurm-common-0.1.0-SNAPSHOT.jar"
cmd_cp+=":$root/conf/target/jslurm-conf-0.1.0-SNAPSHOT.jar:$root/protocol/target/jslurm-protocol-0.1.0-SNAPSHOT.jar"
for jar in protobuf-java jackson-core slf4j-api; do cmd_cp+=":$(tr ':' '\n' </tmp/cli-test-cp.txt | grep "/$jar-[0-9]" | head -1)"; done
all_cp="$mods$root/cli/target/test-classes:$deps"
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData)

work=$(mktemp -d)
trap 'kill $ctld 2>/dev/null || true; wait $ctld 2>/dev/null || true; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])')
mkdir -p "$work/state"
cat >"$work/slurm.conf" <<CONF
ClusterName=bench
SlurmctldHost=localhost
SlurmctldPort=$port
StateSaveLocation=$work/state
SlurmctldPidFile=$work/slurmctld.pid
MaxJobCount=50000
NodeName=DEFAULT NodeAddr=127.0.0.1 CPUs=8 RealMemory=16000
NodeName=n01
NodeName=n02
PartitionName=batch Nodes=ALL Default=YES MaxTime=60 State=UP
CONF
head -c 64 /dev/urandom >"$work/slurm.key"
chmod 600 "$work/slurm.key"
export SLURM_CONF=$work/slurm.conf
java -cp "$all_cp" io.jslurm.slurmctld.SlurmctldMain -D -f "$SLURM_CONF" >"$work/ctld.log" 2>&1 &
ctld=$!
for _ in $(seq 100); do
  java "${flags[@]}" -cp "$cmd_cp" io.jslurm.cli.scontrol.Scontrol ping 2>/dev/null | grep -q UP && break
  sleep 0.2
done

# median of RUNS: wall seconds, user+system CPU seconds
measure() { # NAME JAVA ARGS...
  local name=$1 java=$2; shift 2
  local out
  out=$(for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" "$java" "${flags[@]}" -cp "$cmd_cp" "$@" 2>&1 >/dev/null | tail -1
  done | awk '{print $1, $2 + $3}' | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2)')
  echo "FIGURE $name wall_s=${out% *} cpu_s=${out#* }"
}

jdk17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for java in $jdk17 $jdk25; do
  v=$("$java" -version 2>&1 | head -1 | sed 's/.*version "\([0-9]*\).*/\1/')
  measure "jdk$v sbatch --wrap=true" "$java" io.jslurm.cli.sbatch.Sbatch --wrap=true
done
java -cp "$all_cp" io.jslurm.cli.bench.SubmitMany 2000 | sed 's/^/# /'
for java in $jdk17 $jdk25; do
  v=$("$java" -version 2>&1 | head -1 | sed 's/.*version "\([0-9]*\).*/\1/')
  echo "# squeue lines: $("$java" "${flags[@]}" -cp "$cmd_cp" io.jslurm.cli.squeue.Squeue -h | wc -l)"
  measure "jdk$v squeue over 2000 jobs" "$java" io.jslurm.cli.squeue.Squeue
done
java -cp "$all_cp" io.jslurm.cli.bench.SubmitMany 8000 | sed 's/^/# /'
for java in $jdk17 $jdk25; do
  v=$("$java" -version 2>&1 | head -1 | sed 's/.*version "\([0-9]*\).*/\1/')
  echo "# squeue lines: $("$java" "${flags[@]}" -cp "$cmd_cp" io.jslurm.cli.squeue.Squeue -h | wc -l)"
  measure "jdk$v squeue over 10000 jobs" "$java" io.jslurm.cli.squeue.Squeue
done
