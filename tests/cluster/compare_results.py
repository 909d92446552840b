"""Checks that the results merged from a Slurm job array equal a serial run's (ci/cluster-test.sh).

    compare_results.py SERIAL.json MERGED.json SHARDS WORKDIR

Every case must match in order: name, status, physics hash (present and non-empty), events and the
trajectories; only the timings may differ. Every array task must have left its Slurm job id in WORKDIR,
so a merge of shards that Slurm never ran cannot pass. Exit 0 when all holds, 1 with one line per
difference otherwise.
"""
import json
import pathlib
import sys

IGNORED = {"timing"}  # wall-clock timings differ from run to run


def main(serial_path, merged_path, shards, work):
    serial = json.loads(pathlib.Path(serial_path).read_text())["cases"]
    merged = json.loads(pathlib.Path(merged_path).read_text())["cases"]
    problems = []
    for task in range(1, shards + 1):
        job = pathlib.Path(work, f"shard-{task}.job")
        if not job.exists() or not job.read_text().strip().isdigit():
            problems.append(f"array task {task} left no Slurm job id")
    if len(serial) != len(merged):
        problems.append(f"{len(merged)} merged cases, {len(serial)} serial")
    if not serial:
        problems.append("the serial run has no cases")
    for s, m in zip(serial, merged):
        if not s.get("physics_hash"):
            problems.append(f"case {s['name']}: no physics_hash")
        for key in sorted((set(s) | set(m)) - IGNORED):
            if s.get(key) != m.get(key):
                problems.append(f"case {s['index']} {s['name']}: '{key}' differs")
    for p in problems:
        print("cluster-test:", p)
    hashes = sum(1 for s in serial if s.get("physics_hash"))
    print(f"cluster-test: {len(merged)} merged cases vs serial, {hashes} physics hashes: "
          + ("equal" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]))
