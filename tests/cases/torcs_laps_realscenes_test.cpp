// Driving real tracks: every track of Debian's torcs-data (ovals, road courses, dirt) is replayed at
// 25 m/s along the centre line of its track definition (TRACK.xml, `crashbench scene centreline`) and in
// a lane 1.5 m inside each edge of the road, whole laps, with the tree detector and the collision set a
// real track needs (walls within 45 degrees of vertical, no tree sprites: nodes named TREE*, and textures
// named tree* or *-trees*, the sprites of dirt-3 and aalborg being RECT... and OBJ... objects, and
// dirt-3's grass clumps standing on its road): no contact, every invariant held, the road always found
// under the car. A lap that starts under a footbridge (corkscrew) starts on its deck by default, as the
// first surface query takes the highest surface, and meets its railing: it is driven with the vehicle's
// `start_surface` "lowest", the road. Opt-in: label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "cases/driving/replay_log.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/units.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/files/contained_read.hpp"
#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/torcs/torcs_track_anchor.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/torcs_tracks.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

/// A lane: the centre line (0), or 1.5 m inside the road's left (+1) or right (-1) edge.
struct Lane {
  int side = 0;
  std::string name() const { return side == 0 ? "centre" : side > 0 ? "left edge" : "right edge"; }
};

/// Tracks whose start line lies under a footbridge: by default the first surface query takes the highest
/// surface under the car (cases/runner/simulation.cpp), the bridge's deck, and the car meets the bridge's railing
/// at once; "start_surface": "lowest" starts it on the road.
const std::set<std::string> kStartUnderABridge = {"corkscrew"};

/// Writes the lap of `track` in `lane`, from `start` (a fraction of the way round), as a replay log;
/// returns its duration [s].
double write_lap(const testing::TorcsTrackFiles& track, const Lane& lane, double start, const fs::path& csv) {
  const Centreline line = started_at(torcs_centreline_on_scene(track.definition.string(), track.scene.string()), start,
                                     track.definition.string());
  const std::vector<double> offsets = lane.side == 0 ? std::vector<double>(line.points_W.size(), 0.0)
                                                     : lane_from_edge(line, 1.5, lane.side > 0, track.definition.string());
  const std::vector<LapRow> rows = lap_rows(line, 25.0, offsets);
  std::ofstream out(csv);
  out << kReplayHeader << '\n';
  for (const LapRow& r : rows)
    out << fmt::format("{},{},{},{}\n", r.t, r.position_W.x(), r.position_W.y(), r.heading * kRadToDeg);
  return rows.back().t;
}

/// How a lap is driven: the detector, the scene's collision set (null: the default), at most how long [s].
struct Drive {
  std::string detector = "tree";
  nlohmann::json collision = testing::torcs_collision_set();
  double longest = 1e9;
};

/// Replays the lap of `track` in `lane` from `start` (a fraction of the way round), whole or up to
/// `how.longest`, with the vehicle's `start_surface` (null: the default).
RunResult drive(const testing::TorcsTrackFiles& track, const Lane& lane, double start, double& duration,
                const nlohmann::json& start_surface = nullptr, const Drive& how = {}) {
  const fs::path csv = testing::temp_folder("torcs-laps") / fmt::format("{}-{}-{}.csv", track.name(), lane.side, start);
  duration = std::min(write_lap(track, lane, start, csv) - 0.01, how.longest);
  nlohmann::json scene = {{"file", track.scene.string()}, {"up_axis", "y"}};
  if (!how.collision.is_null()) scene["collision"] = how.collision;
  nlohmann::json doc = {
      {"name", track.name()}, {"scene", scene},
      {"detector", how.detector}, {"response", {{"model", "restitution"}}}, {"dynamics", "bicycle"},
      {"dt", 0.005}, {"duration", duration}, {"record_every", 200},
      {"vehicles", {{{"params", "sedan"}, {"replay", csv.string()}}}}};
  if (!start_surface.is_null()) doc["vehicles"][0]["start_surface"] = start_surface;
  return run_case(parse_case(doc, (csv.parent_path() / "lap.json").string()));
}

