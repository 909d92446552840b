#!/usr/bin/env python3
"""bench/alternate.py against two fake benchmark binaries whose values are known: the turns alternate
(base first in even rounds), the flags after -- reach them, repetitions count by their median,
aggregates are left out, the summary's medians, ranges and "new lower" are those worked out by hand
below, and a failing or missing binary is named."""
import os
import stat
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "alternate.py")

FAKE = '''#!/usr/bin/env python3
import json, sys
side, values, exit_code = {side!r}, {values!r}, {exit_code}
log = {log!r}
with open(log) as f:
    calls = sum(1 for line in f if line.strip() == side)
with open(log, "a") as f:
    f.write(side + "\\n")
if exit_code:
    sys.stderr.write("no such benchmark\\n")
    sys.exit(exit_code)
if "--benchmark_filter=BM_step" not in sys.argv:
    sys.exit("the flags after -- did not come")
out = next(a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--benchmark_out="))
v = values[calls]
# Two repetitions around v (their median is v), and an aggregate that must not count.
runs = [{{"name": "BM_step", "run_type": "iteration", "iterations": 7, "step": v - 1, "real_time": 5}},
        {{"name": "BM_step", "run_type": "iteration", "iterations": 7, "step": v + 1, "real_time": 5}},
        {{"name": "BM_step_median", "run_type": "aggregate", "step": 1000.0}}]
with open(out, "w") as f:
    json.dump({{"benchmarks": runs}}, f)
'''


def fake(directory, side, values, log, exit_code=0):
    path = os.path.join(directory, side)
    with open(path, "w") as f:
        f.write(FAKE.format(side=side, values=values, log=log, exit_code=exit_code))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def alternate(base, new, *extra):
    return subprocess.run([sys.executable, SCRIPT, base, new, "--cpu", "-1", *extra], capture_output=True, text=True)


def main():
    failures = []

    def expect(what, ok):
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "calls")
        open(log, "w").close()
        # By hand: base 10, 12, 11 (median 11, range 10-12); new 9, 13, 8 (median 9, range 8-13); new is
        # lower in rounds 1 and 3 (9 < 10, 8 < 11), not 2 (13 > 12).
        base = fake(d, "base", [10, 12, 11], log)
        new = fake(d, "new", [9, 13, 8], log)
        done = alternate(base, new, "--rounds", "3", "--counters", "^step$", "--",
                         "--benchmark_filter=BM_step")
        expect(f"exit 0, got {done.returncode}: {done.stderr}", done.returncode == 0)
        with open(log) as f:
            turns = f.read().split()
        expect(f"turns base new, new base, base new; got {turns}",
               turns == ["base", "new", "new", "base", "base", "new"])
        row = "| BM_step | step | 11 (10-12) | 9 (8-13) | 2 of 3 |"
        expect(f"the row {row!r} in:\n{done.stdout}", row in done.stdout.splitlines())
        expect(f"only step's row (--counters), no aggregate:\n{done.stdout}", len(done.stdout.splitlines()) == 3)

        open(log, "w").close()
        broken = fake(d, "broken", [1], log, exit_code=3)
        done = alternate(base, broken, "--rounds", "1", "--", "--benchmark_filter=BM_step")
        expect(f"a failing binary fails the run, naming it: {done.returncode} {done.stderr!r}",
               done.returncode != 0 and "broken" in done.stderr and "exited with 3" in done.stderr)

        done = alternate(base, os.path.join(d, "missing"))
        expect(f"a missing binary is named: {done.stderr!r}", done.returncode != 0 and "missing" in done.stderr)

    for failure in failures:
        print("FAILED:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
