// Box2D 2.4 (Debian libbox2d-dev) as the reference for scale_bench, as Embree is for detect_bench: the
// same layouts (bench/scale_layout.hpp, read through the case loader), each car a dynamic box of the
// sedan's rectangle with its mass, CG and yaw inertia set explicitly, the same initial velocities, and
// the scene's wall footprints (the segments the analytic detector reads) as two-sided static edges.
// No gravity (the plane is seen from above), no tyres. One b2World::Step per 5 ms with Box2D's usual
// 8 velocity and 3 position iterations; one iteration is one step, batches as in scale_bench.
// BM_TrafficAgainstBox2d steps crashbench's traffic and Box2D's in alternating blocks of one run.
// CRASHBENCH_BENCH_SCENE=FILE (as for scale_bench) adds both for the lane traffic on that road
// (bench/lane_traffic.hpp), its walls the collision triangles cut at the cars' height (sliced_walls).
//
//   build/release/bench/box2d_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <map>
#include <memory>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "bench/lane_traffic.hpp"
#include "bench/medians.hpp"
#include "bench/scale_layout.hpp"
#include "cases/loading/scene_source.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/interference.hpp"

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

/// The drive's poses bucketed in square cells, for the pose nearest to a point.
class NearestPose {
 public:
  explicit NearestPose(std::span<const VehiclePose> poses) : poses_(poses) {
    for (std::size_t k = 0; k < poses.size(); ++k) cells_[cell_of(poses[k].position_W)].push_back(k);
  }
  /// The pose nearest to `p`: the rings of cells around p's, until the next ring lies farther from p
  /// (at least ring - 1 cells) than the nearest pose found.
  const VehiclePose& to(const Vec2& p) const {
    if (poses_.empty()) throw std::logic_error("NearestPose::to on an empty drive");
    const auto [i, j] = cell_of(p);
    double nearest = std::numeric_limits<double>::infinity();
    std::size_t best = 0;
    for (long ring = 0; !(static_cast<double>(ring - 1) * kCell > std::sqrt(nearest)); ++ring) {
      for (long di = -ring; di <= ring; ++di)
        for (long dj = -ring; dj <= ring; ++dj) {
          if (std::max(std::abs(di), std::abs(dj)) != ring) continue;
          const auto cell = cells_.find({i + di, j + dj});
          if (cell == cells_.end()) continue;
          for (const std::size_t k : cell->second) {
            const double d = (poses_[k].position_W - p).squaredNorm();
            if (d < nearest) nearest = d, best = k;
          }
        }
    }
    return poses_[best];
  }

 private:
  static constexpr double kCell = 10.0;  // [m]
  static std::pair<long, long> cell_of(const Vec2& p) {
    return {static_cast<long>(std::floor(p.x() / kCell)), static_cast<long>(std::floor(p.y() / kCell))};
  }
  std::span<const VehiclePose> poses_;
  std::map<std::pair<long, long>, std::vector<std::size_t>> cells_;
};

/// A file scene's walls as a 2D engine sees them: each collision triangle cut at the height of a car's
/// rectangle beside it (the road under the drive's nearest pose plus `cg_height`). crashbench cuts each
/// triangle at each car's own height instead; on a road that climbs, the two differ where a car is not
/// beside the pose nearest to the wall, which is rare for walls along the drive.
std::vector<WallSegment> sliced_walls(const BenchSceneFile& f, double cg_height) {
  const NearestPose nearest(f.drive);
  std::vector<WallSegment> walls;
  for (const Triangle& t : f.scene.triangles) {
    const double ground = nearest.to(((t.a_W + t.b_W + t.c_W) / 3.0).head<2>()).ground_z;
    WallSegment w;
    if (slice_triangle(t, ground + cg_height, w.a_W, w.b_W)) walls.push_back(w);
  }
  return walls;
}

/// Steps `c`'s cars among `walls` in Box2D, `steps` steps from the initial layout at a time (the world
/// rebuilt outside the timer), one iteration a step.
void step_world(benchmark::State& state, const Case& c, const std::vector<WallSegment>& walls, int steps) {
  const auto n = static_cast<double>(c.vehicles.size());
  auto world = make_world(c, walls);
  int stepped = 0;
  for (auto _ : state) {
    if (stepped == steps) {
      state.PauseTiming();
      world = make_world(c, walls);
      stepped = 0;
      state.ResumeTiming();
    }
    world->Step(static_cast<float>(c.dt), kVelocityIterations, kPositionIterations);
    ++stepped;
  }
  state.counters["vehicles"] = n;
  state.counters["walls"] = static_cast<double>(walls.size());
  state.counters["contacts"] = world->GetContactCount();  // pairs whose fattened boxes overlap
  int touching = 0;
  for (const b2Contact* k = world->GetContactList(); k; k = k->GetNext()) touching += k->IsTouching() ? 1 : 0;
  state.counters["touching"] = touching;  // after the last step
  state.counters["cpu_per_vehicle"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate |
                                                                          benchmark::Counter::kInvert);
}

