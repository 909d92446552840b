// Head to head on the time-of-impact corpus (docs/swept-detection.md, "Head to head: FCL and Box2D"): the
// one-step rectangle motions of testkit/toi_corpus (seed 26, as the test; 10^4 motions, or
// CRASHBENCH_TOI_CORPUS) answered by crashbench's detect_swept (analytic and tree detectors), FCL 0.7's
// continuousCollide (naive sampling and conservative advancement) and Box2D 2.4's b2TimeOfImpact (as
// shipped, without radius, and with a skin that makes its target separation a touch). Each is scored
// against the corpus' long-double reference as tests/detectors/toi_corpus_test.cpp scores ours: misses
// (a hit 1 um deep not reported), false alarms (a motion 1 um clear reported), grazes reported, and the
// time error at dt = 5 ms (how far the time lies outside the reference's [first touch, 1 um deep]).
// One iteration is one motion and a run covers the corpus (`all`) or one kind of its motions once, so Time
// is the mean cost of one query; each method's inputs are built beforehand, outside the timer. The scores
// are counters of the `all` rows and, at the end, a table.
//
//   taskset -c 1 build/release/bench/toi_peers_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <box2d/b2_time_of_impact.h>
#include <box2d/box2d.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/math/motion/interp_motion.h>
#include <fcl/narrowphase/continuous_collision.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/swept.hpp"
#include "testkit/toi_corpus.hpp"

