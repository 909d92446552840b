// Box2D 2.4 (Debian libbox2d-dev) as the reference for scale_bench, as Embree is for detect_bench: the
// same layouts (bench/scale_layout.hpp, read through the case loader), each car a dynamic box of the
// sedan's rectangle with its mass, CG and yaw inertia set explicitly, the same initial velocities, and
// the scene's wall footprints (the segments the analytic detector reads) as two-sided static edges.
// No gravity (the plane is seen from above), no tyres. One b2World::Step per 5 ms with Box2D's usual
// 8 velocity and 3 position iterations; one iteration is one step, batches as in scale_bench.
//
//   build/release/bench/box2d_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <memory>

#include "bench/scale_layout.hpp"
#include "cases/loading/scene_source.hpp"

namespace crashbench::bench {
namespace {

constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;

b2Vec2 to_b2(const Vec2& v) { return {static_cast<float>(v.x()), static_cast<float>(v.y())}; }

/// A car: the rectangle about its CG (the body origin), the case's mass and yaw inertia about the CG.
void add_car(b2World& world, const VehicleSetup& v) {
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = to_b2(v.initial.position_W);
  def.angle = static_cast<float>(v.initial.heading);
  def.linearVelocity = to_b2(v.initial.velocity_W);
  def.angularVelocity = static_cast<float>(v.initial.yaw_rate);
  b2Body* body = world.CreateBody(&def);
  const RectangleSize& r = v.params.body;
  b2PolygonShape box;
  const float half_length = static_cast<float>(0.5 * (r.cg_to_front + r.cg_to_rear));
  box.SetAsBox(half_length, static_cast<float>(0.5 * r.width),
               b2Vec2(static_cast<float>(0.5 * (r.cg_to_front - r.cg_to_rear)), 0.0f), 0.0f);
  body->CreateFixture(&box, 1.0f);
  b2MassData mass;
  mass.mass = static_cast<float>(v.params.mass);
  mass.center.SetZero();
  mass.I = static_cast<float>(v.params.yaw_inertia);
  body->SetMassData(&mass);
}

/// A world holding `c`'s cars and its scene's walls.
std::unique_ptr<b2World> make_world(const Case& c, const std::vector<WallSegment>& walls) {
  auto world = std::make_unique<b2World>(b2Vec2(0.0f, 0.0f));
  b2BodyDef def;
  b2Body* ground = world->CreateBody(&def);
  for (const WallSegment& w : walls) {
    b2EdgeShape edge;
    edge.SetTwoSided(to_b2(w.a_W), to_b2(w.b_W));
    ground->CreateFixture(&edge, 0.0f);
  }
  for (const VehicleSetup& v : c.vehicles) add_car(*world, v);
  return world;
}

void BM_Box2dStep(benchmark::State& state, const std::string& layout) {
  const int n = static_cast<int>(state.range(0));
  const Case c = scale_case(layout, n);
  const std::vector<WallSegment> walls = build_scene(c.scene).walls;
  auto world = make_world(c, walls);
  int steps = 0;
  for (auto _ : state) {
    if (steps == scale_steps(layout)) {
      state.PauseTiming();
      world = make_world(c, walls);
      steps = 0;
      state.ResumeTiming();
    }
    world->Step(static_cast<float>(c.dt), kVelocityIterations, kPositionIterations);
    ++steps;
  }
  state.counters["vehicles"] = n;
  state.counters["walls"] = static_cast<double>(walls.size());
  state.counters["contacts"] = world->GetContactCount();
  state.counters["cpu_per_vehicle"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate |
                                                                          benchmark::Counter::kInvert);
}

const bool kRegistered = [] {
  for (const std::string layout : {"l-rail", "track", "traffic"})
    for (int n = layout == "traffic" ? 1000 : 10; n <= (layout == "traffic" ? 10000 : 100000); n *= 10)
      benchmark::RegisterBenchmark(("BM_Box2dStep/" + layout).c_str(), [=](benchmark::State& s) { BM_Box2dStep(s, layout); })
          ->Arg(n)
          ->Iterations(static_cast<benchmark::IterationCount>(scale_batches(n)) * scale_steps(layout))
          ->Unit(benchmark::kMicrosecond);
  return true;
}();

}  // namespace
}  // namespace crashbench::bench
