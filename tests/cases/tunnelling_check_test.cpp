// The no_tunnelling invariant: a CG path through a wall or through another car is found and named, a
// bounce is not; and a run that lets a car through fails with the wall and the time.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <span>

#include "cases/checks/tunnelling_check.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "cases/runner/step_threads.hpp"
#include "detectors/scenes/registry/builtin_walls.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/triangle_soup.hpp"

namespace crashbench {
namespace {

StateVector at(double x, double y, double heading = 0) {
  StateVector s = StateVector::Zero();
  s[0] = x, s[1] = y, s[2] = heading;
  return s;
}

/// Poses standing on flat ground at z = `ground` with the sedans' CG height, as the runner sets them.
std::vector<VehiclePose> on_ground(int n, double ground = 0.0) {
  VehiclePose p;
  p.cg_height = 0.55;
  p.ground_z = ground;
  return std::vector<VehiclePose>(static_cast<std::size_t>(n), p);
}

/// One wall along X (the straight wall) and one at 45 degrees, whose box covers the road beside it, so that
/// only its own footprint says a box is clear.
std::array<std::pair<const char*, std::span<const WallFootprint>>, 2> one_wall_scenes() {
  static constexpr std::array<WallFootprint, 1> kDiagonal = {{{0.0, 0.0, 200.0, 200.0}}};
  return {{{"straight", kStraightWall}, {"diagonal", kDiagonal}}};
}

std::vector<VehicleSetup> sedans(int n) {
  VehicleSetup v;
  v.params.body = {2.25, 2.45, 1.8};
  v.params.cg_height = 0.55;
  return std::vector<VehicleSetup>(static_cast<std::size_t>(n), v);
}

TEST(TunnellingCheck, ACgPathThroughAWallIsNamedAndABounceIsNot) {
  const Scene scene = scene_from_walls("straight-wall", kStraightWall);
  TunnellingCheck check(scene, sedans(1));
  std::vector<Tunnelling> out;
  const std::vector<StateVector> before{at(100, 1.5)}, bounced{at(100.2, 0.9)}, through{at(100.4, -0.7)};
  check.check(before, bounced, on_ground(1), 0.25, out);
  EXPECT_TRUE(out.empty());
  check.check(before, through, on_ground(1), 0.5, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].vehicle, 0);
  EXPECT_EQ(out[0].other, kStaticScene);
  EXPECT_EQ(out[0].feature, 0);
  EXPECT_DOUBLE_EQ(out[0].time, 0.5);
  EXPECT_EQ(out[0].wall.a_W, Vec2(-50, 0));
  // Past the wall's end the same path crosses nothing.
  out.clear();
  check.check(std::vector<StateVector>{at(300, 1.5)}, std::vector<StateVector>{at(300, -1.5)}, on_ground(1), 0.75, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(check.checked(), 3);
}

// Split over threads the check finds what one thread finds, in the same order: the wall crossings vehicle by
// vehicle (cars 0, 2, ..., 8 of ten along the wall, so that every one of three ranges has some), then the
// cars that pass through each other (10 through 11, and so 11 through 10 relative to it), on every step of a few.
TEST(TunnellingCheck, SplitOverThreadsItFindsTheSameCrossingsInTheSameOrder) {
  const Scene scene = scene_from_walls("straight-wall", kStraightWall);
  constexpr int kCars = 12;
  TunnellingCheck serial(scene, sedans(kCars)), split(scene, sedans(kCars), 3);
  StepThreads threads(3);
  std::vector<StateVector> before, after;
  for (int v = 0; v < 10; ++v) {
    before.push_back(at(10.0 + 15 * v, 1.5));
    after.push_back(at(10.0 + 15 * v, v % 2 == 0 ? -0.7 : 0.9));
  }
  before.push_back(at(0, 20)), after.push_back(at(6, 20));   // 10 drives through 11 ...
  before.push_back(at(3, 20)), after.push_back(at(3, 20));   // ... standing across its path
  for (int step = 1; step <= 3; ++step) {
    std::vector<Tunnelling> one, three;
    serial.check(before, after, on_ground(kCars), 0.005 * step, one);
    split.check(before, after, on_ground(kCars), 0.005 * step, three, &threads);
    ASSERT_EQ(one.size(), 7u) << "step " << step << ": five cars through the wall, two through each other";
    ASSERT_EQ(three.size(), one.size()) << "step " << step;
    for (std::size_t i = 0; i < one.size(); ++i) {
      EXPECT_EQ(three[i].vehicle, one[i].vehicle) << "step " << step << ", crossing " << i;
      EXPECT_EQ(three[i].other, one[i].other) << "step " << step << ", crossing " << i;
      EXPECT_EQ(three[i].feature, one[i].feature) << "step " << step << ", crossing " << i;
    }
    EXPECT_EQ(one[0].vehicle, 0);
    EXPECT_EQ(one[4].vehicle, 8);
    EXPECT_EQ(one[5].vehicle, 10);
    EXPECT_EQ(one[5].other, 11);
    EXPECT_EQ(one[6].vehicle, 11);
  }
  EXPECT_EQ(split.checked(), serial.checked());
}

// The check keeps, per car, a box around its path that no wall's footprint meets and skips the walls while the
// car's paths stay inside: a car that drives up to the wall over many steps, clear of it until it crosses,
// is still caught at the step it crosses (y = 0.05 -> -0.15, the 16th), and a parked car far from it never.
TEST(TunnellingCheck, ACarClearOfEveryWallForManyStepsIsCaughtAtTheStepItCrosses) {
  const Scene scene = scene_from_walls("straight-wall", kStraightWall);
  TunnellingCheck check(scene, sedans(2));
  std::vector<Tunnelling> out;
  const StateVector parked = at(100, 50);
  for (int k = 0; k < 20; ++k) {
    const std::vector<StateVector> before{at(100, 3.05 - 0.2 * k), parked}, after{at(100, 3.05 - 0.2 * (k + 1)), parked};
    check.check(before, after, on_ground(2), 0.005 * (k + 1), out);
    EXPECT_EQ(out.size(), k < 15 ? 0u : 1u) << "step " << k + 1;
  }
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].vehicle, 0);
  EXPECT_EQ(out[0].other, kStaticScene);
  EXPECT_DOUBLE_EQ(out[0].time, 0.005 * 16);
}

