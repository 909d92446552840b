#!/usr/bin/env bash
# SUMO's own reading of two of the test roads, for the check in tests/detectors/opendrive/sumo_import_test.cpp:
# the edges and nodes netconvert writes for bend.xodr (line, clothoid, arc, lane offset, climb, bank) and
# curves.xodr (paramPoly3 in both ranges, poly3, cubic elevation, a straight with an inner border lane). Needs Debian's sumo (SUMO 1.15); the
# outputs are committed without netconvert's header comment (the machine's paths, the date), so the tests
# do not need SUMO.
set -euo pipefail
cd "$(dirname "$0")"
export SUMO_HOME=${SUMO_HOME:-/usr/share/sumo}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for road in bend curves; do
  netconvert --opendrive-files ../$road.xodr --plain-output-prefix "$work/$road" \
    --offset.disable-normalization --precision 6 --no-warnings
  for kind in edg nod; do sed '/^<!--/,/-->$/d' "$work/$road.$kind.xml" > $road.$kind.xml; done
done
