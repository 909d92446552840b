// A certified time of impact (docs/swept-detection.md): the runner's swept detection (detect_swept, with
// every registered detector) on a corpus of one-step motions whose answer testkit/toi_corpus works
// out independently in long double. A motion whose shapes overlap by at least kEpsilon at some moment of
// the step must be reported (no false negative); one that stays kEpsilon apart must not (no false
// positive); grazes within kEpsilon are counted apart. At dt = 5 ms the reported time lies within 1 us of
// the reference (between its first touch and its first moment kEpsilon deep) and the contact point within 0.1 mm of where the shapes first meet (their common part
// 1 um deep: at a face-to-face first touch a whole segment) at the 99th percentile. CRASHBENCH_TOI_CORPUS sets
// the number of motions (4,000 by default, a minute of CI's two cores less than 10^4; the `corpus` label runs
// 10^6), CRASHBENCH_TOI_DETECTOR one detector
// alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>

#include "detectors/detector.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/swept.hpp"
#include "testkit/toi_corpus.hpp"

namespace crashbench {
namespace {

constexpr double kEpsilon = toi::kRegionDepth;  // [m]
constexpr double kDt = 0.005;      // [s]

int corpus_motions() {
  const char* n = std::getenv("CRASHBENCH_TOI_CORPUS");
  return n ? std::atoi(n) : 4000;
}

/// The corpus wall as a scene: a vertical quad 1.5 m high (triangles) and its footprint (analytic).
Scene corpus_wall_scene() {
  MeshBuilder mesh("toi-wall", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  mesh.quad({toi::kWallX0, 0, 0}, {toi::kWallX1, 0, 0}, {toi::kWallX1, 0, 1.5}, {toi::kWallX0, 0, 1.5});
  return make_scene("toi-wall", mesh.finish(), {{{toi::kWallX0, 0}, {toi::kWallX1, 0}}});
}

VehiclePose corpus_pose(const toi::Sweep& s, bool at_end) {
  VehiclePose p;
  p.position_W = at_end ? s.cg1_W : s.cg0_W;
  p.heading = at_end ? s.heading1 : s.heading0;
  p.cg_height = 0.55;
  p.ground_z = 0;
  p.size = s.size;
  return p;
}

double corpus_percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

TEST(ToiCorpus, EveryDetectorFindsEveryOverlapAtItsCertifiedTime) {
  const std::vector<toi::Motion> corpus = toi::make_corpus(corpus_motions(), 26);
  const Scene scene = corpus_wall_scene();
  int hits = 0, grazes = 0, misses = 0;
  for (const toi::Motion& m : corpus) {
    const double d = m.reference.min_distance;
    (d <= -kEpsilon ? hits : d < kEpsilon ? grazes : misses)++;
  }
  // The corpus must hold every class in numbers, or the test proves nothing.
  EXPECT_GT(hits, corpus_motions() / 5);
  EXPECT_GT(grazes, corpus_motions() / 20);
  EXPECT_GT(misses, corpus_motions() / 5);
  for (const auto& entry : detectors()) {
    if (const char* only = std::getenv("CRASHBENCH_TOI_DETECTOR"); only && entry.name != only) continue;
    auto detector = make_detector(entry.name);
    detector->prepare(scene, 2);
    detector->reserve_pairs(2);
    SweepScratch scratch;
    scratch.prepare(2);
    std::vector<Contact> out;
    out.reserve(64);
    DetectorStats stats;
    int false_negatives = 0, false_positives = 0, graze_reports = 0;
    std::vector<double> time_error_us, point_error_mm;
    const auto began = std::chrono::steady_clock::now();
    const auto report = [&](std::size_t i, const char* what) {
      const toi::Motion& m = corpus[i];
      ADD_FAILURE() << entry.name << ": motion " << i << (m.pair ? " (pair)" : " (wall)") << ": " << what
                    << ", reference min distance " << m.reference.min_distance << " m, toi " << m.reference.toi;
    };
    for (std::size_t i = 0; i < corpus.size(); ++i) {
      const toi::Motion& m = corpus[i];
      std::vector<VehiclePose> start{corpus_pose(m.a, false)}, end{corpus_pose(m.a, true)};
      if (m.pair) start.push_back(corpus_pose(m.b, false)), end.push_back(corpus_pose(m.b, true));
      out.clear();
      detect_swept(*detector, start, end, out, stats, scratch);
      const auto first = std::min_element(out.begin(), out.end(), [](const Contact& a, const Contact& b) { return a.toi < b.toi; });
      const double d = m.reference.min_distance;
      if (d >= kEpsilon) {
        if (!out.empty() && ++false_positives <= 5) report(i, "false positive");
        continue;
      }
      if (d > -kEpsilon) {
        graze_reports += !out.empty();
        continue;
      }
      if (out.empty()) {
        if (++false_negatives <= 5) report(i, "false negative");
        continue;
      }
      // Reported between the first touch and the first moment kEpsilon deep (a graze before a hit may go
      // either way), or how far outside.
      const double early = m.reference.toi - first->toi, late = first->toi - m.reference.toi_deep;
      time_error_us.push_back(std::max({early, late, 0.0}) * kDt * 1e6);
      point_error_mm.push_back(toi::distance_to_region(first->point_W, m.reference.region_W) * 1e3);
    }
    std::printf("%-14s motions %zu: hits %d, grazes %d (%d reported), misses %d | false negatives %d, false positives %d | "
                "time error [us] p50 %.3g p99 %.3g max %.3g | point error [mm] p50 %.3g p99 %.3g max %.3g | budget spent %lld | "
                "%.1f us per motion (not a test: a figure)\n",
                std::string(entry.name).c_str(), corpus.size(), hits, grazes, graze_reports, misses, false_negatives,
                false_positives, corpus_percentile(time_error_us, 0.5), corpus_percentile(time_error_us, 0.99),
                corpus_percentile(time_error_us, 1.0), corpus_percentile(point_error_mm, 0.5), corpus_percentile(point_error_mm, 0.99),
                corpus_percentile(point_error_mm, 1.0), scratch.budget_spent,
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - began).count() /
                    static_cast<double>(corpus.size()));
    // Every overlap 1 um deep is found, also on a near-tangent turning motion that glides within
    // micrometres of the wall for most of the step (docs/swept-detection.md).
    EXPECT_EQ(false_negatives, 0) << entry.name;
    EXPECT_EQ(false_positives, 0) << entry.name;
    EXPECT_EQ(time_error_us.size() + static_cast<std::size_t>(false_negatives), static_cast<std::size_t>(hits)) << entry.name;
    EXPECT_LE(corpus_percentile(time_error_us, 0.99), 1.0) << entry.name;
    EXPECT_LE(corpus_percentile(point_error_mm, 0.99), 0.1) << entry.name;
  }
}

}  // namespace
}  // namespace crashbench
