#!/bin/bash
# Runs every row of bad-inputs.tsv through Slurm's own sbatch and checks that it refuses the input with the
# same standard error and exit status as the table says jslurm does (see the table's header for the kinds of
# rows). Needs Slurm's sbatch on the PATH; no controller is needed, since sbatch checks its options first:
# input that passes those checks makes it wait for a controller, which the timeout turns into status 124.
#
#   cli/src/test/slurm/compare-with-slurm.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
table="$here/../resources/sbatch/bad-inputs.tsv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$here/../resources/sbatch/fixtures/." "$work/"
# GPU options are only checked with a GRES-aware selection plugin.
cat > "$work/slurm.conf" <<'CONF'
ClusterName=compare
SlurmctldHost=localhost
SelectType=select/cons_tres
GresTypes=gpu
NodeName=n1 CPUs=1
PartitionName=p Nodes=n1
CONF
cd "$work" || exit 2
failures=0
rows=0
while IFS=$'\t' read -r kind status env args stderr; do
    [[ -z "$kind" || "$kind" == \#* ]] && continue
    rows=$((rows + 1))
    expected=$(printf "%b" "$stderr")
    if [[ "$kind" == source ]]; then
        expected=$(sed -E 's/(line [0-9]+ of [^:]+|environment variable [A-Z_]+): //' <<< "$expected")
    fi
    [[ "$env" == - ]] && env=""
    # shellcheck disable=SC2086
    actual=$(env SLURM_CONF="$work/slurm.conf" $env timeout 5 sbatch $args 2>&1 < /dev/null)
    actual_status=$?
    if [[ "$kind" == stricter || "$kind" == unsupported || "$kind" == accepted ]]; then
        if [[ $actual_status -ne 124 ]]; then
            echo "DIFFERS [$kind] sbatch $args: Slurm refused it too ($actual_status): $actual"
            failures=$((failures + 1))
        fi
        continue
    fi
    if [[ "$kind" == last-line ]]; then
        actual=$(tail -n 1 <<< "$actual")
    fi
    if [[ "$actual" != "$expected" || $actual_status -ne $status ]]; then
        echo "DIFFERS sbatch $args ($env)"
        echo "  Slurm  ($actual_status): ${actual//$'\n'/ | }"
        echo "  jslurm ($status): ${expected//$'\n'/ | }"
        failures=$((failures + 1))
    fi
done < "$table"
echo "$rows rows, $failures differ"
[[ $failures -eq 0 ]]
