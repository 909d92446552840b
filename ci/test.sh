#!/usr/bin/env bash
# Builds if needed and runs every test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/build.sh
ctest --preset release "$@"
