// The runner takes a step's grown query over the whole step with its end query (sweep_grown_first), and
// queries at the end only the vehicles the grown query did not know clear (Detector::detect_grown_and_end).
// That order must give, step by step, the contacts the end query first gave:
// along every driven scene with every registered detector, on a fleet that touches walls and itself; and
// where the grown rectangle holds a thin post whole while the end rectangle's edge crosses it (the post
// crosses no edge of the grown rectangle, so that query finds nothing there and must not call it clear).
#include <gtest/gtest.h>

#include <osg/Group>

#include "detectors/broadphase/step_pairs.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/swept.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

/// One detector stepping a fleet the way the runner does, in one of the two orders.
struct Stepper {
  std::unique_ptr<Detector> detector;
  StepPairs pairs;
  SweepScratch scratch;
  DetectorStats stats;
  long long skipped = 0, grown_first_steps = 0;

  Stepper(const std::string& name, const Scene& scene, int vehicles) : detector(make_detector(name)) {
    detector->prepare(scene, vehicles);
    detector->reserve_pairs(vehicles);
    pairs.reserve(vehicles);
    scratch.prepare(vehicles);
  }
  /// The end query, then the sweep (the order before sweep_grown_first).
  std::vector<Contact> end_first(std::span<const VehiclePose> start, std::span<const VehiclePose> end) {
    pairs.find(start, end, stats);
    std::vector<Contact> out;
    detector->detect(end, out, stats);
    pairs.contacts(end, out, stats);
    scratch.pairs = &pairs;
    detector->sweep(start, end, out, stats, scratch);
    return out;
  }
  /// The grown query first, the end query of the vehicles it did not know clear, then the sweep.
  std::vector<Contact> grown_first(std::span<const VehiclePose> start, std::span<const VehiclePose> end) {
    pairs.find(start, end, stats);
    scratch.pairs = &pairs;
    std::vector<Contact> out;
    if (sweep_grown_first(*detector, start, end, out, stats, scratch)) {
      ++grown_first_steps;
      for (std::size_t v = 0; v < end.size(); ++v) skipped += scratch.clear[v] && scratch.skippable[v];
    } else {
      detector->detect(end, out, stats);
    }
    pairs.contacts(end, out, stats);
    scratch.pairs = &pairs;
    detector->sweep(start, end, out, stats, scratch);
    return out;
  }
};

/// Compares the two orders over the steps of `fleet` (fleet[k][v]: vehicle v at step k), `before` and
/// `after` built with detector `name`; returns the steps with contacts.
int expect_same_steps(const std::string& name, const std::vector<std::vector<VehiclePose>>& fleet, Stepper& before,
                      Stepper& after, std::string_view what) {
  int touching = 0;
  for (std::size_t k = 1; k < fleet.size(); ++k) {
    const std::vector<Contact> want = before.end_first(fleet[k - 1], fleet[k]);
    const std::vector<Contact> got = after.grown_first(fleet[k - 1], fleet[k]);
    touching += !want.empty();
    EXPECT_TRUE(testing::same_contacts(got, want))
        << what << " " << name << " step " << k << ": " << got.size() << " against " << want.size();
  }
  return touching;
}

TEST(GrownFirst, EveryDetectorGivesTheContactsOfTheEndQueryFirstAlongEveryDrive) {
  long long skipped = 0, grown_first_steps = 0;
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    if (scene.triangles.size() > 9000) continue;  // the scaled copies add only time
    std::vector<VehiclePose> drive = entry->drive();
    follow_surface(scene, drive);  // as the runner does: a pose without its road has a plane of its own
    // Three cars along the drive a third of it apart, and a fourth beside the first, overlapping it: the
    // walls, and a vehicle pair at every step.
    const std::size_t third = drive.size() / 3;
    std::vector<std::vector<VehiclePose>> fleet;
    for (std::size_t i = 0; i + 2 * third < drive.size(); ++i) {
      VehiclePose beside = drive[i];
      beside.position_W += Vec2(-std::sin(beside.heading), std::cos(beside.heading));
      fleet.push_back({drive[i], drive[i + third], drive[i + 2 * third], beside});
    }
    for (const std::string& name : testing::detector_names()) {
      Stepper before(name, scene, 4), after(name, scene, 4);
      EXPECT_GT(expect_same_steps(name, fleet, before, after, entry->name), 2) << entry->name << " " << name;
      skipped += after.skipped, grown_first_steps += after.grown_first_steps;
    }
  }
  // The drives weave 0.1 m a pose along the L-rail and the wall: steps that need no substeps, where the
  // cars away from the walls are known clear.
  EXPECT_GT(grown_first_steps, 1000);
  EXPECT_GT(skipped, 100) << grown_first_steps << " steps";
}