TEST(TorcsLaps, CentreLineAndEdgeLanesOfEveryTrackDriveCleanWithTheCollisionSet) {
  const std::vector<testing::TorcsTrackFiles> tracks = testing::torcs_tracks();
  if (tracks.empty()) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  int driven = 0, clean = 0;
  std::set<std::string> started_on_a_bridge;
  for (const testing::TorcsTrackFiles& track : tracks) {
    for (const Lane& lane : {Lane{0}, Lane{1}, Lane{-1}}) {
      double duration = 0;
      const bool under_a_bridge = kStartUnderABridge.count(track.name()) > 0;
      if (under_a_bridge) {
        // From the start line, a lane under the deck rides it into the bridge's railing in the first steps.
        const RunResult from_start = drive(track, lane, 0.0, duration);
        if (!from_start.events.empty()) {
          EXPECT_LT(from_start.events.front().time, 0.1) << track.name() << " " << lane.name();
          started_on_a_bridge.insert(track.name());
        }
      }
      const RunResult r = drive(track, lane, 0.0, duration, under_a_bridge ? nlohmann::json("lowest") : nlohmann::json());
      EXPECT_EQ(r.status, CaseStatus::kPassed) << track.name() << " " << lane.name() << ": " << r.error;
      EXPECT_EQ(r.impacts, 0) << track.name() << " " << lane.name();
      EXPECT_EQ(r.steps_without_surface, 0) << track.name() << " " << lane.name();
      std::printf("%-12s %-10s %6.1f s  impacts %d  steps without surface %lld  %s\n", track.name().c_str(),
                  lane.name().c_str(), duration, r.impacts, static_cast<long long>(r.steps_without_surface),
                  r.status == CaseStatus::kPassed ? "passed" : "failed");
      std::fflush(stdout);
      ++driven;
      clean += r.impacts == 0 && r.steps_without_surface == 0 && r.status == CaseStatus::kPassed;
    }
  }
  std::printf("%zu tracks, %d of %d laps clean\n", tracks.size(), clean, driven);
  EXPECT_EQ(tracks.size(), 38u) << "tracks in torcs-data";
  EXPECT_EQ(started_on_a_bridge, kStartUnderABridge) << "tracks whose lap from the start line meets the footbridge";
}

// The default collision set (faces within 45 degrees of vertical, the height band, no sprites: docs/scenes.md)
// is what a car can hit on every real track: the first 20 s of every centre line, with every detector,
// analytic included, meet nothing (corkscrew from the road under its footbridge, as above).
TEST(TorcsDefaults, EveryCentreLineMeetsNothingWithEveryDetectorAndTheDefaultCollisionSet) {
  const std::vector<testing::TorcsTrackFiles> tracks = testing::torcs_tracks();
  if (tracks.empty()) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  // Trusted files, read 38 x 6 times: a loaded machine must not make the size-scaled read limit fail a drive.
  set_scene_read_timeout(300);
  for (const auto& entry : detectors())
    for (const testing::TorcsTrackFiles& track : tracks) {
      double duration = 0;
      const bool under_a_bridge = kStartUnderABridge.count(track.name()) > 0;
      const RunResult r = drive(track, Lane{0}, 0.0, duration, under_a_bridge ? nlohmann::json("lowest") : nlohmann::json(),
                                {std::string(entry.name), nullptr, 20.0});
      EXPECT_EQ(r.status, CaseStatus::kPassed) << entry.name << " " << track.name() << ": " << r.error;
      EXPECT_EQ(r.impacts, 0) << entry.name << " " << track.name()
                              << (r.events.empty() ? "" : fmt::format(": first at {:.2f} s", r.events.front().time));
      std::printf("%-14s %-12s impacts %d  %s\n", std::string(entry.name).c_str(), track.name().c_str(), r.impacts,
                  r.status == CaseStatus::kPassed ? "passed" : "failed");
      std::fflush(stdout);
    }
}

}  // namespace
}  // namespace crashbench
