#!/usr/bin/env bash
# Installs dependencies, builds, and runs the shipped case matrix; results land in out/, the report in out/report/.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup-deps.sh
ci/build.sh
build/release/app/crashbench run cases/library/matrix.json -o out --report out/report