// The same at many speeds and starting points, against the straight wall and a diagonal one (whose box
// covers the road beside it, so only its own footprint says a box is clear): wherever the clear boxes
// happen to fall, the step through the wall is caught (from its left side to its right), never earlier.
TEST(TunnellingCheck, ACarCreepingUpToAWallIsCaughtAtTheStepItCrossesAtAnySpeed) {
  for (const auto& [name, walls] : one_wall_scenes()) {
    const Scene scene = scene_from_walls(name, walls);
    const Vec2 a = walls[0].segment().a_W, b = walls[0].segment().b_W;
    const Vec2 left = perp(b - a).normalized(), middle = 0.5 * (a + b);
    for (const double step : {0.01, 0.03, 0.05, 0.07, 0.1, 0.2, 0.4})
      for (const double start : {0.613, 0.9071, 1.257, 2.031}) {  // never a multiple of a step: no CG on the wall
        TunnellingCheck check(scene, sedans(1));
        std::vector<Tunnelling> out;
        int crossing = -1;
        for (int k = 0; (crossing < 0 || k <= crossing + 2) && k < 1000; ++k) {
          const double d0 = start - step * k, d1 = start - step * (k + 1);  // distances left of the wall [m]
          if (d0 > 0 && d1 < 0) crossing = k;
          const Vec2 p0 = middle + d0 * left, p1 = middle + d1 * left;
          check.check(std::vector<StateVector>{at(p0.x(), p0.y())}, std::vector<StateVector>{at(p1.x(), p1.y())},
                      on_ground(1), 0.005 * (k + 1), out);
          ASSERT_EQ(out.size(), crossing >= 0 ? 1u : 0u) << name << ": step " << step << " from " << start << ", k " << k;
        }
        ASSERT_GE(crossing, 0);
        EXPECT_DOUBLE_EQ(out[0].time, 0.005 * (crossing + 1)) << name;
      }
  }
}

/// A car running along the barrier from `a` to `b` (a wall or the triangles' line), `gap` [m] from it at
/// first, `step` [m] a step, then drifting into it at `drift` [rad]: the step through it is caught, never an
/// earlier one. Returns the check's near_listed().
long long expect_drift_caught(const Scene& scene, const Vec2& a, const Vec2& b, double gap, double step, double drift) {
  const Vec2 along = (b - a).normalized(), left = perp(along);
  const Vec2 start = a + 0.25 * (b - a) + gap * left;
  TunnellingCheck check(scene, sedans(1));
  std::vector<Tunnelling> out;
  constexpr int kAlong = 60;  // steps parallel to the barrier before the drift
  // Distance left of the barrier after k steps, 1 um short of the gap so that no CG lands on the barrier.
  const auto distance = [&](int k) { return gap - 1e-6 - std::max(0, k - kAlong) * step * std::sin(drift); };
  const auto where = [&](int k) {
    const Vec2 p = start + along * (step * k) + left * (distance(k) - gap);
    return at(p.x(), p.y(), std::atan2(along.y(), along.x()));
  };
  int crossing = -1;
  for (int k = 0; (crossing < 0 || k <= crossing + 2) && k < 5000; ++k) {
    if (distance(k) > 0 && distance(k + 1) < 0) crossing = k;
    check.check(std::vector<StateVector>{where(k)}, std::vector<StateVector>{where(k + 1)}, on_ground(1),
                0.005 * (k + 1), out);
    const std::size_t want = crossing >= 0 ? 1 : 0;  // the crossing, once it has happened
    EXPECT_EQ(out.size(), want) << "k " << k;
    if (out.size() != want) return check.near_listed();
  }
  EXPECT_GE(crossing, kAlong);
  if (!out.empty()) {
    EXPECT_DOUBLE_EQ(out[0].time, 0.005 * (crossing + 1));
  }
  return check.near_listed();
}

