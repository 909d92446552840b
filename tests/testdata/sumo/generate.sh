#!/usr/bin/env bash
# Makes the small SUMO scenario the tests use (two drivers who ignore right of way meet at a priority
# junction) from its plain network and routes: the OpenDRIVE road, the FCD and the collision output.
# Needs Debian's sumo (SUMO 1.15). The outputs are committed, so the tests do not need SUMO.
set -euo pipefail
cd "$(dirname "$0")"
export SUMO_HOME=${SUMO_HOME:-/usr/share/sumo}
netconvert -n cross.nod.xml -e cross.edg.xml --no-turnarounds -o cross.net.xml --opendrive-output cross.xodr
sumo -n cross.net.xml -r cross.rou.xml --step-length 0.1 --precision 4 --collision.mingap-factor 0 \
  --collision.check-junctions --collision.action warn --end 10 \
  --fcd-output cross.fcd.xml --collision-output cross.collisions.xml --no-step-log
rm cross.net.xml
