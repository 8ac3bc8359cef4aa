#!/bin/bash
# Functions shared by jslurm-java and jslurm-cds; shell builtins only, since commands run them on
# every start.

# The install folder as an absolute path without "." or "..", so that class paths (which archives
# record) read the same however the command was called. Dropping ".." by hand is right unless a
# folder on the way is a symlink; then the kernel is asked, at the cost of one fork.
canonical_home() {
  local path=${BASH_SOURCE[0]%/*}/.. part out=()
  [[ $path == /* ]] || path=$PWD/$path
  local IFS=/
  for part in $path; do
    case $part in
      '' | .) ;;
      ..) ((${#out[@]})) && unset 'out[${#out[@]}-1]' ;;
      *) out+=("$part") ;;
    esac
  done
  home="/${out[*]}"
  [[ $home/libexec -ef ${BASH_SOURCE[0]%/*} ]] && return
  home=$(cd -P "${BASH_SOURCE[0]%/*}/.." && pwd)
}

# Sets jdk_major and jdk_version from a JDK's release file (both empty when it has none).
read_release() {
  local line
  jdk_major="" jdk_version=""
  [[ -r $1/release ]] || return 0
  while IFS= read -r line; do
    case $line in
      JAVA_VERSION=*)
        line=${line#JAVA_VERSION=\"} line=${line%\"}
        [[ -n $jdk_version ]] || jdk_version=$line
        line=${line%%[.\"]*}
        [[ $line == 1 ]] && line=8
        jdk_major=$line ;;
      JAVA_RUNTIME_VERSION=*)
        line=${line#JAVA_RUNTIME_VERSION=\"} jdk_version=${line%\"} ;;
    esac
  done <"$1/release"
}

# Sets java (the program), java_home, java_major and java_version (the last three empty when unknown).
pick_java() {
  local candidate
  java="" java_home="" java_major=0 java_version=""
  if [[ -n $JSLURM_JAVA_HOME ]]; then
    read_release "$JSLURM_JAVA_HOME"
    java=$JSLURM_JAVA_HOME/bin/java java_home=$JSLURM_JAVA_HOME java_major=${jdk_major:-0} java_version=$jdk_version
    return
  fi
  for candidate in "$JAVA_HOME" /usr/lib/jvm/*; do
    [[ -n $candidate && -x $candidate/bin/java ]] || continue
    read_release "$candidate"
    if [[ -n $jdk_major ]] && ((jdk_major >= 17 && jdk_major > java_major)); then
      java=$candidate/bin/java java_home=$candidate java_major=$jdk_major java_version=$jdk_version
    fi
  done
  [[ -n $java ]] && return
  if java=$(command -v java); then
    return
  fi
  echo "jslurm: no Java found: install a JDK 17 or later, or set JAVA_HOME" >&2
  exit 1
}

# Reads lib/cli.classpath: "key=" (a hash of the jars, written at build time) and "path=" (the jars
# the commands need, relative to the install folder, ':'-separated).
read_cli_classpath() {
  local name value entry jars=()
  cli_key="" cli_jars=()
  [[ -r $home/lib/cli.classpath ]] || return 0
  while IFS='=' read -r name value; do
    case $name in
      key) cli_key=$value ;;
      path)
        IFS=: read -r -a jars <<<"$value"
        for entry in "${jars[@]}"; do cli_jars+=("$home/$entry"); done ;;
    esac
  done <"$home/lib/cli.classpath"
  if ((${#cli_jars[@]})); then
    local IFS=:
    classpath="${cli_jars[*]}"
  fi
}

# Sets archive_kind ("aot": JDK 25's AOT cache, else "jsa": a dynamic AppCDS archive), archive_name
# (relative to an archive folder) and user_cds (the per-user archive folder) for main class $1, the
# chosen JDK and the jars in lib/cli.classpath. Fails when there is nothing to key an archive on.
name_archive() {
  [[ -n $cli_key && -n $java_version ]] || return 1
  archive_kind=jsa
  ((java_major >= 25)) && archive_kind=aot
  archive_name=$java_version-$cli_key/$1.$archive_kind
  user_cds=${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/jslurm/cds
}

# Sets command_flags: the JVM flags of a short-lived command (main class $1, optional) on the chosen JDK
# (java_major).
# protobuf-java reads arrays through sun.misc.Unsafe; from JDK 24 that prints four warning lines to
# stderr on every start unless allowed (the option exists from JDK 23).
command_jvm_flags() {
  command_flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData)
  ((java_major >= 23)) && command_flags+=(--sun-misc-unsafe-memory-access=allow)
  # sbatch (main class $1) runs each of its methods a few hundred times at most: compiling them cost more
  # CPU than it saved (JIT threads 60-75 ms of a 230 ms run); twenty times the usual thresholds leaves
  # only the truly hot loops (a huge script or environment) to the compiler. 120 against 145 ms CPU.
  # From JDK 18 core reflection goes through method handles, and the JDK reflects on sbatch's path (EnumMap and
  # EnumSet call an enum's values(), the socket code builds its Linux options reflectively): native accessors
  # skip setting those handles up, 2-7 ms CPU on JDK 25 (paired runs); JDK 17 ignores the property.
  [[ ${1:-} == io.jslurm.cli.sbatch.Sbatch ]] &&
    command_flags+=(-XX:CompileThresholdScaling=20 -Djdk.reflect.useNativeAccessorOnly=true)
  return 0
}
