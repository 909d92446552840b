// Driving real tracks: every road course and dirt track of Debian's torcs-data whose road comes as strips
// of left/right pairs (`crashbench scene centreline`) is replayed at 25 m/s along its centre line and in a
// lane 1.5 m to each side (the narrowest dirt roads leave no more) for a minute, and in a lane 1.5 m inside
// each edge of the road for the whole lap, with the tree detector and the collision set a real track needs
// (walls within 45 degrees of vertical, no tree sprites: nodes named TREE*, and textures named tree* or
// *-trees*, the sprites of dirt-3 and aalborg being RECT... and OBJ... objects): no contact, every invariant
// held, the road always found under the car. Opt-in: label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
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

/// A lane: metres left of the centre line, or (with `from_edge`) 1.5 m inside the road's left or right edge.
struct Lane {
  double offset = 0;
  bool from_edge = false;
  std::string name() const { return from_edge ? (offset > 0 ? "left edge" : "right edge") : fmt::format("{:+g} m", offset); }
};

/// The collision set of a real track: walls, no tree sprites (by node name or texture).
const nlohmann::json kCollisionSet = {{"vertical_within_deg", 45},
                                      {"exclude", {"TREE*"}},
                                      {"exclude_textures", {"[Tt]ree*", "*-trees*"}}};

/// Writes the lap of `track` in `lane`; returns its duration [s], 0 when the track's road is not in pairs.
double write_lap(const fs::path& track, const Lane& lane, const fs::path& csv) {
  std::ifstream in(track);
  try {
    const Centreline line = read_centreline(in, track.string(), {});
    const std::vector<double> offsets = lane.from_edge ? lane_from_edge(line, 1.5, lane.offset > 0, track.string())
                                                       : std::vector<double>(line.points_W.size(), lane.offset);
    const std::vector<LapRow> rows = lap_rows(line, 25.0, offsets);
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
  int tracks = 0, driven = 0, clean = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kTracks)) {
    if (entry.path().extension() != ".acc") continue;
    const std::string track = entry.path().stem().string();
    for (const Lane& lane : {Lane{0.0}, Lane{1.5}, Lane{-1.5}, Lane{1, true}, Lane{-1, true}}) {
      const fs::path csv = testing::temp_folder("torcs-laps") / fmt::format("{}-{}-{}.csv", track, lane.offset, lane.from_edge);
      const double lap = write_lap(entry.path(), lane, csv);
      if (lap == 0) break;  // road not in pairs: `scene centreline` refuses it
      tracks += lane.offset == 0;
      const double duration = lane.from_edge ? std::min(400.0, lap - 0.01) : std::min(60.0, lap - 0.01);
      const nlohmann::json doc = {
          {"name", track},
          {"scene", {{"file", entry.path().string()}, {"up_axis", "y"}, {"collision", kCollisionSet}}},
          {"detector", "tree"}, {"response", {{"model", "restitution"}}}, {"dynamics", "bicycle"},
          {"dt", 0.005}, {"duration", duration}, {"record_every", 200},
          {"vehicles", {{{"params", "sedan"}, {"replay", csv.string()}}}}};
      const RunResult r = run_case(parse_case(doc, (csv.parent_path() / "lap.json").string()));
      EXPECT_EQ(r.status, CaseStatus::kPassed) << track << " lane " << lane.name() << ": " << r.error;
      EXPECT_EQ(r.impacts, 0) << track << " lane " << lane.name();
      EXPECT_EQ(r.steps_without_surface, 0) << track << " lane " << lane.name();
      std::printf("%-12s %-10s %6.1f s  impacts %d  steps without surface %lld  %s\n", track.c_str(), lane.name().c_str(),
                  duration, r.impacts, static_cast<long long>(r.steps_without_surface), r.status == CaseStatus::kPassed ? "passed" : "failed");
      ++driven;
      clean += r.impacts == 0 && r.steps_without_surface == 0 && r.status == CaseStatus::kPassed;
    }
  }
  std::printf("%d tracks with a centre line, %d of %d laps clean\n", tracks, clean, driven);
  EXPECT_GE(tracks, 24) << "tracks whose centre line `scene centreline` extracts";
  EXPECT_EQ(driven, 5 * tracks) << "laps driven (tracks x lanes)";
}

}  // namespace
}  // namespace crashbench
