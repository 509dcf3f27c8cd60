#!/usr/bin/env bash
# Usage: scripts/dev/cpu-seconds.sh NAME command [args...]
#
# Runs the command and prints its wall time and the CPU-seconds of its whole process tree,
# servers and browsers included. On two cores the suites are CPU-bound, so CPU-seconds are
# the figure to compare before and after a change (wall time moves with whatever else the
# machine is doing). `time` is not enough: it only counts children that were waited for, and
# a killed test server or browser is not.
#
# Needs root and the cgroup v1 `cpuacct` controller (/sys/fs/cgroup/cpuacct), as on the
# project's CI machines.
set -uo pipefail
name=$1
shift
root=/sys/fs/cgroup/cpuacct
if [ ! -w "$root" ]; then
  echo "cpu-seconds: $root is missing or not writable (needs root and cgroup v1)" >&2
  exit 2
fi
group="$root/cpu-seconds-$name-$$"
mkdir -p "$group"
started=$(date +%s.%N)
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@"
code=$?
ended=$(date +%s.%N)
usage=$(cat "$group/cpuacct.usage")
awk -v name="$name" -v wall="$(echo "$ended - $started" | bc)" -v usage="$usage" -v code="$code" \
  'BEGIN { printf "cpu-seconds[%s]: wall %.1f s, CPU %.1f s, exit %d\n", name, wall, usage / 1e9, code }' >&2
rmdir "$group" 2>/dev/null
exit "$code"