namespace crashbench::bench {
namespace {

constexpr double kEpsilon = toi::kRegionDepth;  // hit, graze and clear as the test has them [m]
constexpr double kDt = 0.005;                   // step the time errors are given at [s]
constexpr double kWallHeight = 1.5;             // the wall as a quad or box this high [m]

const std::vector<toi::Motion>& corpus() {
  static const std::vector<toi::Motion> motions = [] {
    const char* n = std::getenv("CRASHBENCH_TOI_CORPUS");
    return toi::make_corpus(n ? std::atoi(n) : 10000, 26);
  }();
  return motions;
}

/// A method's answer to one motion: a contact, its time [fraction of the step], and an outcome code the
/// method names (Box2D's output state), if it has any.
struct Answer {
  bool hit = false;
  double toi = 1;
  int outcome = 0;
};

/// A time-of-impact method over the corpus; its inputs for every motion are built at construction.
class Method {
 public:
  virtual ~Method() = default;
  virtual Answer solve(std::size_t motion) = 0;
  /// Names of the values Answer::outcome takes; none if it takes none.
  virtual std::span<const char* const> outcomes() const { return {}; }
};

/// Stops the bench unless a method moves `s` as the corpus does: `at_mid_step` takes a point of the
/// rectangle (body frame, about the CG) to where the method has it at mid-step [m, world frame].
template <class AtMidStep>
void check_motion(const char* method, std::size_t motion, const toi::Sweep& s, double tolerance, AtMidStep at_mid_step) {
  const double front = s.size.cg_to_front, rear = s.size.cg_to_rear, half = 0.5 * s.size.width;
  const std::array<Vec2, 4> body = {Vec2(front, half), Vec2(-rear, half), Vec2(-rear, -half), Vec2(front, -half)};
  const std::array<Vec2, 4> expected_W = toi::corners(s, 0.5);
  for (std::size_t k = 0; k < body.size(); ++k) {
    const double off = (at_mid_step(body[k]) - expected_W[k]).norm();
    if (off <= tolerance) continue;
    std::fprintf(stderr, "%s: motion %zu: corner %zu at mid-step %.3g m from the corpus' own\n", method, motion, k, off);
    std::abort();
  }
}

// ---- crashbench: the runner's swept detection, as the corpus test drives it

class Swept final : public Method {
 public:
  explicit Swept(std::string_view detector) : detector_(make_detector(detector)) {
    MeshBuilder mesh("toi-wall", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
    mesh.quad({toi::kWallX0, 0, 0}, {toi::kWallX1, 0, 0}, {toi::kWallX1, 0, kWallHeight}, {toi::kWallX0, 0, kWallHeight});
    detector_->prepare(make_scene("toi-wall", mesh.finish(), {{{toi::kWallX0, 0}, {toi::kWallX1, 0}}}), 2);
    detector_->reserve_pairs(2);
    scratch_.prepare(2);
    out_.reserve(64);
    for (const toi::Motion& m : corpus()) {
      start_.push_back({pose(m.a, m.a.cg0_W, m.a.heading0), pose(m.b, m.b.cg0_W, m.b.heading0)});
      end_.push_back({pose(m.a, m.a.cg1_W, m.a.heading1), pose(m.b, m.b.cg1_W, m.b.heading1)});
    }
  }
  Answer solve(std::size_t i) override {
    const std::size_t vehicles = corpus()[i].pair ? 2 : 1;
    out_.clear();
    detect_swept(*detector_, std::span(start_[i]).first(vehicles), std::span(end_[i]).first(vehicles), out_, stats_, scratch_);
    Answer a;
    for (const Contact& c : out_) a.hit = true, a.toi = std::min(a.toi, c.toi);
    return a;
  }

 private:
  static VehiclePose pose(const toi::Sweep& s, const Vec2& cg_W, double heading) {
    VehiclePose p;
    p.position_W = cg_W;
    p.heading = heading;
    p.cg_height = 0.55;
    p.ground_z = 0;
    p.size = s.size;
    return p;
  }
  std::unique_ptr<Detector> detector_;
  SweepScratch scratch_;
  std::vector<Contact> out_;
  DetectorStats stats_;
  std::vector<std::array<VehiclePose, 2>> start_, end_;
};

// ---- FCL 0.7: continuousCollide on boxes; no BVH (its conservative advancement fails on them, see the doc)

using Box = fcl::Box<double>;
using Motion = fcl::InterpMotion<double>;
/// The wall as a box this thick behind its face: FCL's conservative advancement takes shapes, not a quad.
constexpr double kFclWallThickness = 1e-6;  // [m]

class Fcl final : public Method {
 public:
  Fcl(fcl::CCDSolverType solver, std::size_t max_iterations)
      : request_(max_iterations, 1e-4, fcl::CCDM_LINEAR, fcl::GST_LIBCCD, solver),
        wall_(toi::kWallX1 - toi::kWallX0, kFclWallThickness, kWallHeight),
        wall_motion_(fcl::Matrix3d::Identity(), wall_centre(), fcl::Matrix3d::Identity(), wall_centre(), fcl::Vector3d::Zero()) {
    queries_.reserve(corpus().size());
    for (std::size_t i = 0; i < corpus().size(); ++i) {
      const toi::Motion& m = corpus()[i];
      Query& q = queries_.emplace_back(Query{box(m.a), box(m.b), motion(m.a), motion(m.b)});
      check(i, q.motion_a, m.a);
      if (m.pair) check(i, q.motion_b, m.b);
    }
  }
  Answer solve(std::size_t i) override {
    Query& q = queries_[i];
    const bool pair = corpus()[i].pair;
    // continuousCollide starts from a motion's current pose, which the last query left where it stopped.
    q.motion_a.integrate(0);
    (pair ? q.motion_b : wall_motion_).integrate(0);
    fcl::ContinuousCollisionResult<double> result;
    fcl::continuousCollide<double>(&q.a, &q.motion_a, pair ? &q.b : &wall_, pair ? &q.motion_b : &wall_motion_, request_, result);
    return {result.is_collide, result.time_of_contact};
  }