/// A road along X between barriers, and a post 5 cm square, 1 m tall, standing at X = 30 on its middle.
Scene post_scene() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  testing::add_road_between_barriers(*root, -20, 100, 8);
  testing::add_object(*root, "post", [](MeshBuilder& m) {
    const double a = 29.975, b = 30.025, c = -0.025, d = 0.025;
    m.quad({a, c, 0}, {b, c, 0}, {b, c, 1}, {a, c, 1});
    m.quad({b, c, 0}, {b, d, 0}, {b, d, 1}, {b, c, 1});
    m.quad({b, d, 0}, {a, d, 0}, {a, d, 1}, {b, d, 1});
    m.quad({a, d, 0}, {a, c, 0}, {a, c, 1}, {a, d, 1});
    m.quad({a, c, 1}, {b, c, 1}, {b, d, 1}, {a, d, 1});  // its top: a post, not a sprite's vertical card
  });
  return make_scene("post", root, {});
}

TEST(GrownFirst, APostTheGrownRectangleHoldsWholeIsNoClearRoad) {
  const Scene scene = post_scene();
  // A car driving over the post at 30 m/s (0.15 m a 5 ms step), its CG from X = 25.1 to 36: the post
  // passes the front bumper within a step (inside the grown rectangle whole: not met, as a wall that fits
  // inside a car is none, docs/swept-detection.md), lies inside, and leaves through the rear bumper, which
  // runs through it at the end of the step to CG X = 32.6.
  std::vector<std::vector<VehiclePose>> fleet;
  for (int k = 0; k * 0.15 <= 11; ++k) {
    fleet.push_back({drive_pose({25.1 + 0.15 * k, 0}, 0)});
    follow_surface(scene, fleet.back());
  }
  // That step: its grown rectangle reaches back to the start's rear edge, 0.15 m behind the end's, and
  // holds the post whole.
  const VehiclePose start = drive_pose({32.45, 0}, 0), end = drive_pose({32.6, 0}, 0);
  for (const std::string& name : testing::triangle_detector_names()) {
    Stepper before(name, scene, 1), after(name, scene, 1);
    EXPECT_GE(expect_same_steps(name, fleet, before, after, "post"), 1) << name;
    auto fresh = make_detector(name);
    fresh->prepare(scene, 1);
    DetectorStats stats;
    std::vector<Contact> at_end, grown;
    fresh->detect(std::span(&end, 1), at_end, stats);
    EXPECT_EQ(at_end.size(), 1u) << name << ": the end rectangle's rear edge crosses the post";
    const GrowthRates rate = growth_rates(start, end);
    VehiclePose whole = interpolate(start, end, 0.5);
    whole.size.cg_to_front += 0.5 * rate.along, whole.size.cg_to_rear += 0.5 * rate.along;
    whole.size.width += rate.across;
    char clear = 1, skippable = 1;
    std::vector<Contact> end_again;
    fresh->detect_grown_and_end({std::span(&whole, 1), std::span(&end, 1), std::span(&skippable, 1), &grown, &end_again,
                                 std::span(&clear, 1)},
                                stats);
    EXPECT_TRUE(grown.empty()) << name << ": the post crosses no edge of the grown rectangle";
    EXPECT_EQ(clear, 0) << name << ": yet it lies inside it";
    EXPECT_TRUE(testing::same_contacts(end_again, at_end)) << name;
  }
}

TEST(GrownFirst, EachListIsWhatDetectGivesAndAClearPoseHidesNothing) {
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    if (scene.triangles.size() > 9000) continue;
    std::vector<VehiclePose> end = entry->drive();
    follow_surface(scene, end);
    // Each pose grown by 0.2 m along and 0.05 m across, its end pose inside; every other one skippable.
    std::vector<VehiclePose> grown = end;
    std::vector<char> skippable(end.size()), clear(end.size());
    for (std::size_t v = 0; v < end.size(); ++v) {
      grown[v].size.cg_to_front += 0.2, grown[v].size.cg_to_rear += 0.2, grown[v].size.width += 0.1;
      skippable[v] = v % 2;
    }
    for (const std::string& name : testing::detector_names()) {
      auto both = make_detector(name), fresh = make_detector(name);
      both->prepare(scene, static_cast<int>(end.size()));
      fresh->prepare(scene, static_cast<int>(end.size()));
      DetectorStats stats;
      std::vector<Contact> grown_got, end_got, grown_want, end_want;
      both->detect_grown_and_end({grown, end, skippable, &grown_got, &end_got, clear}, stats);
      fresh->detect(grown, grown_want, stats);
      EXPECT_TRUE(testing::same_contacts(grown_got, grown_want)) << entry->name << " " << name;
      int known_clear = 0;
      for (std::size_t v = 0; v < end.size(); ++v) {
        if (!clear[v]) continue;
        ++known_clear;
        std::vector<Contact> inside;
        fresh->detect(std::span(&end[v], 1), inside, stats);
        EXPECT_TRUE(inside.empty()) << entry->name << " " << name << " pose " << v << " is clear, yet meets something";
      }
      fresh->detect(end, end_want, stats);
      std::erase_if(end_want, [&](const Contact& c) {
        const auto v = static_cast<std::size_t>(c.vehicle);
        return clear[v] && skippable[v];
      });
      EXPECT_GT(end_want.size(), 2u) << entry->name << " " << name;
      EXPECT_TRUE(testing::same_contacts(end_got, end_want)) << entry->name << " " << name << ", " << known_clear
                                                             << " clear";
    }
  }
}

}  // namespace
}  // namespace crashbench
