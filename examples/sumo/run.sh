#!/usr/bin/env bash
# SUMO traffic through crashbench end to end (docs/case-files.md, "SUMO traffic"): makes the scenario
# (make-scenario.sh), runs its case, and prints the comparison with SUMO's collisions.
# usage: examples/sumo/run.sh [OUT_DIR, default out/sumo] [PERIOD s, default 0.2] [UNTIL s, default 300] [TAIL s, default 600];
#        needs Debian's sumo and sumo-tools, and a built crashbench (build/release).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-out/sumo}
"$root/examples/sumo/make-scenario.sh" "$@"
cd "$out"
"$root/build/release/app/crashbench" run case.json -o results --max-vehicles 100000
python3 - <<'PY'
import json
r = json.load(open("results/results.json"))["cases"][0]
s = r["sumo"]
print(f"SUMO vehicles {s['vehicles']} (at most {s['most_present']} at once), released {s['released']}")
print(f"SUMO collision episodes {s['episodes_total']}, matched {s['episodes_matched']}")
for e in s["episodes"]:
    if not e["matched"]:
        print(f"  unmatched {e['collider']}/{e['victim']} at {e['time']:.1f} s: {e['why']}")
kinds = {}
for x in s["extra_contacts"]:
    kinds[x["kind"]] = kinds.get(x["kind"], 0) + 1
print("contacts SUMO did not report:", kinds or "none")
PY