 private:
  struct Query {
    Box a, b;
    Motion motion_a, motion_b;
  };
  static fcl::Vector3d wall_centre() { return {0.5 * (toi::kWallX0 + toi::kWallX1), -0.5 * kFclWallThickness, 0}; }
  /// A rectangle as a box kWallHeight high about z = 0, centred between its bumpers (Box is centred on its origin).
  static Box box(const toi::Sweep& s) { return {s.size.cg_to_front + s.size.cg_to_rear, s.size.width, kWallHeight}; }
  static fcl::Vector3d box_centre_B(const toi::Sweep& s) { return {0.5 * (s.size.cg_to_front - s.size.cg_to_rear), 0, 0}; }
  /// CG linear and heading linear about the CG: InterpMotion turns about its reference point (the CG, in
  /// the box's frame) and moves that point linearly. Its (tf, tf) constructor leaves the reference point
  /// uninitialised and its (tf, tf, point) one computes no velocity, so the matrix one is used.
  static Motion motion(const toi::Sweep& s) {
    const fcl::Matrix3d r0 = Eigen::AngleAxisd(s.heading0, fcl::Vector3d::UnitZ()).toRotationMatrix();
    const fcl::Matrix3d r1 = Eigen::AngleAxisd(s.heading1, fcl::Vector3d::UnitZ()).toRotationMatrix();
    const fcl::Vector3d c = box_centre_B(s);
    return {r0, fcl::Vector3d(s.cg0_W.x(), s.cg0_W.y(), 0) + r0 * c, r1, fcl::Vector3d(s.cg1_W.x(), s.cg1_W.y(), 0) + r1 * c, -c};
  }
  /// The motion verified: at mid-step the box's corners are the corpus rectangle's (to 1 nm).
  static void check(std::size_t i, Motion& m, const toi::Sweep& s) {
    m.integrate(0.5);
    fcl::Transform3d tf;
    m.getCurrentTransform(tf);
    m.integrate(0);
    check_motion("fcl", i, s, 1e-9, [&](const Vec2& p) {
      const fcl::Vector3d p_W = tf * (fcl::Vector3d(p.x(), p.y(), 0) - box_centre_B(s));
      return Vec2(p_W.x(), p_W.y());
    });
  }
  fcl::ContinuousCollisionRequest<double> request_;
  Box wall_;
  Motion wall_motion_;
  std::vector<Query> queries_;
};

// ---- Box2D 2.4: b2TimeOfImpact in float, each motion about its first CG so that float keeps micrometres

/// Shapes as b2PolygonShape::SetAsBox and b2EdgeShape make them (skin radius b2_polygonRadius); the same
/// without radius; or each rectangle shrunk by a skin whose outside is the rectangle, so that the target
/// separation of b2TimeOfImpact (b2_linearSlop between the cores) is a touch of the rectangles.
enum class Box2dShapes { kShipped, kNoRadius, kSkin };

class Box2d final : public Method {
 public:
  explicit Box2d(Box2dShapes shapes) {
    queries_.reserve(corpus().size());
    for (std::size_t i = 0; i < corpus().size(); ++i) {
      const toi::Motion& m = corpus()[i];
      const Vec2 origin_W = m.a.cg0_W;
      // A pair shares b2_linearSlop between two skins; against the wall, which has none, the car has it all.
      const float skin = shapes != Box2dShapes::kSkin ? 0.0f : m.pair ? 0.5f * b2_linearSlop : b2_linearSlop;
      Query& q = queries_.emplace_back();
      q.a = polygon(m.a, skin, shapes);
      q.sweep_a = sweep(m.a, origin_W);
      check(i, q.sweep_a, m.a);
      if (m.pair) {
        q.b = polygon(m.b, skin, shapes);
        q.sweep_b = sweep(m.b, origin_W);
        check(i, q.sweep_b, m.b);
      } else {
        q.wall.SetTwoSided(to_b2(Vec2(toi::kWallX0, 0) - origin_W), to_b2(Vec2(toi::kWallX1, 0) - origin_W));
        if (shapes != Box2dShapes::kShipped) q.wall.m_radius = 0;
        q.sweep_b = sweep({}, Vec2::Zero());
      }
    }
  }
  Answer solve(std::size_t i) override {
    const Query& q = queries_[i];
    b2TOIInput input;
    input.proxyA.Set(&q.a, 0);
    input.proxyB.Set(corpus()[i].pair ? static_cast<const b2Shape*>(&q.b) : &q.wall, 0);
    input.sweepA = q.sweep_a;
    input.sweepB = q.sweep_b;
    input.tMax = 1;
    b2TOIOutput output;
    b2TimeOfImpact(&output, &input);
    // As b2World::SolveTOI reads it: only e_touching is a time of impact.
    return {output.state == b2TOIOutput::e_touching, output.t, static_cast<int>(output.state)};
  }
  std::span<const char* const> outcomes() const override { return kStates; }

