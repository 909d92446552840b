// Vehicle pairs are one pass that every detector shares (Detector::detect_all): facing pairs of cars in the
// open part of the L-rail, far from its walls, run with each registered detector, give the same impacts,
// at the same steps, with the same impulses, whatever geometry the detector reads for the scene.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/cases/crowd_case.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

/// Twelve sedans in six facing pairs 9 m apart, rows 20 m and more north of the side wall and 40 m and
/// more west of the end wall: in 0.6 s every pair meets and spins, and no car reaches a wall.
nlohmann::json open_pairs(const std::string& detector) {
  nlohmann::json doc = testing::l_rail_crowd(2, "reset", 0.6);
  nlohmann::json cars = nlohmann::json::array();
  for (int pair = 0; pair < 6; ++pair) {
    const double x = 10.0 + 15.0 * (pair % 3), y = 20.0 + 8.0 * (pair / 3), p = pair;
    cars.push_back({{"params", "sedan"}, {"position", {x, y}}, {"heading_deg", 8.0 * std::sin(1.7 * p)}, {"speed", 12.0}});
    cars.push_back({{"params", "sedan"}, {"position", {x + 9.0, y + 0.8 * std::sin(3.1 * p)}},
                    {"heading_deg", 180.0}, {"speed", 10.0 + 3.0 * std::cos(p)}});
  }
  doc["vehicles"] = cars;
  doc["detector"] = detector;
  return doc;
}

TEST(VehiclePairsEveryDetector, FacingPairsGiveTheSameImpactsWithEveryDetector) {
  const RunResult want = run_case(parse_case(open_pairs("analytic"), "pairs.json"));
  ASSERT_GE(want.impacts, 6);  // every pair meets
  for (const ImpactEvent& e : want.events) ASSERT_NE(e.contact.other, kStaticScene) << "a car reached a wall";
  EXPECT_EQ(want.status, CaseStatus::kPassed);
  for (const std::string& name : testing::detector_names()) {
    const RunResult got = run_case(parse_case(open_pairs(name), "pairs.json"));
    EXPECT_EQ(got.status, CaseStatus::kPassed) << name;
    ASSERT_EQ(got.events.size(), want.events.size()) << name;
    for (std::size_t i = 0; i < want.events.size(); ++i) {
      const ImpactEvent &g = got.events[i], &w = want.events[i];
      EXPECT_EQ(g.step, w.step) << name << " event " << i;
      EXPECT_EQ(g.contact.vehicle, w.contact.vehicle) << name << " event " << i;
      EXPECT_EQ(g.contact.other, w.contact.other) << name << " event " << i;
      EXPECT_EQ(g.resolution.impulse.linear_W, w.resolution.impulse.linear_W) << name << " event " << i;
    }
  }
}

}  // namespace
}  // namespace crashbench
