#!/usr/bin/env bash
# The sanitizer job: the test suite under clang's address and undefined-behaviour sanitizers (the `asan`
# preset, which builds the libFuzzer harnesses too), then a fuzz smoke of every harness (ci/fuzz.sh).
# usage: ci/sanitize.sh [EXECUTIONS per harness, default ci/fuzz.sh's]; each harness stops after
# FUZZ_SECONDS (default 120) if it has not done them by then
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/asan/CMakeCache.txt ] || cmake --preset asan
cmake --build --preset asan -j "$(nproc)"
# The plugin, cluster and TORCS tests check packaging, deployment and data, not memory: release only.
ctest --preset asan -LE "realscenes|realdata|plugin|cluster|corpus"
FUZZ_SECONDS=${FUZZ_SECONDS:-120} FUZZ_SEED=${FUZZ_SEED:-1} bash ci/fuzz.sh "$@"