 private:
  static constexpr std::array<const char*, 5> kStates = {"e_unknown", "e_failed", "e_overlapped", "e_touching", "e_separated"};
  struct Query {
    b2PolygonShape a, b;
    b2EdgeShape wall;
    b2Sweep sweep_a, sweep_b;
  };
  static b2Vec2 to_b2(const Vec2& v) { return {static_cast<float>(v.x()), static_cast<float>(v.y())}; }
  /// The rectangle about its CG (the body origin), its core shrunk by `skin` on every side, radius `skin`.
  static b2PolygonShape polygon(const toi::Sweep& s, float skin, Box2dShapes shapes) {
    b2PolygonShape p;
    const double half_length = 0.5 * (s.size.cg_to_front + s.size.cg_to_rear), centre = 0.5 * (s.size.cg_to_front - s.size.cg_to_rear);
    p.SetAsBox(static_cast<float>(half_length) - skin, static_cast<float>(0.5 * s.size.width) - skin,
               b2Vec2(static_cast<float>(centre), 0.0f), 0.0f);
    if (shapes != Box2dShapes::kShipped) p.m_radius = skin;
    return p;
  }
  /// The CG is the body origin (localCenter 0); the sweep spans the whole step (alpha0 0).
  static b2Sweep sweep(const toi::Sweep& s, const Vec2& origin_W) {
    return {b2Vec2_zero, to_b2(s.cg0_W - origin_W), to_b2(s.cg1_W - origin_W), static_cast<float>(s.heading0),
            static_cast<float>(s.heading1), 0.0f};
  }
  /// The sweep verified: at mid-step the rectangle's corners are the corpus' own (to float's 0.1 mm).
  static void check(std::size_t i, const b2Sweep& w, const toi::Sweep& s) {
    b2Transform xf;
    w.GetTransform(&xf, 0.5f);
    check_motion("box2d", i, s, 1e-4, [&](const Vec2& p) -> Vec2 {
      const b2Vec2 p_local = b2Mul(xf, to_b2(p));
      return corpus()[i].a.cg0_W + Vec2(p_local.x, p_local.y);
    });
  }
  std::vector<Query> queries_;
};

// ---- Scores

/// The reference's class of a motion: overlapping kEpsilon deep, within kEpsilon (a graze), or clear.
enum class Kind { kHit, kGraze, kClear };
constexpr std::array<const char*, 3> kKindNames = {"hits", "grazes", "clear"};

Kind kind(const toi::Motion& m) {
  const double d = m.reference.min_distance;
  return d <= -kEpsilon ? Kind::kHit : d < kEpsilon ? Kind::kGraze : Kind::kClear;
}

struct Score {
  int false_negatives = 0, false_alarms = 0, grazes_reported = 0, early = 0;
  std::vector<double> time_error_us;
  std::vector<int> outcomes;
};

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

/// The method's answer to every motion against the reference, as the corpus test scores detect_swept.
Score score(Method& method) {
  Score s;
  s.outcomes.assign(method.outcomes().size(), 0);
  for (std::size_t i = 0; i < corpus().size(); ++i) {
    const toi::Reference& r = corpus()[i].reference;
    const Answer a = method.solve(i);
    if (!s.outcomes.empty()) ++s.outcomes[static_cast<std::size_t>(a.outcome)];
    switch (kind(corpus()[i])) {
      case Kind::kClear: s.false_alarms += a.hit; break;
      case Kind::kGraze: s.grazes_reported += a.hit; break;
      case Kind::kHit:
        if (!a.hit) {
          ++s.false_negatives;
          break;
        }
        // Between the first touch and the first moment kEpsilon deep, or how far outside.
        const double early = r.toi - a.toi, late = a.toi - r.toi_deep;
        s.early += early > 0;
        s.time_error_us.push_back(std::max({early, late, 0.0}) * kDt * 1e6);
    }
  }
  return s;
}

struct Entry {
  std::string name;
  std::unique_ptr<Method> method;
  Score score;
  bool scored = false;
};

/// Times `entry` on `motions` (the corpus, or one kind of motion: a graze can cost far more than a hit);
/// the scores, over the whole corpus, go on the whole corpus' row.
void run(benchmark::State& state, Entry* entry, const std::vector<std::size_t>* motions) {
  // Scoring answers every motion once: the warm-up too.
  if (!entry->scored) entry->score = score(*entry->method), entry->scored = true;
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(entry->method->solve((*motions)[k]));
    if (++k == motions->size()) k = 0;
  }
  if (motions->size() != corpus().size()) return;
  const Score& s = entry->score;
  state.counters["misses"] = s.false_negatives;
  state.counters["false_alarms"] = s.false_alarms;
  state.counters["grazes_reported"] = s.grazes_reported;
  state.counters["early"] = s.early;
  state.counters["t_err_p50_us"] = percentile(s.time_error_us, 0.5);
  state.counters["t_err_p99_us"] = percentile(s.time_error_us, 0.99);
  state.counters["t_err_max_us"] = percentile(s.time_error_us, 1.0);
  for (std::size_t o = 0; o < s.outcomes.size(); ++o) state.counters[entry->method->outcomes()[o]] = s.outcomes[o];
}

void print_table(const std::vector<Entry>& entries, const std::array<std::vector<std::size_t>, 3>& by_kind) {
  std::printf("\ncorpus: %zu motions (seed 26): %zu hits, %zu grazes, %zu clear; time error at dt = 5 ms\n", corpus().size(),
              by_kind[0].size(), by_kind[1].size(), by_kind[2].size());
  std::printf("%-30s %7s %12s %15s %7s %10s %10s %10s\n", "method", "misses", "false alarms", "grazes reported", "early",
              "p50 [us]", "p99 [us]", "max [us]");
  for (const Entry& e : entries) {
    if (!e.scored) continue;
    const Score& s = e.score;
    std::printf("%-30s %7d %12d %15d %7d %10.3g %10.3g %10.3g", e.name.c_str(), s.false_negatives, s.false_alarms,
                s.grazes_reported, s.early, percentile(s.time_error_us, 0.5), percentile(s.time_error_us, 0.99),
                percentile(s.time_error_us, 1.0));
    for (std::size_t o = 0; o < s.outcomes.size(); ++o) std::printf(" %s %d", e.method->outcomes()[o], s.outcomes[o]);
    std::printf("\n");
  }
}

}  // namespace
}  // namespace crashbench::bench

