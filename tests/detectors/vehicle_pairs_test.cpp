// The vehicle-pair pass every detector shares (Detector::detect_all): every registered detector reports
// exactly the pairs an all-pairs check finds, on random layouts, on cars touching along grid cell borders,
// and on huge and tiny cars together; and it allocates nothing once sized. The broad phase's bounds
// contain the placed rectangles.
#include <gtest/gtest.h>

#include <limits>
#include <numbers>
#include <random>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/detectors/analytic_test_support.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

constexpr auto pose = testing::make_pose;

/// The pair contacts of every pair a < b, testing all of them, in (a, b) order.
std::vector<Contact> all_pairs(const std::vector<VehiclePose>& poses) {
  std::vector<Contact> out;
  for (std::size_t a = 0; a < poses.size(); ++a)
    for (std::size_t b = a + 1; b < poses.size(); ++b) {
      Contact c;
      if (!rectangle_contact(place_rectangle(poses[a]), place_rectangle(poses[b]), c)) continue;
      c.vehicle = static_cast<int>(a);
      c.other = static_cast<int>(b);
      out.push_back(c);
    }
  return out;
}

/// `detector`'s contacts between vehicles, in its order.
std::vector<Contact> pairs_from(const std::string& detector, const Scene& scene, const std::vector<VehiclePose>& poses,
                                DetectorStats& stats) {
  auto d = make_detector(detector);
  d->prepare(scene, static_cast<int>(poses.size()));
  d->reserve_pairs(static_cast<int>(poses.size()));
  std::vector<Contact> out, pairs;
  d->detect_all(poses, out, stats);
  for (const Contact& c : out)
    if (c.other != kStaticScene) pairs.push_back(c);
  return pairs;
}

void expect_all_detectors_find_all_pairs(const std::vector<VehiclePose>& poses, const std::string& layout) {
  const Scene scene = make_registered_scene("l-rail");  // walls and triangles: every detector reads it
  const std::vector<Contact> want = all_pairs(poses);
  ASSERT_GT(want.size(), 3u) << layout << ": the layout must have touching pairs";
  for (const std::string& name : testing::detector_names()) {
    DetectorStats stats;
    const std::vector<Contact> got = pairs_from(name, scene, poses, stats);
    ASSERT_EQ(got.size(), want.size()) << name << " on " << layout;
    for (std::size_t k = 0; k < want.size(); ++k) {
      EXPECT_EQ(got[k].vehicle, want[k].vehicle) << name << " on " << layout;
      EXPECT_EQ(got[k].other, want[k].other) << name << " on " << layout;
      EXPECT_EQ(got[k].point_W, want[k].point_W) << name << " on " << layout;
      EXPECT_EQ(got[k].normal_W, want[k].normal_W) << name << " on " << layout;
      EXPECT_EQ(got[k].depth, want[k].depth) << name << " on " << layout;
    }
  }
}

TEST(VehiclePairs, EveryDetectorFindsThePairsAllPairsFindsOnRandomLayouts) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi), overhang(1, 3), width(1.4, 2.6);
  for (const double side : {15.0, 40.0, 90.0}) {
    std::uniform_real_distribution<double> x(5, 5 + side), y(5, 5 + side);
    std::vector<VehiclePose> poses;
    for (int i = 0; i < 150; ++i) poses.push_back(pose(x(rng), y(rng), angle(rng), overhang(rng), overhang(rng), width(rng)));
    expect_all_detectors_find_all_pairs(poses, "random in " + std::to_string(side) + " m");
  }
}

TEST(VehiclePairs, CarsTouchingAlongCellBordersAreFoundOnce) {
  // Equal axis-aligned cars 4 m x 2 m (the grid's cells are then 4 m): rows of cars bumper to bumper whose
  // ends meet exactly on the lines x = 4k, with every other row shifted half a car, and the rows touching
  // side to side on y = 2k; the closed rectangles touch, so each meeting is a contact of depth 0.
  std::vector<VehiclePose> poses;
  for (int row = 0; row < 6; ++row)
    for (int k = 0; k < 8; ++k) {
      const double shift = row % 2 == 0 ? 0.0 : 2.0;
      poses.push_back(pose(20 + 4 * k + 2 + shift, 8 + 2 * row + 1, 0, 2, 2, 2));
    }
  expect_all_detectors_find_all_pairs(poses, "touching on cell borders");
}

