#!/usr/bin/env bash
# A real cluster scheduler end to end: starts a single-node Slurm (munged, slurmctld, slurmd from Debian's
# munge and slurm-wlm) configured in a temporary folder on the loopback interface as the current user, no
# systemd; submits a sharded matrix as a job array (one `crashbench run --shard K/N` per task), waits
# (bounded), merges the shards and checks the merged results equal a serial run's, case by case
# (physics hash, status, events, final states); then, as a negative control, a wrong job array must make
# that comparison fail. Where the machine cannot run slurmd it says why and exits 77 before starting any
# daemon (ctest: skipped). Stops its daemons and removes the folder on every exit.
#
#   ci/cluster-test.sh CRASHBENCH MATRIX.json [SHARDS]      (ctest: label `cluster`)
set -euo pipefail
crashbench=$(realpath "$1")
matrix=$(realpath "$2")
shards=${3:-4}
here=$(dirname "$(realpath "$0")")
timeout_s=90

for tool in munged slurmctld slurmd sbatch sinfo python3; do
  command -v "$tool" > /dev/null || { echo "cluster-test: $tool not found (ci/setup-deps.sh installs slurm-wlm munge)"; exit 1; }
done

# Debian 12's slurmd (Slurm 22.05) initialises its cgroup plugin at start even though slurm.conf turns
# cgroup tracking off (proctrack/linuxproc, task/none), and exits when /sys/fs/cgroup holds neither a
# cgroup v2 file system nor a tmpfs with cgroup v1 hierarchies below it ("No filesystem mounted on
# /sys/fs/cgroup"): a chroot, many containers. On cgroup v2 it also refuses a process that belongs to
# v1 hierarchies too ("Hybrid mode is not supported"). Prints why and fails when slurmd could not start.
slurmd_can_start() {
  local root=/sys/fs/cgroup fs
  fs=$(stat -f -c %T "$root" 2> /dev/null) || { echo "$root does not exist"; return 1; }
  case "$fs" in
    cgroup2fs)
      grep -qv '^0::' /proc/self/cgroup || return 0
      echo "cgroup v2 is mounted on $root but this process also belongs to cgroup v1 hierarchies (hybrid mode)" ;;
    tmpfs)
      awk -v under="$root/" '$3 == "cgroup" && index($2, under) == 1 { found = 1 } END { exit !found }' \
        /proc/self/mounts && return 0
      echo "$root is a tmpfs with no cgroup v1 hierarchy mounted below it" ;;
    *) echo "no cgroup file system is mounted on $root (it is $fs)" ;;
  esac
  return 1
}
skip_code=77  # ctest's SKIP_RETURN_CODE for this test
if ! reason=$(slurmd_can_start); then
  echo "cluster-test: skipped: $reason; Debian 12's slurmd initialises its cgroup plugin at start" \
    "whatever slurm.conf says. Mount cgroup2 on /sys/fs/cgroup, or run on a host or in a container" \
    "with cgroups, to run this test"
  exit $skip_code
fi

work=$(mktemp -d /tmp/crashbench-slurm.XXXXXX)
chmod 700 "$work"
pids=()
cleanup() {
  local rc=$?
  # Stop the daemons this script started, by their ids, then wait for them so no port stays bound.
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2> /dev/null || true; done
  if [ $rc -ne 0 ]; then
    echo "cluster-test: failed (rc $rc); daemon logs:"
    tail -n 20 "$work"/*.log 2> /dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# A free TCP port on the loopback interface (asked of the kernel, so parallel runs do not collide).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# munge: its own key, socket and state in the folder.
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
munged --foreground --force --key-file="$work/munge.key" --socket="$work/munge.socket" \
  --pid-file="$work/munged.pid" --seed-file="$work/munge.seed" --log-file="$work/munged.log" \
  > "$work/munged.console" 2>&1 &
pids+=($!)

user=$(id -un)
node=$(hostname -s)
export SLURM_CONF="$work/slurm.conf"
# The node's real layout (slurmd -C), so slurmd does not drain it for a CPU count mismatch.
node_line=$(slurmd -C | head -n 1 | sed "s/^NodeName=[^ ]*/NodeName=$node NodeAddr=127.0.0.1/")
sed -e "s|@WORK@|$work|g" -e "s|@USER@|$user|g" -e "s|@NODE@|$node|g" \
  -e "s|@CTLD_PORT@|$(free_port)|g" -e "s|@SLURMD_PORT@|$(free_port)|g" -e "s|@NODE_LINE@|$node_line|" \
  "$here/../tests/cluster/slurm.conf.in" > "$SLURM_CONF"
mkdir -p "$work/state" "$work/spool"

for _ in $(seq 50); do [ -S "$work/munge.socket" ] && break; sleep 0.1; done
# In the foreground (-D) so their ids are ours to stop; their console goes beside their logs.
slurmctld -D -i -f "$SLURM_CONF" > "$work/slurmctld.console" 2>&1 &
pids+=($!)
slurmd -D -N "$node" -f "$SLURM_CONF" > "$work/slurmd.console" 2>&1 &
pids+=($!)

# Wait (bounded) for the node to take jobs.
deadline=$((SECONDS + 30))
until sinfo -h -N -o '%T' 2> /dev/null | grep -qE '^(idle|mixed|allocated)'; do
  [ $SECONDS -lt $deadline ] || { echo "cluster-test: the node never became idle"; sinfo -N -l || true; exit 1; }
  sleep 0.5
done

# The serial reference. Exit 1 (an invariant failed) is a result.
"$crashbench" run "$matrix" -q -o "$work/serial" > /dev/null || [ $? -eq 1 ]

# One job array of SHARDS tasks: task K runs slice K of SLICES of the matrix.
submit_array() {
  local name=$1 slices=$2 started=$SECONDS
  mkdir -p "$work/$name"
  cat > "$work/$name/shard.sh" << EOF
#!/bin/bash
echo "\$SLURM_ARRAY_JOB_ID" > "$work/$name/shard-\$SLURM_ARRAY_TASK_ID.job"
"$crashbench" run "$matrix" --shard \$SLURM_ARRAY_TASK_ID/$slices -q \
  -o "$work/$name/shard-\$SLURM_ARRAY_TASK_ID" > /dev/null || [ \$? -eq 1 ]
EOF
  chmod +x "$work/$name/shard.sh"
  timeout "$timeout_s" sbatch --wait --quiet --array=1-"$shards" --ntasks=1 --cpus-per-task=1 \
    --output="$work/$name/shard-%a.out" --chdir="$work/$name" "$work/$name/shard.sh"
  echo "cluster-test: $name: $shards array tasks done in $((SECONDS - started)) s"
}
merge() { "$crashbench" merge "$work/$1"/shard-*/results.json -o "$work/$1/merged.json"; }
compare() {
  python3 "$here/../tests/cluster/compare_results.py" "$work/serial/results.json" "$work/$1/merged.json" \
    "$shards" "$work/$1"
}

submit_array array "$shards"
merge array
compare array

# Negative control: tasks that slice for one shard more than the array has never run the last slice;
# the merge or the comparison must say so.
submit_array wrong-array $((shards + 1))
check="$work/wrong-array/check.txt"
if merge wrong-array > "$check" 2>&1 && compare wrong-array >> "$check" 2>&1; then
  cat "$check"
  echo "cluster-test: the negative control passed: a job array that never ran a slice went unnoticed"
  exit 1
fi
echo "cluster-test: negative control, a wrong job array, detected: $(tail -n 1 "$check")"
