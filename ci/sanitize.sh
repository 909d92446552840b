#!/usr/bin/env bash
# The sanitizer job: under clang's address and undefined-behaviour sanitizers (the `asan` preset), the
# unit suites of core, detectors (the geometry, the sweep and the scene readers) and validation (the
# crash-test readers), and the golden physics hashes (every shipped case run under the sanitizers), then a fuzz smoke of every
# harness (ci/fuzz.sh), which drives the case, results, scene, crash-test and SUMO readers. The runner's,
# reports' and command line's suites and every scenario suite run in the release build only: a second
# build and run of them under the sanitizers does not fit CI's 20 minutes (docs/fuzzing.md). Set
# CRASHBENCH_TEST_SUITES= (empty) in a build of your own for all of them.
# usage: ci/sanitize.sh [EXECUTIONS per harness, default ci/fuzz.sh's]; each harness stops after
# FUZZ_SECONDS (default 120) if it has not done them by then
set -euo pipefail
cd "$(dirname "$0")/.."
# CRASHBENCH_ASAN_SUITES replaces the preset's list of suites (.ci/run leaves the detector unit suite out).
[ -f build/asan/CMakeCache.txt ] || cmake --preset asan ${CRASHBENCH_ASAN_SUITES:+"-DCRASHBENCH_TEST_SUITES=$CRASHBENCH_ASAN_SUITES"}
cmake --build --preset asan -j "$(nproc)" --target crashbench_test_suites crashbench_fuzzers
ctest --preset asan -LE "realscenes|realdata|plugin|cluster|corpus"
FUZZ_SECONDS=${FUZZ_SECONDS:-120} FUZZ_SEED=${FUZZ_SEED:-1} bash ci/fuzz.sh "$@"
