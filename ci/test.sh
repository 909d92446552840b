#!/usr/bin/env bash
# Builds if needed and runs every test suite. Without arguments, all but the `corpus` label: the
# time-of-impact corpus at 10^6 motions takes about 80 CPU minutes (`ci/test.sh -L corpus` runs it;
# the unit suite runs 4,000 of its motions). Arguments go to ctest instead.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/build.sh
if [ $# -eq 0 ]; then set -- -LE corpus; fi
ctest --preset release "$@"
