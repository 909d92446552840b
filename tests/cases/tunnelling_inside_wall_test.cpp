// The crossing rule (docs/swept-detection.md): the first time in a step at which an edge of a car's
// rectangle crosses a collision face is reported whatever the end pose, in particular when the step ends
// with the CG inside a solid wall. A seeded grid of free-body runs: walls 0.05-1 m thick, closed boxes
// (with a top face a car's CG can end under) and one-sided quads, with and without ground, head-on to
// grazing, 10-300 m/s, dt 1-100 ms, yaw rates up to 10 rad/s, each run arranged so that, unimpeded, a
// step would end with the CG inside the wall (or, for a quad, just behind it). Every registered detector
// must report the impact within dt/100 of the first contact computed here (a long-double root of the
// corners' distance to the wall's face), keep the CG out and never pass silently.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr double kInsideWallHeight = 1.5;  // [m], above every CG plane
constexpr double kInsideWallX0 = -500, kInsideWallX1 = 500;  // the wall's ends [m]: far from every hit

/// A wall along Y = 0 whose front face looks to +Y, `thickness` deep towards -Y: a closed box (front,
/// back, top and end caps) or, with thickness 0, a one-sided quad; with `ground`, a floor at Z = 0.
std::string inside_wall_file(double thickness, bool ground) {
  const std::string name = "wall-" + std::to_string(thickness) + (ground ? "-ground" : "");
  const std::string path = (testing::temp_folder("inside-wall") / (name + ".osgt")).string();
  if (std::filesystem::exists(path)) return path;
  MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  const double h = kInsideWallHeight, t = -thickness;
  for (double x = kInsideWallX0; x < kInsideWallX1; x += 20) {  // panels of 20 m, as a modeller would cut them
    mesh.quad({x, 0, 0}, {x + 20, 0, 0}, {x + 20, 0, h}, {x, 0, h});
    if (thickness == 0) continue;
    mesh.quad({x + 20, t, 0}, {x, t, 0}, {x, t, h}, {x + 20, t, h});
    mesh.quad({x, 0, h}, {x + 20, 0, h}, {x + 20, t, h}, {x, t, h});
  }
  if (thickness > 0) {
    mesh.quad({kInsideWallX0, t, 0}, {kInsideWallX0, 0, 0}, {kInsideWallX0, 0, h}, {kInsideWallX0, t, h});
    mesh.quad({kInsideWallX1, 0, 0}, {kInsideWallX1, t, 0}, {kInsideWallX1, t, h}, {kInsideWallX1, 0, h});
  }
  if (ground)
    for (double x = kInsideWallX0; x < kInsideWallX1; x += 50) mesh.quad({x, -50, 0}, {x + 50, -50, 0}, {x + 50, 50, 0}, {x, 50, 0});
  write_scene_graph(*mesh.finish(), path);
  return path;
}

/// One run of the grid: the car's motion and the time of its first contact with the wall's face.
struct InsideDraw {
  double thickness, angle_deg, speed, dt, yaw_rate, depth_fraction;
  bool ground;
};

std::string describe_draw(const InsideDraw& d, std::string_view detector) {
  return std::string(detector) + " thickness " + std::to_string(d.thickness) + (d.ground ? " (ground)" : "") +
         " angle " + std::to_string(d.angle_deg) + " speed " + std::to_string(d.speed) + " dt " +
         std::to_string(d.dt) + " yaw rate " + std::to_string(d.yaw_rate);
}

/// The car's free motion: CG linear, heading linear from `heading0` (the free body's exact motion).
struct FreeMotion {
  Vec2 cg0, velocity;
  double heading0, yaw_rate;
  RectangleSize size;
  /// The lowest corner's Y at time t [m], in long double: the wall's face is Y = 0.
  long double lowest_y(long double t) const {
    const long double psi = heading0 + yaw_rate * t, c = std::cos(psi), s = std::sin(psi);
    long double lowest = 1e300L;
    for (double x : {size.cg_to_front, -size.cg_to_rear})
      for (double y : {0.5 * size.width, -0.5 * size.width}) lowest = std::min(lowest, cg0.y() + velocity.y() * t + s * x + c * y);
    return lowest;
  }
  /// The first time in [0, until] at which a corner reaches Y = 0, by conservative advancement: no corner
  /// moves along Y faster than |v_y| + |yaw rate| reach, so none can reach the face sooner than the lowest
  /// one's height over that bound, and each advance by it is safe (a root is never stepped over).
  double first_contact(double until) const {
    const long double reach = std::hypot(std::max(size.cg_to_front, size.cg_to_rear), 0.5 * size.width);
    const long double bound = std::abs(velocity.y()) + std::abs(yaw_rate) * reach;
    long double t = 0;
    for (long double gap = lowest_y(t); gap > 1e-12L && t < until; gap = lowest_y(t)) t += gap / bound;
    return static_cast<double>(t);
  }
};

