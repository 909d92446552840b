#!/usr/bin/env bash
# Builds the libFuzzer harnesses (the `asan` preset: clang, ASan + UBSan) and runs each for a fixed
# number of executions, after replaying every saved crash under fuzz/regressions/<harness>/.
# usage: ci/fuzz.sh [EXECUTIONS per harness, default 20000] [HARNESS ...]  (docs/fuzzing.md)
# FUZZ_SECONDS caps each harness's run time (default: none); CI sets it, so that a harness that runs
# slowly (the scene loader restarts OSG's plugins after each of OSG's own crashes) cannot stall the job.
# FUZZ_SEED fixes libFuzzer's seed (default 0: a new one each run); CI fixes it, so that a run can be replayed.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20000}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] ||
  harnesses=(case_loader results_reader compare_merge scene_loader nhtsa_reader sumo_files ac3d_reader surface_query opendrive)

[ -f build/asan/CMakeCache.txt ] || cmake --preset asan
cmake --build --preset asan --target crashbench_fuzzers -j "$(nproc)"

work=build/asan/fuzz-work
bin=build/asan/fuzz
mkdir -p "$work"

# Seeds: the shipped case files and the broken ones; small results files; one wall per scene format; a
# tiny file of each SUMO kind.
seed() {  # seed HARNESS FILE...: copies FILEs into the harness's seed folder
  local dir="$work/seeds/$1"
  shift
  mkdir -p "$dir"
  cp "$@" "$dir/"
}
rm -rf "$work/seeds"
seed case_loader cases/library/*.json tests/testdata/*.json tests/reports/data/*.json
cp ci/matrix.json "$work/seeds/case_loader/ci-matrix.json"
seed results_reader fuzz/seeds/results/*.json
seed scene_loader fuzz/seeds/scene/*
seed nhtsa_reader fuzz/seeds/nhtsa/*
seed opendrive fuzz/seeds/opendrive/*
seed sumo_files fuzz/seeds/sumo/*
seed ac3d_reader fuzz/seeds/ac3d/*
seed surface_query fuzz/seeds/surface/*
# compare/merge reads two results files separated by "\n--\n": every ordered pair of the results seeds.
mkdir -p "$work/seeds/compare_merge"
for a in fuzz/seeds/results/*.json; do
  for b in fuzz/seeds/results/*.json; do
    { cat "$a"; printf '\n--\n'; cat "$b"; } > "$work/seeds/compare_merge/$(basename "$a" .json)+$(basename "$b" .json)"
  done
done
python3 fuzz/make_dict.py "$work/case.dict" cases/case.schema.json cases/library/*.json
python3 fuzz/make_dict.py "$work/results.dict" fuzz/seeds/results/*.json

dict_of() {
  case "$1" in
    case_loader) echo "-dict=$work/case.dict" ;;
    results_reader | compare_merge) echo "-dict=$work/results.dict" ;;
    *) echo "" ;;
  esac
}

# OpenSceneGraph's own leaks, and only those, are suppressed (docs/fuzzing.md says which and why).
export LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# The first stack frame of a replayed finding that is not libFuzzer's, a sanitizer's, the allocator's, libc's
# or the C++ library headers' (a std::vector's allocate names no owner; its caller does).
owner_frame() {
  "$bin/fuzz_$1" -timeout=10 "$2" 2>&1 | grep -E '^ +#[0-9]+ ' |
    grep -vE 'fuzzer::|__sanitizer|__interceptor|__asan|__lsan|__ubsan|libc\.so|pthread_kill|operator new|malloc|calloc|realloc|abort|raise|/include/c\+\+/' |
    head -1 || true
}

status=0
for h in "${harnesses[@]}"; do
  if compgen -G "fuzz/regressions/$h/*" > /dev/null; then
    echo "== $h: replaying fuzz/regressions/$h"
    for saved in fuzz/regressions/"$h"/*; do
      "$bin/fuzz_$h" "$saved" > "$work/replay.log" 2>&1 || { echo "$h: $saved still fails:"; grep -m 3 -E 'ERROR|SUMMARY|crashbench fuzz' "$work/replay.log"; status=1; }
    done
  fi
  echo "== $h: $runs executions"
  rm -rf "$work/artifacts/$h"
  mkdir -p "$work/corpus/$h" "$work/artifacts/$h"
  # Fork mode goes on after a finding, so that OpenSceneGraph's known crashes (docs/fuzzing.md) do not end
  # the run (and its exit code says only that a job found something); every finding is replayed below and
  # only OpenSceneGraph's are let through.
  # shellcheck disable=SC2046  # the dictionary option is one word or none
  { "$bin/fuzz_$h" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -runs="$runs" -max_total_time="${FUZZ_SECONDS:-0}" -seed="${FUZZ_SEED:-0}" -timeout=10 \
    -rss_limit_mb=2048 -max_len=16384 -artifact_prefix="$work/artifacts/$h/" $(dict_of "$h") \
    "$work/corpus/$h" "$work/seeds/$h" 2>&1 || true; } | { grep -E '^#[0-9]+:|INFO: fuzzed|ERROR|crashbench fuzz' || true; } | tail -n 5
  for finding in "$work/artifacts/$h"/*; do
    [ -e "$finding" ] || continue
    frame=$(owner_frame "$h" "$finding")
    if [ -z "$frame" ] && "$bin/fuzz_$h" -timeout=10 "$finding" > /dev/null 2>&1; then
      # A crash that depends on what earlier inputs left in memory (OSG's wild reads of .obj files do).
      echo "$h: does not reproduce alone, not counted: $finding"
    elif [[ "$frame" =~ libosg|libOpenThreads|osgPlugins ]]; then
      echo "$h: OpenSceneGraph's own finding, not ours: $(basename "$finding"): ${frame##*in }"
    else
      echo "$h: FINDING in crashbench: $finding: ${frame:-no stack (replay it)}"
      "$bin/fuzz_$h" -timeout=10 "$finding" 2>&1 | grep -m 2 -E 'crashbench fuzz|ERROR: [A-Za-z]+Sanitizer|runtime error' || true
      status=1
    fi
  done
done
exit $status
