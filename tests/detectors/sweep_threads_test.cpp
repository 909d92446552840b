// The sweep split over threads (detectors/swept.hpp, SweepThreads): its searches for first touches run on
// each thread's own detector through probes (Detector::probe), which neither read nor leave a clear box,
// and are filed in key order, so that any split gives the contacts and the counted work of one thread.
// Every registered detector, on a fleet of motions laid side by side: cars that clip a wall's end or
// another car's corner between the step's start and end (found by the searches between tested poses),
// head-on pairs touching at the end (bisected), and free ones. The threads are run in reverse order, so
// that a result that depends on which range ran first shows.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <numbers>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/swept.hpp"

namespace crashbench {
namespace {

constexpr double kSpacing = 50;  // [m] between motions: far beyond any motion's reach
constexpr int kMotions = 24;     // of each kind
constexpr RectangleSize kSedan{2.0, 2.5, 1.8};

VehiclePose sedan_at(const Vec2& cg_W, double heading) {
  VehiclePose p;
  p.position_W = cg_W;
  p.heading = heading;
  p.cg_height = 0.55;
  p.ground_z = 0;
  p.size = kSedan;
  return p;
}

/// A fleet and the walls it clips. Car A heads along +X and moves (v, -v) over the step. In a clip, the
/// corner Q of an obstacle that extends towards +X and +Y from it (a wall's end, another car's rear-right
/// corner) starts `a` in front of A's front and `b` inside its left side: relative to A it moves (-v, +v),
/// enters through the front at v t = a and leaves through the left side at v t = b, so the two touch
/// only for t in (a/v, b/v), between the step's start and end, (b - a)/2 deep at most.
struct ClipFleet {
  std::vector<VehiclePose> start, end;
  std::vector<WallSegment> walls;

