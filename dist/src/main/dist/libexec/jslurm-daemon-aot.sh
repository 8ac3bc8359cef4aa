#!/bin/bash
# The daemons' AOT cache on JDK 25 and later (sourced by jslurm-java for the controller and node roles).
#
# Why: a fresh slurmctld spent about a quarter of its CPU for its first 500 jobs loading classes, running
# code in the interpreter and profiling it before the JIT compilers had what they needed. An AOT cache made
# from a real run of the daemon holds its classes loaded and linked and the methods' profiles, so the next
# start compiles the hot code early (slurmctld 4.5-4.8 s of CPU for those jobs instead of 5.8-6.5 s, see
# docs/performance.md, "Daemon AOT cache").
#
# There is no workload to train a daemon on at build time, so each install trains on its own daemons:
#   1. no cache and no training record: this run records (-XX:AOTMode=record); the JVM writes the record
#      when the daemon stops, to a file named after its pid;
#   2. a record whose JVM has gone: one starting daemon claims it (rename) and makes the cache from it in
#      the background at the lowest priority, written under a temporary name, checked by the JVM and renamed;
#      this start runs without a cache;
#   3. a cache no jar is newer than: used. A jar newer than the cache or a record (an upgrade in place)
#      discards it and training starts again; a failed creation stops further tries for these jars.
# The JVM ignores a cache made for other flags or jars (the launcher silences its messages), so a wrong
# cache costs the speed-up, never the daemon. JSLURM_CDS=off turns this off, as for commands.

# daemon_aot: sets share=(...) for main class $main with flags ${flags[@]} on the chosen JDK.
daemon_aot() {
  ((java_major >= 25)) && [[ $JSLURM_CDS != off ]] || return 0
  read_cli_classpath
  classpath="$home/lib/*"
  name_archive "$main" || return 0
  local dir=$home/var/cds
  [[ -d $dir && -w $dir ]] || dir=$user_cds
  local base=$dir/$java_version-$cli_key/$main.daemon
  local cache=$base.aot record pid claim
  mkdir -p "${base%/*}" 2>/dev/null || return 0
  if [[ -f $cache ]]; then
    if ! jars_newer_than "$cache"; then
      local verify=-XX:+VerifySharedSpaces
      [[ -f $cache.ok && ! $cache -nt $cache.ok ]] && verify=-XX:-VerifySharedSpaces
      share=(-XX:AOTCache="$cache" $verify -Xlog:aot=off -Xlog:cds=off)
      # Records of controllers that trained at the same time as the one the cache came from (tens of MB each).
      for record in "$base".*.record; do
        pid=${record%.record} pid=${pid##*.}
        [[ -f $record && ! -d /proc/$pid ]] && rm -f "$record"
      done
      return 0
    fi
    rm -f "$cache" "$cache.ok" "$base.failed"
  fi
  [[ -e $base.failed ]] && return 0
  for record in "$base".*.record; do
    [[ -f $record ]] || continue
    pid=${record%.record} pid=${pid##*.}
    # Still running, or still writing the record at its exit.
    [[ -d /proc/$pid ]] && continue
    if jars_newer_than "$record"; then
      rm -f "$record"
      continue
    fi
    claim=$base.$$.claimed
    mv "$record" "$claim" 2>/dev/null || continue
    # Detached (a subshell's subshell) so that the daemon, which this script becomes, is not its parent.
    ( (make_daemon_aot "$claim" "$cache" "$base" &) ) </dev/null >/dev/null 2>&1
    return 0
  done
  # A cache being made (claims older than ten minutes are left-overs of a creation that died): no training now.
  for claim in "$base".*.claimed; do
    [[ -f $claim ]] || continue
    [[ -n $(find "$claim" -mmin -10 2>/dev/null) ]] && return 0
    rm -f "$claim"
  done
  share=(-XX:AOTMode=record -XX:AOTConfiguration="$base.$$.record" -Xlog:aot=off -Xlog:cds=off)
}

# jars_newer_than FILE: whether a jar in lib was replaced after FILE was written.
jars_newer_than() {
  local jar
  for jar in "$home"/lib/*.jar; do
    [[ $jar -nt $1 ]] && return 0
  done
  return 1
}

# make_daemon_aot RECORD CACHE BASE: the cache from a training record, checked before it is put in place.
make_daemon_aot() {
  local record=$1 cache=$2 base=$3 tmp=$2.$$.tmp
  if nice -n 19 "$java" "${flags[@]}" -XX:AOTMode=create -XX:AOTConfiguration="$record" -XX:AOTCache="$tmp" \
      -cp "$classpath" && [[ -s $tmp ]] &&
    "$java" "${flags[@]}" -XX:AOTCache="$tmp" -XX:AOTMode=on -XX:+VerifySharedSpaces -cp "$classpath" -version; then
    mv -f "$tmp" "$cache" && : >"$cache.ok"
  else
    : >"$base.failed"
  fi
  rm -f "$record" "$tmp"
}