// A car running along a barrier, 0.6 or 1.5 m from it, keeps boxes that reach far down its lane (along its
// path, so a diagonal lane too), then drifts into the barrier at a shallow angle, renewing its box on the
// way (one reaching ahead through the barrier must not be kept): the step through it is caught, never an
// earlier one, whatever the angle and the speed.
TEST(TunnellingCheck, ACarRunningAlongABarrierThenDriftingThroughIsCaughtAtTheStepItCrosses) {
  for (const auto& [name, walls] : one_wall_scenes()) {
    const Scene scene = scene_from_walls(name, walls);
    for (const double gap : {0.6, 1.5})                  // from the barrier at first [m]
      for (const double step : {0.05, 0.1, 0.15})        // 10, 20 and 30 m/s
        for (const double drift : {0.01, 0.05, 0.2}) {   // the angle into the barrier [rad]
          SCOPED_TRACE(::testing::Message() << name << ": gap " << gap << ", step " << step << ", drift " << drift);
          expect_drift_caught(scene, walls[0].segment().a_W, walls[0].segment().b_W, gap, step, drift);
        }
  }
}

// The same along a barrier of upright panels (two triangles each, 1 m high) whose walls a near box lists
// while the car scrapes past (panels of 2 and 5 m; 0.25 m panels are more than a list holds, and the grid
// answers): the near boxes must list every wall the path can cross.
TEST(TunnellingCheck, ACarDriftingThroughABarrierOfPanelsIsCaughtWhileItsNearBoxListsTheWalls) {
  for (const float panel : {0.25f, 2.0f, 5.0f}) {
    std::vector<osg::Vec3> v;
    for (float x = -40; x < 200; x += panel)
      for (const osg::Vec3& p : {osg::Vec3(x, 0, 0), osg::Vec3(x + panel, 0, 0), osg::Vec3(x + panel, 0, 1),
                                 osg::Vec3(x, 0, 0), osg::Vec3(x + panel, 0, 1), osg::Vec3(x, 0, 1)})
        v.push_back(p);
    const Scene scene = make_scene("panels", testing::triangle_soup(v), {});
    long long near_listed = 0;
    for (const double gap : {0.6, 1.5})
      for (const double step : {0.05, 0.15})
        for (const double drift : {0.01, 0.2}) {
          SCOPED_TRACE(::testing::Message() << "panel " << panel << ": gap " << gap << ", step " << step << ", drift " << drift);
          near_listed += expect_drift_caught(scene, {-40, 0}, {200, 0}, gap, step, drift);
        }
    if (panel > 1) {
      EXPECT_GT(near_listed, 0) << "panel " << panel << ": no path was tested against a near box's walls";
    }
  }
}

// A gantry over the road (TORCS tracks have them at the start line): a beam 6 to 8 m up across the road
// at X = 10, its underside flat. A car driving under it crosses no wall; only a car whose road is up at
// the beam's height (ground 7 m) goes through it.
TEST(TunnellingCheck, AGantryOverTheRoadIsAWallOnlyAtItsOwnHeight) {
  Scene scene = scene_from_walls("open-road", {});
  const auto quad = [&](Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
    scene.triangles.push_back({a, b, c});
    scene.triangles.push_back({a, c, d});
  };
  quad({10, -8, 6}, {10, 8, 6}, {10, 8, 8}, {10, -8, 8});     // the face towards the car
  quad({10, -8, 6}, {10.5, -8, 6}, {10.5, 8, 6}, {10, 8, 6});  // the flat underside
  TunnellingCheck check(scene, sedans(1));
  std::vector<Tunnelling> out;
  const std::vector<StateVector> before{at(9, 0)}, after{at(11, 0)};
  check.check(before, after, on_ground(1), 0.1, out);
  EXPECT_TRUE(out.empty()) << "wall " << (out.empty() ? 0 : out[0].feature);
  check.check(before, after, on_ground(1, 7.0 - 0.55), 0.2, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].feature, 0);  // the first collision triangle: the beam's face
}