  void car(const Vec2& from_W, const Vec2& to_W, double heading) {
    start.push_back(sedan_at(from_W, heading));
    end.push_back(sedan_at(to_W, heading));
  }
  ClipFleet() {
    const double half_width = 0.5 * kSedan.width;
    for (int i = 0; i < kMotions; ++i) {
      const double v = 0.08 + 0.002 * i, a = 0.01 + 0.001 * i, b = a + 0.02 + 0.0005 * i;
      const Vec2 wall_car(0, kSpacing * 3 * i), pair_car(kSpacing, kSpacing * 3 * i);
      // A wall clip: the wall runs 20 m along +X from Q, in two pieces joined 1 cm from Q. Both are met,
      // one after the other: the touch found for the first explains the second, whose search a split
      // sweep made all the same (and must not count).
      const Vec2 q_W = wall_car + Vec2(kSedan.cg_to_front + a, half_width - b), joint_W = q_W + Vec2(0.01, 0);
      car(wall_car, wall_car + Vec2(v, -v), 0);
      walls.push_back({q_W, joint_W});
      walls.push_back({joint_W, q_W + Vec2(20, 0)});
      // A corner clip: car B, at rest, its rear-right corner at Q.
      car(pair_car, pair_car + Vec2(v, -v), 0);
      const Vec2 b_cg = pair_car + Vec2(kSedan.cg_to_front + a + kSedan.cg_to_rear, half_width - b + half_width);
      car(b_cg, b_cg, 0);
      // Head on, touching at the end v / 2 deep; and a car clear of everything.
      const Vec2 head_on(2 * kSpacing, kSpacing * 3 * i), gap = Vec2(0.5 * v, 0);
      car(head_on, head_on + Vec2(v, 0), 0);
      const Vec2 facing = head_on + Vec2(kSedan.cg_to_front * 2, 0) + gap + Vec2(v, 0);
      car(facing, facing - Vec2(v, 0), std::numbers::pi);
      car(head_on + Vec2(0, kSpacing), head_on + Vec2(v, kSpacing + v), 0.1);
    }
  }
};

/// `walls` as upright quads 1.5 m high (triangles) with their footprints (analytic).
Scene scene_of(const std::vector<WallSegment>& walls) {
  MeshBuilder mesh("clip-walls", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  for (const WallSegment& w : walls)
    mesh.quad({w.a_W.x(), w.a_W.y(), 0}, {w.b_W.x(), w.b_W.y(), 0}, {w.b_W.x(), w.b_W.y(), 1.5},
              {w.a_W.x(), w.a_W.y(), 1.5});
  return make_scene("clip-walls", mesh.finish(), walls);
}

/// Threads in name only: every range runs on the calling thread, the last range first, each on the
/// detector of its thread.
class ReversedThreads final : public SweepThreads {
 public:
  explicit ReversedThreads(std::vector<std::unique_ptr<Detector>>& detectors) : detectors_(detectors) {}
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override {
    detectors_[0]->detect(poses, out, stats);
  }
  void detect_grown_and_end(const Detector::GrownAndEnd& q, DetectorStats& stats) override {
    detectors_[0]->detect_grown_and_end(q, stats);
  }
  Detector& detector(int thread) override { return *detectors_[static_cast<std::size_t>(thread)]; }
  int size() const override { return static_cast<int>(detectors_.size()); }

 private:
  void run(std::size_t count, Job job, void* work) override {
    const std::size_t n = detectors_.size();
    for (std::size_t t = n; t-- > 0;) job(work, static_cast<int>(t), count * t / n, count * (t + 1) / n);
  }
  std::vector<std::unique_ptr<Detector>>& detectors_;
};

struct Swept {
  std::vector<Contact> contacts;
  DetectorStats stats;
  long long touches_between = 0, budget_spent = 0;
};

/// detect_swept of the fleet with `threads` detectors `name` (1: no threads).
Swept sweep_on(const std::string& name, int threads, const Scene& scene, const std::vector<VehiclePose>& start,
               const std::vector<VehiclePose>& end) {
  const int n = static_cast<int>(end.size());
  std::vector<std::unique_ptr<Detector>> detectors;
  for (int t = 0; t < threads; ++t) {
    detectors.push_back(make_detector(name));
    detectors.back()->prepare(scene, n);
    detectors.back()->reserve_pairs(n);
  }
  ReversedThreads split(detectors);
  SweepScratch scratch;
  scratch.prepare(n, threads);
  if (threads > 1) scratch.threads = &split;
  Swept r;
  detect_swept(*detectors[0], start, end, r.contacts, r.stats, scratch);
  r.touches_between = scratch.touches_between;
  r.budget_spent = scratch.budget_spent;
  return r;
}

bool same_bits(const Contact& a, const Contact& b) {
  const auto bits = [](const Contact& c) {
    return std::array<double, 6>{c.toi, c.depth, c.point_W.x(), c.point_W.y(), c.normal_W.x(), c.normal_W.y()};
  };
  const auto x = bits(a), y = bits(b);
  return a.vehicle == b.vehicle && a.other == b.other && a.feature == b.feature &&
         std::memcmp(x.data(), y.data(), sizeof x) == 0;
}

TEST(SweepThreads, ASplitSweepFindsTheContactsAndCountsTheWorkOfOneThread) {
  const ClipFleet fleet;
  const std::vector<VehiclePose>&start = fleet.start, &end = fleet.end;
  ASSERT_EQ(sweep_substeps(start, end), 1);  // one interval: its searches are what a split may get wrong
  const Scene scene = scene_of(fleet.walls);
  for (const auto& entry : detectors()) {
    const std::string name(entry.name);
    const Swept serial = sweep_on(name, 1, scene, start, end);
    // Every clip found between the step's start and end, every head-on pair touching at its end.
    EXPECT_EQ(serial.touches_between, 2 * kMotions) << name;
    EXPECT_GE(serial.contacts.size(), 3u * kMotions) << name;
    for (const int threads : {2, 3}) {
      const Swept split = sweep_on(name, threads, scene, start, end);
      const std::string what = name + " on " + std::to_string(threads) + " threads";
      ASSERT_EQ(split.contacts.size(), serial.contacts.size()) << what;
      for (std::size_t i = 0; i < serial.contacts.size(); ++i)
        EXPECT_TRUE(same_bits(split.contacts[i], serial.contacts[i])) << what << ": contact " << i;
      EXPECT_EQ(split.stats.nodes_visited, serial.stats.nodes_visited) << what;
      EXPECT_EQ(split.stats.primitives_tested, serial.stats.primitives_tested) << what;
      EXPECT_EQ(split.touches_between, serial.touches_between) << what;
      EXPECT_EQ(split.budget_spent, serial.budget_spent) << what;
    }
  }
}

/// Work one query of `pose` counted, by detect() or probe().
long long work_of(Detector& d, bool probe, const VehiclePose& pose, std::vector<Contact>& out) {
  DetectorStats stats;
  out.clear();
  probe ? d.probe(std::span(&pose, 1), out, stats) : d.detect(std::span(&pose, 1), out, stats);
  return stats.nodes_visited + stats.primitives_tested;
}

/// The probes' scene, a wall along y = 0 from x = 0 to 60 m, and the registered detector `name` prepared
/// for it.
const Scene& probe_wall() {
  static const Scene scene = scene_of({{{0, 0}, {60, 0}}});
  return scene;
}
std::unique_ptr<Detector> fresh_at_probe_wall(const std::string& name) {
  std::unique_ptr<Detector> d = make_detector(name);
  d->prepare(probe_wall(), 1);
  return d;
}

TEST(DetectorProbe, NeitherReadsNorLeavesAClearBox) {
  const VehiclePose open = sedan_at({30, 3}, 0);  // 2 m clear of the wall, within reach of its cells
  const VehiclePose touching = sedan_at({30, 0.5}, 0);
  const auto fresh = fresh_at_probe_wall;
  std::vector<Contact> out, by_probe;
  int spared_somewhere = 0;
  for (const auto& entry : detectors()) {
    const std::string name(entry.name);
    auto boxed = fresh(name);
    const long long first = work_of(*boxed, false, open, out);
    spared_somewhere += work_of(*boxed, false, open, out) < first;  // a box, where the detector keeps one
    EXPECT_EQ(work_of(*boxed, true, open, out), first) << name << ": the probe read the box";
    auto probed = fresh(name);
    EXPECT_EQ(work_of(*probed, true, open, out), first) << name;
    EXPECT_EQ(work_of(*probed, false, open, out), first) << name << ": the probe left a box";
    work_of(*probed, false, touching, out);
    work_of(*probed, true, touching, by_probe);
    ASSERT_EQ(by_probe.size(), out.size()) << name;
    ASSERT_FALSE(out.empty()) << name;
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_TRUE(same_bits(by_probe[i], out[i])) << name << ": contact " << i;
  }
  EXPECT_GT(spared_somewhere, 0) << "no registered detector kept a box: the test shows nothing";
}

/// Work one probe_slots() of `pose` at slot 0 counted.
long long slot_probe_work(Detector& d, const VehiclePose& pose, std::vector<Contact>& out) {
  DetectorStats stats;
  out.clear();
  d.probe_slots(0, std::span(&pose, 1), out, stats);
  return stats.nodes_visited + stats.primitives_tested;
}

TEST(DetectorProbe, OfASlotReadsItsBoxesForTheSameContactsAndLeavesNone) {
  // A car sliding along the wall in 5 cm steps, pressed 5 cm into it, keeps a box at slot 0 where the
  // detector keeps one (the tree: the wall's triangles); probes of the next poses at slot 0 may answer from
  // it, with probe()'s contacts, and a probe of a fresh detector's slot leaves nothing for detect() to read.
  const auto fresh = fresh_at_probe_wall;
  std::vector<Contact> out, by_probe;
  int read_somewhere = 0;
  for (const auto& entry : detectors()) {
    const std::string name(entry.name);
    auto sliding = fresh(name);
    for (double x = 20; x < 25; x += 0.05) work_of(*sliding, false, sedan_at({x, -0.85}, 0), out);
    for (double x = 25; x < 26; x += 0.05) {
      const VehiclePose next = sedan_at({x, -0.85}, 0);
      const long long read = slot_probe_work(*sliding, next, by_probe);
      const long long probed = work_of(*sliding, true, next, out);
      EXPECT_LE(read, probed) << name << " at x = " << x;
      read_somewhere += read < probed;
      ASSERT_FALSE(out.empty()) << name;
      ASSERT_EQ(by_probe.size(), out.size()) << name;
      for (std::size_t i = 0; i < out.size(); ++i) EXPECT_TRUE(same_bits(by_probe[i], out[i])) << name << " at x = " << x;
    }
    auto probed = fresh(name);
    const VehiclePose open = sedan_at({30, 3}, 0);
    const long long first = work_of(*fresh(name), false, open, out);
    slot_probe_work(*probed, open, out);
    slot_probe_work(*probed, open, out);
    EXPECT_EQ(work_of(*probed, false, open, out), first) << name << ": the probe left a box";
  }
  EXPECT_GT(read_somewhere, 0) << "no registered detector read a box: the test shows nothing";
}

}  // namespace
}  // namespace crashbench