TEST(VehiclePairs, HugeAndTinyCarsTogether) {
  // Mostly tiny cars (0.3 m) in a 30 m square, with three 60 m ones across it (tested against every car)
  // and a few 6 m ones: each kind meets each other kind.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> x(10, 40), y(10, 40), angle(-std::numbers::pi, std::numbers::pi);
  std::vector<VehiclePose> poses;
  for (int i = 0; i < 200; ++i) poses.push_back(pose(x(rng), y(rng), angle(rng), 0.15, 0.15, 0.3));
  for (int i = 0; i < 3; ++i) poses.push_back(pose(25, 15 + 8 * i, 0.3 * i, 30, 30, 2));
  for (int i = 0; i < 10; ++i) poses.push_back(pose(x(rng), y(rng), angle(rng), 3, 3, 2));
  expect_all_detectors_find_all_pairs(poses, "huge and tiny");
}

TEST(VehiclePairs, CarsWhosePlanesLieMoreThanALevelApartNeverMeet) {
  // Two sedans crossing at right angles, their footprints overlapping, with the second car's road at each
  // height: a bridge deck 7 m up (and one just past kLevelSeparation) keeps them apart, a grade's difference
  // (and one just inside it) does not, nor does a road unknown under either.
  const Scene scene = make_registered_scene("l-rail");
  const auto crossing = [](double ground_a, double ground_b) {
    std::vector<VehiclePose> poses{pose(0, 0, 0, 2.25, 2.45, 1.8), pose(0.5, 0.3, std::numbers::pi / 2, 2.25, 2.45, 1.8)};
    poses[0].ground_z = ground_a;
    poses[1].ground_z = ground_b;
    return poses;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const std::string& name : testing::detector_names()) {
    for (const double apart : {7.0, kLevelSeparation + 1e-6, -7.0}) {
      DetectorStats stats;
      EXPECT_TRUE(pairs_from(name, scene, crossing(10.0, 10.0 + apart), stats).empty()) << name << ", " << apart << " m apart";
    }
    for (const auto& [ground_a, ground_b] : {std::pair{0.0, 0.8}, std::pair{0.0, kLevelSeparation - 1e-6}, std::pair{nan, 7.0},
                                             std::pair{7.0, nan}}) {
      DetectorStats stats;
      EXPECT_EQ(pairs_from(name, scene, crossing(ground_a, ground_b), stats).size(), 1u)
          << name << ", roads at " << ground_a << " and " << ground_b << " m";
    }
  }
}

TEST(VehiclePairs, BroadPhasePrunesAndAllocatesNothingOnceSized) {
  // 2,000 cars on a 1 km square: an all-pairs pass would make two million box tests.
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> x(0, 1000), angle(-std::numbers::pi, std::numbers::pi);
  std::vector<VehiclePose> poses;
  for (int i = 0; i < 2000; ++i) poses.push_back(pose(x(rng), x(rng), angle(rng), 2.5, 2.2, 1.8));
  const Scene scene = make_registered_scene("l-rail");
  for (const std::string& name : testing::detector_names()) {
    auto d = make_detector(name);
    if (!d->allocation_free()) continue;  // OpenSceneGraph's queries allocate
    d->prepare(scene, 2000);
    d->reserve_pairs(2000);
    std::vector<Contact> out;
    out.reserve(4000);
    DetectorStats stats;
    const testing::AllocationScope scope;
    for (int step = 0; step < 3; ++step) {
      out.clear();
      for (VehiclePose& p : poses) p.position_W.x() += 0.5;
      d->detect_all(poses, out, stats);
    }
    EXPECT_EQ(scope.allocations(), 0) << name;
    // The pair pass's own work: detect_all's less the scene query's.
    DetectorStats scene_only, both;
    d->detect(poses, out, scene_only);
    d->detect_all(poses, out, both);
    EXPECT_LT(both.nodes_visited - scene_only.nodes_visited, 20 * 2000) << name;  // a few box tests per car, not N
    EXPECT_GT(both.primitives_tested - scene_only.primitives_tested, 0) << name;  // some cars do touch
  }
}

TEST(RectangleBounds, ContainThePlacedCornersAndExceedThemByAMicrometreAtMost) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-5e3, 5e3), angle(-10.0, 10.0), extent(0.0, 6.0);
  for (int k = 0; k < 20000; ++k) {
    const VehiclePose p = pose(coord(rng), coord(rng), k % 8 == 0 ? (k / 8 % 8) * std::numbers::pi / 4 : angle(rng),
                               extent(rng), extent(rng), extent(rng));
    const PlacedRectangle r = place_rectangle(p);
    Vec2 lo, hi;
    rectangle_bounds(p, lo, hi);
    ASSERT_TRUE((lo.array() <= r.box_min_W.array()).all() && (hi.array() >= r.box_max_W.array()).all()) << k;
    EXPECT_LE((r.box_min_W - lo).maxCoeff(), 1.01e-6) << k;
    EXPECT_LE((hi - r.box_max_W).maxCoeff(), 1.01e-6) << k;
  }
}

}  // namespace
}  // namespace crashbench
