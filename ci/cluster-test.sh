#!/usr/bin/env bash
# A real cluster scheduler end to end: starts a single-node Slurm (munged, slurmctld, slurmd from Debian's
# munge and slurm-wlm) configured in a temporary folder on the loopback interface as the current user, no
# systemd; submits a sharded matrix as a job array (one `crashbench run --shard K/N` per task), waits
# (bounded), merges the shards and checks the merged results equal a serial run's, case by case
# (physics hash, status, events, final states). Stops its daemons and removes the folder on every exit.
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

# The serial reference, then the same matrix as a job array. Exit 1 (an invariant failed) is a result.
"$crashbench" run "$matrix" -q -o "$work/serial" > /dev/null || [ $? -eq 1 ]
cat > "$work/shard.sh" << EOF
#!/bin/bash
echo "\$SLURM_ARRAY_JOB_ID" > "$work/shard-\$SLURM_ARRAY_TASK_ID.job"
"$crashbench" run "$matrix" --shard \$SLURM_ARRAY_TASK_ID/\$SLURM_ARRAY_TASK_COUNT -q \
  -o "$work/shard-\$SLURM_ARRAY_TASK_ID" > /dev/null || [ \$? -eq 1 ]
EOF
chmod +x "$work/shard.sh"
started=$SECONDS
timeout "$timeout_s" sbatch --wait --quiet --array=1-"$shards" --ntasks=1 --cpus-per-task=1 \
  --output="$work/shard-%a.out" --chdir="$work" "$work/shard.sh"
echo "cluster-test: $shards array tasks done in $((SECONDS - started)) s"

"$crashbench" merge "$work"/shard-*/results.json -o "$work/merged.json"
python3 "$here/../tests/cluster/compare_results.py" "$work/serial/results.json" "$work/merged.json" "$shards" "$work"
