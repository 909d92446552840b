// The centre line of each TORCS track's definition (TRACK.xml, laid out as TORCS's loader does) against
// the one its scene file's road strips give independently (the midpoints of their left/right pairs): on
// every track with such strips, every strip midpoint lies within 0.06 m of the definition's line. Opt-in:
// label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>

#include "core/error.hpp"
#include "detectors/scenes/torcs_track_geometry.hpp"
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
    const Centreline line = torcs_centreline(read_torcs_track(track.definition.string()));
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

}  // namespace
}  // namespace crashbench
