#!/bin/bash
# Checks that class-data archives only ever make commands faster, never make them fail or print:
# for every JDK 17+ on this machine, a command's output and exit status must be the same with a
# good, a bit-flipped, an empty, a stale (a jar newer than it) and a missing archive, and a missing
# one must be made in the user's cache on first use.
#   bench/launcher-check.sh [DIST]    DIST defaults to dist/target/jslurm (build it first)
# Works on a copy of the distribution in a temporary folder; exits non-zero on the first failure.
set -u

source_dist=${1:-$(dirname "$0")/../dist/target/jslurm}
[[ -x $source_dist/libexec/jslurm-java ]] || { echo "no distribution at $source_dist: build dist first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a "$source_dist" "$work/jslurm"
dist=$work/jslurm
# Archives record the jars' paths: make the copy's own.
rm -rf "$dist/var/cds"
"$dist/libexec/jslurm-cds" build io.jslurm.cli.scontrol.Scontrol >/dev/null || exit 2
export HOME=$work/home XDG_CACHE_HOME=$work/home/.cache
mkdir -p "$HOME"
failures=0

expect_same() { # label, then the command; compares stdout+stderr and status with the reference
  local label=$1 out status
  shift
  out=$("$@" 2>&1)
  status=$?
  if [[ $out == "$reference_out" && $status == "$reference_status" ]]; then
    echo "ok   $label"
  else
    echo "FAIL $label: status $status, output:"
    echo "$out" | head -20
    failures=$((failures + 1))
  fi
}

run_scontrol() { JSLURM_JAVA_HOME=$jdk "$dist/bin/scontrol" show hostnames 'gpu[01-03]'; }

archive_for() { # the archive the launcher would use for scontrol with $jdk, in folder $1
  local f
  for f in "$1"/"$version"-*/io.jslurm.cli.scontrol.Scontrol.*; do
    # not the markers next to it (.ok: verified by jslurm-cds; .tried)
    [[ -e $f && $f != *.ok && $f != *.tried ]] && echo "$f"
  done
}

for jdk in /usr/lib/jvm/*; do
  [[ -x $jdk/bin/java && ! -L $jdk ]] || continue
  version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$jdk/release")
  major=${version%%.*}
  [[ -n $version ]] && ((major >= 17)) || continue
  echo "== $jdk ($version)"
  reference_out=$(JSLURM_CDS=off JSLURM_JAVA_HOME=$jdk "$dist/bin/scontrol" show hostnames 'gpu[01-03]' 2>&1)
  reference_status=$?
  archive=$(archive_for "$dist/var/cds")
  if [[ -z $archive ]]; then
    echo "FAIL no build-time archive for $version under $dist/var/cds"
    failures=$((failures + 1))
    continue
  fi
  expect_same "good archive" run_scontrol
  if JSLURM_JAVA_OPTS=-Xlog:class+load run_scontrol 2>&1 | grep -q 'Scontrol source: shared objects file'; then
    echo "ok   good archive is used"
  else
    echo "FAIL the command's classes do not come from the archive"
    failures=$((failures + 1))
  fi
  saved=$work/saved-archive
  cp -p "$archive" "$saved"
  chmod u+w "$archive"

  dd if=/dev/urandom of="$archive" bs=1k count=64 seek=8 conv=notrunc 2>/dev/null
  expect_same "bit-flipped archive" run_scontrol

  : >"$archive"
  expect_same "empty archive" run_scontrol

  cp -p "$saved" "$archive"
  jar=$(echo "$dist/lib/jslurm-common-"*.jar)
  touch -r "$jar" "$work/jar-time"
  touch "$jar"
  expect_same "archive older than a jar (ignored)" run_scontrol
  touch -r "$work/jar-time" "$jar"
  rm -f "$archive"
  expect_same "missing archive (first use)" run_scontrol
  for ((i = 0; i < 120; i++)); do
    [[ -n $(archive_for "$XDG_CACHE_HOME/jslurm/cds") ]] && break
    sleep 1
  done
  if [[ -n $(archive_for "$XDG_CACHE_HOME/jslurm/cds") ]]; then
    echo "ok   archive made in the user's cache on first use"
    expect_same "user cache archive" run_scontrol
  else
    echo "FAIL no archive in $XDG_CACHE_HOME/jslurm/cds after first use"
    failures=$((failures + 1))
  fi
  rm -rf "$XDG_CACHE_HOME/jslurm"
  cp -p "$saved" "$archive"
done
echo "$failures failure(s)"
((failures == 0))
