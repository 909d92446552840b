#!/usr/bin/env bash
# A SUMO scenario for crashbench (docs/case-files.md, "SUMO traffic"): a 4 x 4 grid of traffic lights
# (netgenerate), impatient drivers who ignore right of way now and then (randomTrips.py), SUMO with the
# options the comparison needs, the network as OpenDRIVE (netconvert), and OUT_DIR/case.json.
# usage: examples/sumo/make-scenario.sh [OUT_DIR, default out/sumo] [PERIOD s between departures, default
#        0.2] [DEPARTURES until s, default 300] [TAIL s the run goes on after them, default 600];
#        needs Debian's sumo and sumo-tools.
set -euo pipefail
out=${1:-out/sumo}
period=${2:-0.2}
until=${3:-300}
tail=${4:-600}
export SUMO_HOME=${SUMO_HOME:-/usr/share/sumo}
mkdir -p "$out"
cd "$out"

netgenerate --grid --grid.number 4 --grid.length 100 --default-junction-type traffic_light -o grid.net.xml
cat > types.add.xml <<'XML'
<additional>
  <vType id="impatient" length="4.5" width="1.8" mass="1500" accel="2.6" decel="4.5" sigma="0.5" impatience="1"
         jmIgnoreFoeProb="0.3" jmIgnoreFoeSpeed="20" jmIgnoreJunctionFoeProb="0.3" jmDriveAfterRedTime="2"/>
</additional>
XML
python3 "$SUMO_HOME/tools/randomTrips.py" -n grid.net.xml -e "$until" -p "$period" --seed 7 -r routes.rou.xml \
  --trip-attributes 'type="impatient" departLane="best" departSpeed="max"' --additional-file types.add.xml
# The comparison's options: steps of 0.1 s, positions to 0.1 mm, collisions as overlaps (no minGap),
# junctions checked, colliding vehicles kept (warn); stuck ones teleport after 30 s, and the run goes on
# TAIL s past the last departure so that the queued drivers get on the road (with the defaults, 1,070 of
# the 1,500 by then).
sumo -n grid.net.xml -r routes.rou.xml --step-length 0.1 --precision 4 --collision.mingap-factor 0 \
  --collision.check-junctions --collision.action warn --time-to-teleport 30 --end "$((${until%.*} + tail))" \
  --fcd-output fcd.xml --collision-output collisions.xml --no-step-log --no-warnings
netconvert -s grid.net.xml --opendrive-output grid.xodr
cat > case.json <<JSON
{
  "name": "sumo-grid",
  "description": "SUMO's 4 x 4 grid with impatient drivers (examples/sumo/run.sh): every vehicle follows SUMO until its first contact",
  "scene": { "file": "grid.xodr", "collision": { "vertical_within_deg": 90 } },
  "detector": "tree",
  "response": { "model": "restitution" },
  "application": "reset",
  "dynamics": "bicycle",
  "dt": 0.005,
  "duration": $((${until%.*} + tail - 1)),
  "record_every": 2000,
  "vehicles": [],
  "traffic": { "sumo_fcd": "fcd.xml", "sumo_routes": "routes.rou.xml", "sumo_collisions": "collisions.xml" }
}
JSON
