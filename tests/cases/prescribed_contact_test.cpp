// A case's prescribed contact acts at t = 0 on the initial states, before any motion: where
// place_other_front put the other car's bumper, so the bullet's arm lies along its heading.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

TEST(PrescribedContact, ActsAtTimeZeroOnTheInitialStates) {
  for (const char* application : {"reset", "force"}) {
    nlohmann::json doc = read_json_file(testing::source_path("cases/library/zhou-rear-end.json"));
    doc["application"] = application;
    const Case c = parse_case(doc, "zhou.json");
    ASSERT_TRUE(c.contact && c.contact->place_other_front);
    const RunResult r = run_case(c);
    ASSERT_FALSE(r.events.empty());
    const ImpactEvent& e = r.events.front();
    EXPECT_EQ(e.step, 0) << application;
    EXPECT_EQ(e.time, 0.0) << application;
    // By hand: the point is the struck car's point_B at its initial pose; its pre states are the initial ones.
    const PlanarState& struck = c.vehicles[c.contact->vehicle].initial;
    const PlanarState& bullet = c.vehicles[c.contact->other].initial;
    EXPECT_LT((e.contact.point_W - (struck.position_W + rotation(struck.heading) * c.contact->point_B)).norm(), 1e-12);
    EXPECT_EQ(e.pre_a.state.position_W, struck.position_W) << application;
    EXPECT_EQ(e.pre_a.state.velocity_W, struck.velocity_W) << application;
    ASSERT_NE(r.other_of(e), nullptr) << application;
    const PlanarState& bullet_pre = r.other_of(e)->pre.state;
    EXPECT_EQ(bullet_pre.yaw_rate, bullet.yaw_rate) << application;
    // The bullet's arm to the point runs along its heading: no off-axis lever.
    const Vec2 arm = e.contact.point_W - bullet_pre.position_W;
    EXPECT_LT(std::abs(cross(unit_at(bullet.heading), arm)), 1e-12) << application;
    EXPECT_NEAR(arm.norm(), c.vehicles[c.contact->other].params.body.cg_to_front, 1e-12) << application;
  }
}

}  // namespace
}  // namespace crashbench
