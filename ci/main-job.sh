#!/usr/bin/env bash
# Installs dependencies, builds, and runs the shipped cases (Knight's walls with both models and every
# detector on the L-rail and the track, Zhou's rear-end impact with both models and the sweep, Tongue & Moon's platoon and curve, the penalty model beside the others and under each integrator, Deak's spring);
# results land in out/, the report in out/report/.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/setup-deps.sh
ci/build.sh
build/release/app/crashbench run -o out --report out/report \
  cases/library/matrix.json cases/library/knight-detectors.json cases/library/track-detectors.json \
  cases/library/zhou-table-2.json cases/library/zhou-figure-8.json \
  cases/library/tongue-moon-five-car-platoon.json cases/library/tongue-moon-two-car-curve.json \
  cases/library/penalty-comparison.json cases/library/penalty-integrators.json \
  cases/library/deak-spring.json
