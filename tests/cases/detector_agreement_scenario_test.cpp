// Every registered detector on the shipped straight-wall, L-rail and track cases (the shipped detector
// matrices, their detector list replaced by the registry's): the triangle detectors report the contacts of
// the brute-force loop on the same steps; a detector reading the walls' 2D footprints instead of
// triangles (analytic) agrees wherever a wall is straight.
#include <gtest/gtest.h>

#include <map>

#include "cases/loading/matrix.hpp"
#include "cases/runner/batch.hpp"
#include "detectors/detector.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

constexpr double kPointTolerance = 1e-4;   // [m]
constexpr double kNormalTolerance = 1e-4;  // [-], about 0.006 deg

/// Results of a shipped detector matrix run with every registered detector, keyed by detector.
std::map<std::string, std::vector<RunResult>> by_detector(const std::string& matrix) {
  const std::string path = testing::source_path(matrix);
  nlohmann::json doc = read_json_file(path);
  doc["vary"]["detector"] = nlohmann::json::array();
  // This test compares the events itself, with tighter tolerances and the walls detector held to the first hit.
  doc["vary"].erase("check_against");
  for (const auto& e : detectors()) doc["vary"]["detector"].push_back(std::string(e.name));
  std::map<std::string, std::vector<RunResult>> out;
  for (auto& r : run_inputs(expand_matrix(doc, path))) {
    EXPECT_EQ(r.status, CaseStatus::kPassed) << r.name << " " << r.error;
    out[r.config.detector].push_back(std::move(r));
  }
  return out;
}

void expect_same_events(const RunResult& a, const RunResult& b, std::size_t count) {
  ASSERT_GE(a.events.size(), count) << a.name;
  ASSERT_GE(b.events.size(), count) << b.name;
  for (std::size_t i = 0; i < count; ++i) {
    const Contact& ca = a.events[i].contact;
    const Contact& cb = b.events[i].contact;
    EXPECT_EQ(a.events[i].step, b.events[i].step) << a.name << " event " << i;
    EXPECT_LE((ca.point_W - cb.point_W).norm(), kPointTolerance) << a.name << " event " << i;
    EXPECT_LE((ca.normal_W - cb.normal_W).norm(), kNormalTolerance) << a.name << " event " << i;
  }
}

TEST(DetectorAgreement, KnightCasesEveryDetectorMatchesBruteForceOnEveryEvent) {
  auto runs = by_detector("cases/library/knight-detectors.json");
  const auto& reference = runs.at("brute-force");
  ASSERT_EQ(runs.size(), detectors().size());
  ASSERT_EQ(reference.size(), 6u);  // three cases x two models
  for (const auto& [detector, results] : runs)
    for (std::size_t k = 0; k < results.size(); ++k) {
      ASSERT_EQ(results[k].events.size(), reference[k].events.size()) << results[k].name;
      expect_same_events(results[k], reference[k], reference[k].events.size());
    }
}

TEST(DetectorAgreement, TrackTriangleDetectorsMatchBruteForceAndAnalyticTheFirstHit) {
  auto runs = by_detector("cases/library/track-detectors.json");
  const auto& reference = runs.at("brute-force");
  ASSERT_EQ(runs.size(), detectors().size());
  ASSERT_EQ(reference.size(), 4u);  // the collision and the visual track, two models each
  for (const auto& [detector, results] : runs)
    for (std::size_t k = 0; k < results.size(); ++k) {
      // The curved barrier is many short walls: a walls detector may split a contact the triangle
      // detectors merge into one face, so it is held to the first impact only.
      const bool walls = make_detector(detector)->geometry() == SceneGeometry::kWalls;
      const std::size_t count = walls ? 1 : reference[k].events.size();
      if (!walls) {
        ASSERT_EQ(results[k].events.size(), count) << results[k].name;
      }
      expect_same_events(results[k], reference[k], count);
    }
}

}  // namespace
}  // namespace crashbench
