// The centre line of each TORCS track's definition (TRACK.xml, laid out as TORCS's loader does) against
// its scene file's own road, read independently: on every track with road strips, every strip midpoint
// lies within 0.06 m of the definition's line; on all 38, nearly every cross-section of the road's width
// that the scene's road objects hold (their vertices 2k, 2k+1) has its middle there. Opt-in: label
// `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>

#include "core/error.hpp"
#include "detectors/scenes/torcs/torcs_track_anchor.hpp"
#include "tests/support/torcs_tracks.hpp"

namespace crashbench {
namespace {

/// Distance from `q` to the polyline `p` [m].
double distance_to(const std::vector<Vec2>& p, const Vec2& q) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 1; i < p.size(); ++i) {
    const Vec2 ab = p[i] - p[i - 1];
    const double t = std::clamp((q - p[i - 1]).dot(ab) / std::max(ab.squaredNorm(), 1e-300), 0.0, 1.0);
    best = std::min(best, (p[i - 1] + t * ab - q).norm());
  }
  return best;
}

TEST(TorcsCentreline, TheDefinitionsLineFollowsTheRoadStrips) {
  const std::vector<testing::TorcsTrackFiles> tracks = testing::torcs_tracks();
  if (tracks.empty()) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  int compared = 0;
  for (const testing::TorcsTrackFiles& track : tracks) {
    std::ifstream in(track.scene);
    Centreline strips;
    try {
      strips = read_centreline(in, track.scene.string(), {});
    } catch (const Error&) {
      continue;  // no strips in pairs (the .ac tracks, street-1's junction, wheel-2's cap)
    }
    const Centreline line = torcs_centreline_on_scene(track.definition.string(), track.scene.string());
    double worst = 0;
    for (const Vec2& q : strips.points_W) worst = std::max(worst, distance_to(line.points_W, q));
    EXPECT_LT(worst, 0.06) << track.name();
    EXPECT_NEAR(line.half_widths.front(), strips.half_widths.front(), 0.02) << track.name();
    std::printf("%-12s %5zu strip midpoints, farthest %.3f m from the definition's line\n", track.name().c_str(),
                strips.points_W.size(), worst);
    ++compared;
  }
  EXPECT_EQ(compared, 24) << "tracks whose road strips give a centre line";
}

TEST(TorcsCentreline, TheDefinitionsLineRunsThroughTheScenesRoadCrossSections) {
  const std::vector<testing::TorcsTrackFiles> tracks = testing::torcs_tracks();
  if (tracks.empty()) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  for (const testing::TorcsTrackFiles& track : tracks) {
    Anchoring placed;
    const Centreline line = torcs_centreline_on_scene(track.definition.string(), track.scene.string(), "tkmn", &placed);
    std::ifstream in(track.scene);
    int sections = 0, on_the_line = 0;
    // Road objects also hold walls and signs named like the road (wheel-2, forza) and a junction's other
    // branch (street-1): only cross-sections of the road's width count, and 99 % of them must lie on the line (street-1: 706 of 713).
    for (const RoadCrossSection& c : read_road_cross_sections(in, track.scene.string())) {
      if (std::abs(c.half_width() - line.half_widths.front()) > 0.05) continue;
      ++sections;
      on_the_line += distance_to(line.points_W, c.middle()) < 0.06;
    }
    EXPECT_GE(on_the_line, 0.99 * sections) << track.name();
    EXPECT_GE(sections, 100) << track.name();
    std::printf("%-12s %4d of %4d road cross-sections %.0f m wide on the line; moved by (%.2f, %.2f) m\n",
                track.name().c_str(), on_the_line, sections, 2 * line.half_widths.front(), placed.shift_W.x(),
                placed.shift_W.y());
  }
}

}  // namespace
}  // namespace crashbench
