// The step's vehicle pairs (detectors/broadphase/step_pairs.hpp): from the candidates, the pairs of the start and
// end poses, of every pose between and of those poses grown as the sweep grows them are the pairs
// VehiclePairs' own grid finds, contact for contact in the same order; a subset and skipped candidates
// leave out just those pairs; a pair neither of whose poses changed is not tested again (sleeping pairs);
// index_of answers as a map does, in any order of lookups.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numbers>
#include <random>

#include "detectors/broadphase/step_pairs.hpp"
#include "detectors/swept.hpp"
#include "tests/detectors/analytic_test_support.hpp"

namespace crashbench {
namespace {

/// `count` sedan-sized cars in a 30 m square with their start and end poses: moves of up to `move` [m]
/// and turns of up to `turn` [rad], so that many pairs touch at one end and not the other.
struct Layout {
  std::vector<VehiclePose> start, end;
};
Layout random_layout(int count, double move, double turn, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Layout l;
  for (int i = 0; i < count; ++i) {
    const double x = 15 * unit(random), y = 15 * unit(random), h = std::numbers::pi * unit(random);
    l.start.push_back(testing::make_pose(x, y, h, 2.0 + 0.5 * unit(random), 2.5, 1.8));
    l.end.push_back(l.start.back());
    l.end.back().position_W += move * Vec2(unit(random), unit(random));
    l.end.back().heading += turn * unit(random);
  }
  return l;
}

/// The pose a fraction `f` along, grown by what its points move over `span` of the step (the sweep's query).
VehiclePose swept_pose(const VehiclePose& a, const VehiclePose& b, double f, double span) {
  VehiclePose p = interpolate(a, b, f);
  const double growth = span > 0 ? 0.5 * span * pose_motion(a, b) + 1e-9 : 0.0;
  p.size.cg_to_front += growth;
  p.size.cg_to_rear += growth;
  p.size.width += 2 * growth;
  return p;
}

void expect_same(const std::vector<Contact>& got, const std::vector<Contact>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t k = 0; k < want.size(); ++k) {
    EXPECT_EQ(got[k].vehicle, want[k].vehicle) << what;
    EXPECT_EQ(got[k].other, want[k].other) << what;
    EXPECT_EQ(got[k].point_W, want[k].point_W) << what;
    EXPECT_EQ(got[k].normal_W, want[k].normal_W) << what;
    EXPECT_EQ(got[k].depth, want[k].depth) << what;
    EXPECT_EQ(got[k].feature, want[k].feature) << what;
  }
}

TEST(StepPairs, EveryPoseTheSweepTestsGivesTheGridsPairs) {
  for (const auto& [move, turn] : {std::pair{0.0, 0.0}, {0.3, 0.1}, {3.0, 1.0}, {12.0, 3.0}}) {
    const Layout l = random_layout(120, move, turn, 29);
    StepPairs step;
    DetectorStats stats;
    step.find(l.start, l.end, stats);
    VehiclePairs grid;
    std::size_t touching = 0;
    for (const double f : {0.0, 0.125, 0.5, 0.9, 1.0})
      for (const double span : {0.0, 0.25, 1.0}) {
        std::vector<VehiclePose> poses;
        for (std::size_t v = 0; v < l.end.size(); ++v) poses.push_back(swept_pose(l.start[v], l.end[v], f, span));
        std::vector<Contact> want, got;
        grid.detect(poses, want, stats);
        step.contacts(poses, got, stats);
        expect_same(got, want, "move " + std::to_string(move) + " f " + std::to_string(f) + " span " + std::to_string(span));
        touching += want.size();
      }
    EXPECT_GT(touching, 100u) << "the layout must have touching pairs";
  }
}

TEST(StepPairs, APairWhosePosesHaveNotChangedIsNotTestedAgainAndGivesTheSameContact) {
  const Layout l = random_layout(120, 0.0, 0.0, 31);
  StepPairs step;
  DetectorStats stats;
  step.find(l.start, l.end, stats);
  std::vector<Contact> first, again;
  step.contacts(l.end, first, stats);
  const int tested = stats.primitives_tested;
  ASSERT_GT(first.size(), 20u) << "the layout must have touching pairs";
  step.contacts(l.end, again, stats);
  EXPECT_EQ(stats.primitives_tested, tested) << "no pair moved: no test";
  expect_same(again, first, "the same poses again");

  // One car turned by the last bit of its heading, one a bit wider: only their pairs are tested again, and
  // every contact is what a fresh grid finds.
  std::vector<VehiclePose> moved = l.end;
  moved[3].heading = std::nextafter(moved[3].heading, 10.0);
  moved[7].size.width = std::nextafter(moved[7].size.width, 10.0);
  int pairs_of_moved = 0;
  for (const auto& [a, b] : step.candidates()) pairs_of_moved += a == 3 || b == 3 || a == 7 || b == 7;
  ASSERT_GT(pairs_of_moved, 0);
  std::vector<Contact> got, want;
  step.contacts(moved, got, stats);
  EXPECT_GT(stats.primitives_tested, tested);
  EXPECT_LE(stats.primitives_tested - tested, pairs_of_moved);
  VehiclePairs grid;
  grid.detect(moved, want, stats);
  expect_same(got, want, "two cars moved");
}

TEST(StepPairs, ASubsetAndSkippedCandidatesLeaveOutJustThosePairs) {
  const Layout l = random_layout(150, 1.0, 0.3, 7);
  StepPairs step;
  DetectorStats stats;
  step.find(l.start, l.end, stats);
  std::vector<char> selected(l.end.size());
  std::vector<VehiclePose> subset;
  std::vector<int> ids;
  for (std::size_t v = 0; v < l.end.size(); ++v)
    if ((selected[v] = v % 3 != 0)) subset.push_back(l.end[v]), ids.push_back(static_cast<int>(v));
  // Every other candidate skipped: the grid's pairs of the subset less those.
  std::vector<Contact> want, all, got;
  VehiclePairs grid;
  grid.detect(subset, all, stats);
  std::vector<int> index;
  step.contacts(l.end, selected, [](std::size_t i) { return i % 2 == 1; }, got, &index, stats);
  ASSERT_EQ(index.size(), got.size());
  std::size_t cursor = 0;
  for (Contact c : all) {
    c.vehicle = ids[static_cast<std::size_t>(c.vehicle)];
    c.other = ids[static_cast<std::size_t>(c.other)];
    if (step.index_of(c.vehicle, c.other, cursor) % 2 == 0) want.push_back(c);
  }
  expect_same(got, want, "subset, skipping odd candidates");
  for (std::size_t k = 0; k < got.size(); ++k)
    EXPECT_EQ(step.candidates()[static_cast<std::size_t>(index[k])], std::pair(got[k].vehicle, got[k].other));
  EXPECT_GT(want.size(), 20u);
}

TEST(StepPairs, IndexOfAnswersAsAMapInAnyOrder) {
  const Layout l = random_layout(200, 2.0, 0.5, 3);
  StepPairs step;
  DetectorStats stats;
  step.find(l.start, l.end, stats);
  std::map<std::pair<int, int>, int> reference;
  for (std::size_t i = 0; i < step.candidates().size(); ++i) reference[step.candidates()[i]] = static_cast<int>(i);
  ASSERT_GT(reference.size(), 100u);
  std::vector<std::pair<int, int>> lookups;
  for (int a = 0; a < 200; a += 3)
    for (int b = a + 1; b < 200; b += 2) lookups.emplace_back(a, b);  // most are no candidate
  for (const auto& [pair, index] : reference) lookups.push_back(pair);
  for (int order = 0; order < 3; ++order) {
    if (order == 1) std::sort(lookups.begin(), lookups.end());
    if (order == 2) std::shuffle(lookups.begin(), lookups.end(), std::mt19937(5));
    std::size_t cursor = 0;
    for (const auto& [a, b] : lookups) {
      const auto it = reference.find({a, b});
      ASSERT_EQ(step.index_of(a, b, cursor), it == reference.end() ? -1 : it->second) << a << " " << b << " order " << order;
    }
  }
}

TEST(StepPairs, HoldsTheBoxesInsideItsStepBoxesOnly) {
  const Layout l = random_layout(50, 1.0, 0.2, 11);
  StepPairs step;
  DetectorStats stats;
  step.find(l.start, l.end, stats);
  std::vector<Box2> boxes;
  for (const VehiclePose& p : l.end) {
    Box2& box = boxes.emplace_back();
    rectangle_bounds(p, box.lo, box.hi);
  }
  EXPECT_TRUE(step.holds(boxes));
  boxes[17].hi.x() += 100;
  EXPECT_FALSE(step.holds(boxes));
  boxes.pop_back();
  EXPECT_FALSE(step.holds(boxes));
}

// A step's start rectangle is bounded anew unless the step starts, bit for bit, where the last one ended
// (then the last end's bounds stand): a second step from the first's end, and one from elsewhere (a reset
// moved the cars back), give the candidates and step boxes of a StepPairs that never saw the first.
TEST(StepPairs, TheLastStepsEndBoundsServeOnlyAStepThatStartsThere) {
  const Layout first = random_layout(80, 1.0, 0.3, 5);
  const Layout later = random_layout(80, 1.0, 0.3, 6);
  Layout from_end = later;
  from_end.start = first.end;
  for (const Layout& second : {from_end, later}) {
    StepPairs continued, fresh;
    DetectorStats stats;
    continued.find(first.start, first.end, stats);
    continued.find(second.start, second.end, stats);
    fresh.find(second.start, second.end, stats);
    EXPECT_EQ(continued.candidates(), fresh.candidates());
    std::vector<Box2> start_bounds;
    for (const VehiclePose& p : second.start) {
      Box2& box = start_bounds.emplace_back();
      rectangle_bounds(p, box.lo, box.hi);
    }
    EXPECT_TRUE(continued.holds(start_bounds)) << "every start rectangle inside its step box";
  }
}

}  // namespace
}  // namespace crashbench