void BM_Box2dStep(benchmark::State& state, const std::string& layout) {
  const Case c = scale_case(layout, static_cast<int>(state.range(0)));
  step_world(state, c, build_scene(c.scene).walls, scale_steps(layout));
}

/// This thread's CPU time [s]: what the core gave it, not what its neighbours took.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

constexpr int kStepsABlock = 25;

/// crashbench's step of `c` against Box2D's at the same moments, the "in the same run": run one
/// after the other, scale_bench and this bench's BM_Box2dStep meet different minutes of a shared VM, and
/// the two do not slow down alike (Box2D 1,227 ns a body in a quiet hour, 2,500-3,600 in slow ones, where
/// crashbench's step doubled). One iteration is a block of kStepsABlock steps of the case (one thread)
/// and as many b2World::Step of the same cars among `walls`, the order reversed every block, each timed in
/// this thread's CPU time. The counters are medians over the blocks: each engine's time per step and
/// vehicle, and each block's own ratio.
void against_box2d(benchmark::State& state, const Case& c, const std::vector<WallSegment>& walls) {
  const auto cars = static_cast<double>(c.vehicles.size());
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
    ours.push_back(1e9 * crashbench_s / (kStepsABlock * cars));
    theirs.push_back(1e9 * box2d_s / (kStepsABlock * cars));
    ratio.push_back(crashbench_s / box2d_s);
  }
  state.counters["crashbench_ns_per_vehicle"] = median_of(ours);
  state.counters["box2d_ns_per_body"] = median_of(theirs);
  state.counters["vehicles"] = cars;
  state.counters["crashbench_over_box2d"] = median_of(ratio);
}

/// The 10,000-car traffic case (`tree`): its 32 blocks are the layout's 800 steps.
void BM_TrafficAgainstBox2d(benchmark::State& state) {
  const Case c = scale_case("traffic", 10'000, "tree");
  against_box2d(state, c, build_scene(c.scene).walls);
}
BENCHMARK(BM_TrafficAgainstBox2d)->Iterations(scale_steps("traffic") / kStepsABlock)->Unit(benchmark::kMillisecond);

/// The lane traffic on CRASHBENCH_BENCH_SCENE's road, in Box2D alone and in blocks against crashbench.
void register_file_traffic() {
  const std::string scene = bench_scene_label();
  if (scene.empty()) return;
  // The case and walls of the file, made on first use (the file's benchmarks may be filtered out).
  const auto lanes = [](benchmark::State& state, auto run) {
    const std::optional<Case> c = lane_traffic_or_skip(state);
    if (c) run(*c, sliced_walls(bench_scene_file(), c->vehicles.front().params.cg_height));
  };
  benchmark::RegisterBenchmark(("BM_Box2dStep/traffic/" + scene).c_str(), [=](benchmark::State& s) {
    lanes(s, [&](const Case& c, const std::vector<WallSegment>& walls) { step_world(s, c, walls, kLaneTrafficSteps); });
  })->Iterations(kLaneTrafficSteps)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark(("BM_TrafficAgainstBox2d/" + scene).c_str(), [=](benchmark::State& s) {
    lanes(s, [&](const Case& c, const std::vector<WallSegment>& walls) { against_box2d(s, c, walls); });
  })->Iterations(kLaneTrafficSteps / kStepsABlock)->Unit(benchmark::kMillisecond);
}

const bool kRegistered = [] {
  for (const std::string layout : {"l-rail", "track", "traffic"})
    for (int n = layout == "traffic" ? 1000 : 10; n <= (layout == "traffic" ? 10000 : 100000); n *= 10)
      benchmark::RegisterBenchmark(("BM_Box2dStep/" + layout).c_str(), [=](benchmark::State& s) { BM_Box2dStep(s, layout); })
          ->Arg(n)
          ->Iterations(static_cast<benchmark::IterationCount>(scale_batches(n)) * scale_steps(layout))
          ->Unit(benchmark::kMicrosecond);
  register_file_traffic();
  return true;
}();

}  // namespace
}  // namespace crashbench::bench