TEST(TunnellingCheck, ACarThroughAnotherIsNamedAndCarsThatMeetAreNot) {
  const Scene scene = scene_from_walls("open-road", {});
  TunnellingCheck check(scene, sedans(2));
  std::vector<Tunnelling> out;
  // Car 0 from behind car 1 to in front of it in one step (both heading east).
  check.check(std::vector<StateVector>{at(0, 0), at(6, 0)}, std::vector<StateVector>{at(12, 0), at(7, 0)}, on_ground(2),
              1.0, out);
  ASSERT_EQ(out.size(), 2u);  // each CG went through the other's body
  EXPECT_EQ(out[0].other + out[1].other, 1);
  out.clear();
  // Bumper to bumper, not through.
  check.check(std::vector<StateVector>{at(0, 0), at(6, 0)}, std::vector<StateVector>{at(1.5, 0), at(6.2, 0)}, on_ground(2),
              2.0, out);
  EXPECT_TRUE(out.empty());
}

// With the force applied one step late, a car at 300 m/s and dt = 0.1 s ends its first contact step 17 m
// past the wall: the run fails on no_tunnelling, naming the wall and the step's end.
TEST(TunnellingCheck, ARunThatLetsACarThroughFailsNamingTheWallAndTime) {
  const nlohmann::json doc = {{"name", "through"},
                              {"scene", "straight-wall"},
                              {"response", {{"model", "restitution"}, {"restitution", 0.5}, {"friction", 0.0}}},
                              {"application", "force"},
                              {"dynamics", "free-body"},
                              {"dt", 0.1},
                              {"duration", 0.5},
                              {"vehicles", {{{"params", "sedan"}, {"position", {100.0, 40.0}}, {"heading_deg", -90.0},
                                             {"speed", 300.0}}}}};
  const RunResult r = run_case(parse_case(doc, "through.json"));
  EXPECT_EQ(r.status, CaseStatus::kFailed);
  ASSERT_FALSE(r.tunnelling.empty());
  // A collision triangle of the barrier (numbered after the one analytic wall): where a scene has
  // triangles they are the walls the check cuts; the barrier's faces stand within 0.5 m of Y = 0.
  EXPECT_GE(r.tunnelling[0].feature, 1);
  EXPECT_LT(std::abs(r.tunnelling[0].wall.a_W.y()), 0.5);
  EXPECT_LT(std::abs(r.tunnelling[0].wall.b_W.y()), 0.5);
  // The bumper reaches the wall at (40 - 2.25) / 300 = 0.126 s, in the second step: it ends at 0.2 s.
  EXPECT_NEAR(r.tunnelling[0].time, 0.2, 1e-12);
  const auto& s = r.invariants[static_cast<std::size_t>(Invariant::kNoTunnelling)];
  EXPECT_GE(s.failed, 1);
  EXPECT_EQ(s.checked, 5);
}

// A car that starts astride the wall (CG 1 m short of it, its front 1.25 m through) and drives on into it:
// every detector reports the contact at the start of the first step, the normal on the CG's side, and the
// car never gets through.
TEST(TunnellingCheck, ACarStartingAstrideAWallIsStoppedByEveryDetector) {
  for (const auto& entry : detectors()) {
    const nlohmann::json doc = {{"name", "astride"},
                                {"scene", "straight-wall"},
                                {"detector", std::string(entry.name)},
                                {"response", {{"model", "restitution"}, {"restitution", 0.5}, {"friction", 0.0}}},
                                {"application", "reset"},
                                {"dynamics", "free-body"},
                                {"dt", 0.05},
                                {"duration", 0.5},
                                {"vehicles", {{{"params", "sedan"}, {"position", {100.0, 1.0}}, {"heading_deg", -90.0},
                                               {"speed", 50.0}}}}};
    const RunResult r = run_case(parse_case(doc, "astride.json"));
    ASSERT_FALSE(r.events.empty()) << entry.name;
    EXPECT_DOUBLE_EQ(r.events[0].time, 0.0) << entry.name;
    // Towards the CG (the triangle detectors merge both faces of the wall box: slightly tilted).
    EXPECT_GT(r.events[0].contact.normal_W.y(), 0.9) << entry.name;
    EXPECT_TRUE(r.tunnelling.empty()) << entry.name;
    EXPECT_GT(r.tracks[0].states.back().position_W.y(), 0) << entry.name;
    EXPECT_EQ(r.status, CaseStatus::kPassed) << entry.name;
  }
}

}  // namespace
}  // namespace crashbench
