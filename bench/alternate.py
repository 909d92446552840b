#!/usr/bin/env python3
"""Alternating A/B runs of two builds of a Google Benchmark target (docs/scale.md).

This VM's speed drifts over minutes, by more than most changes are worth, so one run of each build says
little. Here BASE and NEW take turns, the order swapped every round, each pinned to one core, and the
summary gives, per benchmark and counter, each side's median and range over the rounds and in how many
rounds NEW came out lower.

    bench/alternate.py /tmp/base/build/release/bench/scale_bench build/release/bench/scale_bench \\
        --rounds 6 --counters 'step|detect' -- --benchmark_filter=traffic/tree/10000/

Google Benchmark ships a compare.py, but Debian's libbenchmark-dev does not install it, and it runs each
binary once, not in turns.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

# Fields of a benchmark's JSON entry that describe the run, not a measurement.
NOT_MEASURED = {"iterations", "repetitions", "repetition_index", "threads", "family_index",
                "per_family_instance_index"}


def run_once(binary, cpu, bench_args):
    """One run of `binary`: {(benchmark, counter): value}, repetitions of a benchmark by their median."""
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        command = (["taskset", "-c", str(cpu)] if cpu is not None else []) + [
            binary, f"--benchmark_out={out}", "--benchmark_out_format=json"] + bench_args
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            sys.exit(f"alternate.py: {' '.join(command)} exited with {done.returncode}: {done.stderr.strip()}")
        with open(out) as f:
            entries = json.load(f).get("benchmarks", [])
    finally:
        os.unlink(out)
    values = {}
    for entry in entries:
        if entry.get("run_type") == "aggregate":
            continue  # the repetitions themselves are taken
        for counter, value in entry.items():
            if counter in NOT_MEASURED or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            values.setdefault((entry["name"], counter), []).append(float(value))
    return {key: statistics.median(v) for key, v in values.items()}


def alternate(base, new, rounds, cpu, bench_args):
    """Per (benchmark, counter): ([base value a round], [new value a round]), rounds in order."""
    taken = {"base": [], "new": []}
    for r in range(rounds):
        for side in (("base", "new") if r % 2 == 0 else ("new", "base")):
            taken[side].append(run_once(base if side == "base" else new, cpu, bench_args))
    keys = sorted(set.intersection(*(set(run) for run in taken["base"] + taken["new"])))
    return {key: ([run[key] for run in taken["base"]], [run[key] for run in taken["new"]]) for key in keys}


def summary(results, counters):
    """A Markdown table: a row per benchmark and counter whose name `counters` (a regex) matches."""
    def side(values):
        return f"{statistics.median(values):.4g} ({min(values):.4g}-{max(values):.4g})"

    lines = ["| benchmark | counter | base: median (range) | new: median (range) | new lower |",
             "| --- | --- | ---: | ---: | ---: |"]
    for (name, counter), (base, new) in results.items():
        if not re.search(counters, counter):
            continue
        lower = sum(n < b for b, n in zip(base, new))
        lines.append(f"| {name} | {counter} | {side(base)} | {side(new)} | {lower} of {len(base)} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the benchmark binary built from the commit before")
    parser.add_argument("new", help="the same binary built with the change")
    parser.add_argument("--rounds", type=int, default=4, help="runs of each (default 4)")
    parser.add_argument("--cpu", type=int, default=1, help="core to pin each run to (-1: none; default 1)")
    parser.add_argument("--counters", default="", help="regex of the counters to show (default: all)")
    parser.epilog = "Arguments after -- go to the benchmark binaries."
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    bench_args = argv[split + 1:]
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    for binary in (args.base, args.new):
        if not os.access(binary, os.X_OK):
            parser.error(f"{binary}: not an executable file")
    cpu = None if args.cpu < 0 else args.cpu
    print(summary(alternate(args.base, args.new, args.rounds, cpu, bench_args), args.counters))


if __name__ == "__main__":
    main()
