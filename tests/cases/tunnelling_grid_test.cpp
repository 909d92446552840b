// Swept detection end to end (docs/swept-detection.md): a free-body car driven into a wall at 10 to
// 300 m/s with steps of 1 to 100 ms, head-on and at 10 degrees, into the straight wall, a two-sided quad
// (a scene file, hit from either side) and the L-rail, with every registered detector. Each run must
// report its impact at the time computed here by hand (constant velocity until the first corner
// touches the wall line) within dt/100, keep the CG on its side of the wall, and pass every invariant.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/scene_source.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// A wall line the car drives at: a point on it and its unit normal towards the car [m, W].
struct Target {
  std::string scene_name;  // for messages
  nlohmann::json scene;    // the case's "scene" field
  Vec2 point_W;            // where the car's path meets the wall
  Vec2 normal_W;           // unit, towards the car
  std::vector<double> angles_deg = {90.0, 10.0};  // to the wall; the end wall is too short for 10 degrees
};

/// One vertical quad along Y = 0, X from -50 to 250 m, 0 to 1.5 m high, written as a scene file (in this
/// process's own folder: ctest runs this file's tests at once).
std::string quad_file() {
  const std::string path = (testing::temp_folder("tunnelling-grid") / "quad.osgt").string();
  MeshBuilder mesh("quad", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  mesh.quad({-50, 0, 0}, {250, 0, 0}, {250, 0, 1.5}, {-50, 0, 1.5});
  write_scene_graph(*mesh.finish(), path);
  return path;
}

std::vector<Target> targets() {
  const nlohmann::json quad = {{"file", quad_file()}};
  return {{"straight-wall", "straight-wall", {100, 0}, {0, 1}},
          {"quad, north face", quad, {100, 0}, {0, 1}},
          {"quad, south face", quad, {100, 0}, {0, -1}},
          {"l-rail side wall", "l-rail", {60, 0}, {0, 1}},
          {"l-rail end wall", "l-rail", {100, 20}, {-1, 0}, {90.0}}};
}

/// The car heads into the wall at `angle_deg` to it (90 = head-on), running along +X or +Y as it goes.
struct GridRun {
  Case c;
  double crossing = 0;  // when the first corner reaches the wall line, by hand [s]
};

GridRun make_run(const Target& target, double angle_deg, double speed, double dt, const std::string& detector) {
  const nlohmann::json doc = {{"name", "tunnelling-grid"},
                              {"scene", target.scene},
                              {"detector", detector},
                              {"response", {{"model", "restitution"}, {"restitution", 0.5}, {"friction", 0.0}}},
                              {"application", "reset"},
                              {"dynamics", "free-body"},
                              {"integrator", "rk4"},
                              {"dt", dt},
                              {"duration", 1.0},
                              {"vehicles", {{{"params", "sedan"}, {"position", {0.0, 0.0}}, {"heading_deg", 0.0}, {"speed", 1.0}}}}};
  GridRun run{parse_case(doc, "tunnelling-grid.json"), 0};
  const Vec2 n = target.normal_W, along = Vec2(std::abs(n.y()), std::abs(n.x()));  // +X or +Y along the wall
  const Vec2 direction = -n * std::sin(angle_deg * kDegToRad) + along * std::cos(angle_deg * kDegToRad);
  const double heading = std::atan2(direction.y(), direction.x());
  // The corner deepest along -n sets the first touch: its offset from the CG along n.
  const RectangleSize& s = run.c.vehicles[0].params.body;
  double lowest = 0;
  for (double x : {s.cg_to_front, -s.cg_to_rear})
    for (double y : {0.5 * s.width, -0.5 * s.width}) lowest = std::min(lowest, n.dot(rotation(heading) * Vec2(x, y)));
  // Contact 2.37 steps in (not on a step boundary), near target.point_W.
  run.crossing = 2.37 * dt;
  const Vec2 velocity = speed * direction;
  PlanarState& initial = run.c.vehicles[0].initial;
  initial.position_W = target.point_W + n * (-lowest - n.dot(velocity) * run.crossing) - along * (along.dot(velocity) * run.crossing);
  initial.heading = heading;
  initial.velocity_W = velocity;
  initial.yaw_rate = 0;
  run.c.duration = run.crossing + 3 * dt;
  return run;
}

TEST(TunnellingGrid, EveryDetectorMeetsTheWallAtTheHandComputedTimeAndKeepsTheCarOut) {
  int runs = 0;
  for (const Target& target : targets()) {
    for (const auto& entry : detectors()) {
      for (double angle : target.angles_deg)
        for (double speed : {10.0, 30.0, 100.0, 300.0})
          for (double dt : {0.001, 0.01, 0.05, 0.1}) {
            const std::string where = target.scene_name + " " + std::string(entry.name) + " angle " +
                                      std::to_string(angle) + " speed " + std::to_string(speed) + " dt " + std::to_string(dt);
            GridRun run = make_run(target, angle, speed, dt, std::string(entry.name));
            RunResult r;
            try {
              r = run_case(run.c);
            } catch (const Error& e) {
              // A detector may refuse a scene it cannot read (analytic on a file without wall footprints),
              // with a message; it must never run blind.
              ASSERT_TRUE(build_scene(run.c.scene).walls.empty()) << where << ": " << e.what();
              continue;
            }
            ++runs;
            ASSERT_FALSE(r.events.empty()) << where << ": no impact reported";
            const ImpactEvent& first = r.events.front();
            EXPECT_EQ(first.contact.other, kStaticScene) << where;
            EXPECT_GT(first.contact.normal_W.dot(target.normal_W), 0.99) << where << ": normal from the wrong side";
            EXPECT_NEAR(first.time, run.crossing, dt / 100) << where;
            const Vec2 cg = r.tracks[0].states.back().position_W;
            EXPECT_GT(target.normal_W.dot(cg - target.point_W), 0) << where << ": the CG ended beyond the wall";
            EXPECT_TRUE(r.tunnelling.empty()) << where << ": passed through at " << r.tunnelling.front().time << " s";
            EXPECT_EQ(r.status, CaseStatus::kPassed) << where;
          }
    }
  }
  EXPECT_GE(runs, 6 * 5 * 4 * 4);  // every detector on the generated scenes at least
}

// The sweep's substeps, bisection and the re-sweep after an impact allocate nothing per step with our own
// detectors (the osg ones allocate inside OpenSceneGraph, measured in bench/detect_bench instead).
TEST(TunnellingGrid, SweepingAFastSpinningCarAllocatesNothingPerStep) {
  for (const char* detector : {"tree", "analytic", "brute-force"}) {
    GridRun run = make_run(targets()[0], 10.0, 300.0, 0.1, detector);
    Simulation sim(run.c);
    const int steps = static_cast<int>(std::llround(run.c.duration / run.c.dt));
    const testing::AllocationScope scope;
    while (sim.steps_done() < steps) sim.step();
    EXPECT_EQ(scope.allocations(), 0) << detector;
    EXPECT_GE(sim.events().size(), 2u) << detector;  // the corner hit and the spin's second hit
  }
}

}  // namespace
}  // namespace crashbench
