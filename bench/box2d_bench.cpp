// Box2D 2.4 (Debian libbox2d-dev) as the reference for scale_bench, as Embree is for detect_bench: the
// same layouts (bench/scale_layout.hpp, read through the case loader), each car a dynamic box of the
// sedan's rectangle with its mass, CG and yaw inertia set explicitly, the same initial velocities, and
// the scene's wall footprints (the segments the analytic detector reads) as two-sided static edges.
// No gravity (the plane is seen from above), no tyres. One b2World::Step per 5 ms with Box2D's usual
// 8 velocity and 3 position iterations; one iteration is one step, batches as in scale_bench.
// BM_TrafficAgainstBox2d steps crashbench's traffic and Box2D's in alternating blocks of one run.
//
//   build/release/bench/box2d_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <ctime>
#include <memory>
#include <vector>

#include "bench/medians.hpp"
#include "bench/scale_layout.hpp"
#include "cases/loading/scene_source.hpp"
#include "cases/runner/simulation.hpp"

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

/// This thread's CPU time [s]: what the core gave it, not what its neighbours took.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// crashbench's traffic step against Box2D's at the same moments, the "in the same run": run one
/// after the other, scale_bench and this bench's BM_Box2dStep meet different minutes of a shared VM, and
/// the two do not slow down alike (Box2D 1,227 ns a body in a quiet hour, 2,500-3,600 in slow ones, where
/// crashbench's step doubled). One iteration is a block of kStepsABlock steps of the 10,000-car traffic
/// case (`tree`, one thread) and as many b2World::Step of the same layout, the order reversed every block,
/// each timed in this thread's CPU time; the 32 blocks are the layout's 800 steps. The counters are medians
/// over the blocks: each engine's time per step and vehicle, and each block's own ratio.
void BM_TrafficAgainstBox2d(benchmark::State& state) {
  constexpr int kCars = 10'000;
  constexpr int kStepsABlock = 25;
  const Case c = scale_case("traffic", kCars, "tree");
  const std::vector<WallSegment> walls = build_scene(c.scene).walls;
  auto sim = std::make_unique<Simulation>(c);
  auto world = make_world(c, walls);
  const auto timed = [](auto step) {
    const double start = thread_cpu_seconds();
    for (int i = 0; i < kStepsABlock; ++i) step();
    return thread_cpu_seconds() - start;
  };
  std::vector<double> ours, theirs, ratio;
  for (auto _ : state) {
    const auto crashbench_block = [&] { return timed([&] { sim->step(); }); };
    const auto box2d_block = [&] {
      return timed([&] { world->Step(static_cast<float>(c.dt), kVelocityIterations, kPositionIterations); });
    };
    double crashbench_s = 0, box2d_s = 0;
    if (ratio.size() % 2 == 0) {
      crashbench_s = crashbench_block(), box2d_s = box2d_block();
    } else {
      box2d_s = box2d_block(), crashbench_s = crashbench_block();
    }
    ours.push_back(1e9 * crashbench_s / (kStepsABlock * kCars));
    theirs.push_back(1e9 * box2d_s / (kStepsABlock * kCars));
    ratio.push_back(crashbench_s / box2d_s);
  }
  state.counters["crashbench_ns_per_vehicle"] = median_of(ours);
  state.counters["box2d_ns_per_body"] = median_of(theirs);
  state.counters["crashbench_over_box2d"] = median_of(ratio);
}
BENCHMARK(BM_TrafficAgainstBox2d)->Iterations(scale_steps("traffic") / 25)->Unit(benchmark::kMillisecond);

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