int main(int argc, char** argv) {
  using namespace crashbench::bench;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::vector<std::size_t> all(corpus().size());
  std::array<std::vector<std::size_t>, 3> by_kind;
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i, by_kind[static_cast<std::size_t>(kind(corpus()[i]))].push_back(i);
  std::vector<Entry> entries;
  const auto add = [&](std::string name, std::unique_ptr<Method> method) {
    entries.push_back({std::move(name), std::move(method), {}, false});
  };
  add("crashbench/analytic", std::make_unique<Swept>("analytic"));
  add("crashbench/tree", std::make_unique<Swept>("tree"));
  // FCL's default request: 10 iterations, toc_err 1e-4; the naive solver samples min(10, 1 / toc_err) poses.
  add("fcl/naive/10_samples", std::make_unique<Fcl>(fcl::CCDC_NAIVE, 10));
  // Samples 1 us apart at dt = 5 ms: the time tolerance detect_swept is held to.
  add("fcl/naive/5001_samples", std::make_unique<Fcl>(fcl::CCDC_NAIVE, 5001));
  add("fcl/conservative_advancement", std::make_unique<Fcl>(fcl::CCDC_CONSERVATIVE_ADVANCEMENT, 10));
  add("box2d/shipped", std::make_unique<Box2d>(Box2dShapes::kShipped));
  add("box2d/no_radius", std::make_unique<Box2d>(Box2dShapes::kNoRadius));
  add("box2d/skin", std::make_unique<Box2d>(Box2dShapes::kSkin));
  for (Entry& e : entries) {
    benchmark::RegisterBenchmark((e.name + "/all").c_str(), run, &e, &all)->Iterations(static_cast<benchmark::IterationCount>(all.size()));
    for (std::size_t k = 0; k < by_kind.size(); ++k)
      benchmark::RegisterBenchmark((e.name + "/" + kKindNames[k]).c_str(), run, &e, &by_kind[k])
          ->Iterations(static_cast<benchmark::IterationCount>(by_kind[k].size()));
  }
  benchmark::RunSpecifiedBenchmarks();
  print_table(entries, by_kind);
  benchmark::Shutdown();
  return 0;
}
