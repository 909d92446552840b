// Driving real tracks: every road course and dirt track of Debian's torcs-data whose road comes as strips
// of left/right pairs (`crashbench scene centreline`) is replayed along its centre line at 25 m/s, and in
// a lane 1.5 m to each side (the narrowest dirt roads leave no more), for a minute (or the whole lap) with the tree detector and the collision set a real track needs
// (walls within 45 degrees of vertical, no TREE* sprites): no contact, every invariant held, the road
// always found under the car. Opt-in: label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cases/case_loader.hpp"
#include "cases/simulation.hpp"
#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/centreline.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;
const fs::path kTracks = "/usr/share/games/torcs/tracks";

/// Writes the lap of `track` `lane` metres left of its centre line; returns its duration [s], 0 when the
/// track's road is not in pairs.
double write_lap(const fs::path& track, double lane, const fs::path& csv) {
  std::ifstream in(track);
  try {
    const std::vector<LapRow> rows = lap_rows(read_centreline(in, track.string(), {}), 25.0, lane);
    std::ofstream out(csv);
    out << kReplayHeader << '\n';
    for (const LapRow& r : rows)
      out << fmt::format("{},{},{},{}\n", r.t, r.position_W.x(), r.position_W.y(), r.heading * kRadToDeg);
    return rows.back().t;
  } catch (const Error&) {
    return 0.0;
  }
}

TEST(TorcsLaps, CentreLineAndLanesDriveCleanWithTheCollisionSet) {
  if (!fs::exists(kTracks)) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  int driven = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kTracks)) {
    if (entry.path().extension() != ".acc") continue;
    for (double lane : {0.0, 1.5, -1.5}) {
      const fs::path csv = testing::temp_folder("torcs-laps") / fmt::format("{}-{}.csv", entry.path().stem().string(), lane);
      const double lap = write_lap(entry.path(), lane, csv);
      if (lap == 0) break;  // road not in pairs: `scene centreline` refuses it
      const nlohmann::json doc = {
          {"name", entry.path().stem().string()},
          {"scene", {{"file", entry.path().string()}, {"up_axis", "y"},
                     {"collision", {{"vertical_within_deg", 45}, {"exclude", {"TREE*"}}}}}},
          {"detector", "tree"}, {"response", {{"model", "restitution"}}}, {"dynamics", "bicycle"},
          {"dt", 0.005}, {"duration", std::min(60.0, lap - 0.01)}, {"record_every", 200},
          {"vehicles", {{{"params", "sedan"}, {"replay", csv.string()}}}}};
      const RunResult r = run_case(parse_case(doc, (csv.parent_path() / "lap.json").string()));
      EXPECT_EQ(r.status, CaseStatus::kPassed) << entry.path() << " lane " << lane << ": " << r.error;
      EXPECT_EQ(r.impacts, 0) << entry.path() << " lane " << lane;
      EXPECT_EQ(r.steps_without_surface, 0) << entry.path() << " lane " << lane;
      ++driven;
    }
  }
  EXPECT_GE(driven, 60) << "laps driven (tracks x lanes)";  // 23 of the 26 .acc tracks give a centre line
}

}  // namespace
}  // namespace crashbench