struct InsideRun {
  Case c;
  FreeMotion motion;
  double contact = 0;  // first contact, by hand [s]
};

InsideRun make_inside_run(const InsideDraw& d, const std::string& detector) {
  const nlohmann::json doc = {{"name", "inside-wall"},
                              {"scene", {{"file", inside_wall_file(d.thickness, d.ground)}}},
                              {"detector", detector},
                              {"response", {{"model", "restitution"}, {"restitution", 0.3}, {"friction", 0.0}}},
                              {"application", "reset"},
                              {"dynamics", "free-body"},
                              {"integrator", "rk4"},
                              {"dt", d.dt},
                              {"duration", 1.0},
                              {"vehicles", {{{"params", "sedan"}, {"position", {0.0, 0.0}}, {"heading_deg", 0.0}, {"speed", 1.0}}}}};
  InsideRun run{parse_case(doc, "inside-wall.json"), {}, 0};
  FreeMotion& m = run.motion;
  m.size = run.c.vehicles[0].params.body;
  const double angle = d.angle_deg * kDegToRad;
  m.velocity = d.speed * Vec2(std::cos(angle), -std::sin(angle));  // into the wall, along +X
  m.yaw_rate = d.yaw_rate;
  // Unimpeded, the step `k` ends with the CG `depth_fraction` of the way into the wall (behind a quad):
  // k is the first step that starts with the whole car clear of the face.
  const double reach = std::hypot(std::max(m.size.cg_to_front, m.size.cg_to_rear), 0.5 * m.size.width);
  const double per_step = d.speed * std::sin(angle) * d.dt, depth = d.depth_fraction * std::max(d.thickness, 0.2);
  const int k = std::max(3, static_cast<int>(std::ceil((reach + depth + 0.1) / per_step)) + 1);
  const double end_time = k * d.dt;
  const Vec2 cg_at_end(0, -depth);
  m.cg0 = cg_at_end - m.velocity * end_time;
  m.heading0 = std::atan2(m.velocity.y(), m.velocity.x()) - d.yaw_rate * end_time / 2;  // turning through the hit
  PlanarState& initial = run.c.vehicles[0].initial;
  initial.position_W = m.cg0;
  initial.heading = m.heading0;
  initial.velocity_W = m.velocity;
  initial.yaw_rate = m.yaw_rate;
  run.c.duration = end_time + 2 * d.dt;
  run.contact = m.first_contact(end_time);
  return run;
}

std::vector<InsideDraw> inside_draws(int count) {
  std::mt19937_64 rng(26);
  const auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  const auto log_uniform = [&](double lo, double hi) { return std::exp(uniform(std::log(lo), std::log(hi))); };
  std::vector<InsideDraw> out;
  for (int i = 0; i < count; ++i) {
    InsideDraw d;
    d.thickness = i % 5 == 0 ? 0.0 : std::vector<double>{0.05, 0.3, 0.6, 1.0}[static_cast<std::size_t>(i % 4)];
    d.ground = i % 3 == 0;
    d.angle_deg = i % 2 == 0 ? 90.0 : uniform(10, 89);
    d.speed = log_uniform(10, 300);
    d.dt = log_uniform(0.001, 0.1);
    d.yaw_rate = i % 4 == 1 ? 0.0 : uniform(-10, 10);
    d.depth_fraction = uniform(0.1, 0.9);
    out.push_back(d);
  }
  return out;
}

TEST(TunnellingInsideWall, EveryDetectorReportsTheFirstCrossingWhereverTheStepEnds) {
  const std::vector<InsideDraw> grid = inside_draws(60);
  std::map<std::string, int> runs;
  for (const auto& entry : detectors()) {
    const std::string detector(entry.name);
    for (const InsideDraw& d : grid) {
      const std::string where = describe_draw(d, detector);
      InsideRun run = make_inside_run(d, detector);
      ASSERT_GT(run.contact, 0) << where << ": the grid's own car starts in the wall";
      ASSERT_LT(run.contact, run.c.duration - 2 * d.dt) << where << ": the grid's own motion misses the wall";
      RunResult r;
      try {
        r = run_case(run.c);
      } catch (const Error& e) {
        // analytic reads wall footprints, which these files give; no detector may refuse them.
        FAIL() << where << ": " << e.what();
      }
      ++runs[detector];
      ASSERT_FALSE(r.events.empty()) << where << ": no impact, status " << to_string(r.status);
      EXPECT_NEAR(r.events.front().time, run.contact, d.dt / 100) << where;
      EXPECT_TRUE(r.tunnelling.empty()) << where << ": passed through at " << r.tunnelling.front().time << " s";
      for (const auto& state : r.tracks[0].states) EXPECT_GT(state.position_W.y(), 0) << where << ": the CG entered the wall";
    }
  }
  for (const auto& [detector, count] : runs) EXPECT_EQ(count, 60) << detector;
}

}  // namespace
}  // namespace crashbench
