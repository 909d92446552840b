#!/usr/bin/env bash
# Configures (once) and builds the release preset. CRASHBENCH_BUILD_BENCH=OFF leaves the benchmarks out
# (.ci/run does: they are measured, not tested, and CI has 20 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/CMakeCache.txt ] || cmake --preset release -DCRASHBENCH_BUILD_BENCH="${CRASHBENCH_BUILD_BENCH:-ON}"
cmake --build --preset release -j "$(nproc)"
