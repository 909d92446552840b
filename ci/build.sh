#!/usr/bin/env bash
# Configures (once) and builds the release preset. CRASHBENCH_BUILD_BENCH=OFF leaves the benchmarks out,
# CRASHBENCH_OPT_IN_TESTS=OFF the suites on third-party data (.ci/run does both: the benchmarks are
# measured, not tested, it runs neither opt-in label, and CI has 20 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/CMakeCache.txt ] || cmake --preset release -DCRASHBENCH_BUILD_BENCH="${CRASHBENCH_BUILD_BENCH:-ON}" \
  -DCRASHBENCH_OPT_IN_TESTS="${CRASHBENCH_OPT_IN_TESTS:-ON}"
cmake --build --preset release -j "$(nproc)"
