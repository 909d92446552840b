// `--threads N` changes nothing but speed: 240 sedans in facing pairs along the L-rail's side wall
// (tests/cases/crowd_case.hpp), which crash into each other and spin into the wall, run with every
// registered detector on 1 and 7 threads (and one detector on 2), give the same physics hash, the same events in the same
// order bit for bit, and the same final states. The cars are listed in a scrambled order so that every
// thread's vehicle range holds cars that reach the wall, and partners sit in different ranges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/cases/crowd_case.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

constexpr int kCars = 240;
constexpr double kDuration = 1.5;  // the pairs meet after about 0.8 s, the first rows then reach the wall
constexpr int kStride = 77;        // coprime to kCars: listed car i is the crowd's car (i * kStride) % kCars

/// The crowd with `detector` and `application`, its cars listed in the scrambled order.
Case scrambled_crowd(const std::string& detector, const std::string& application) {
  nlohmann::json doc = testing::l_rail_crowd(kCars, application, kDuration);
  nlohmann::json cars = nlohmann::json::array();
  for (int i = 0; i < kCars; ++i) cars.push_back(doc["vehicles"][(i * kStride) % kCars]);
  doc["vehicles"] = cars;
  doc["detector"] = detector;
  return parse_case(doc, "threads.json");
}

/// What a run computed, doubles by their bits so that -0.0 and 0.0 differ.
struct Outcome {
  std::uint64_t hash = 0;
  std::vector<std::uint64_t> event_bits;      // per event: the fields below, in order
  std::vector<std::uint64_t> final_state_bits;
  long long primitives_tested = 0, steps_without_surface = 0;
  std::size_t tunnelling = 0;
  int pair_events = 0, wall_events = 0;
  std::vector<int> at_wall;  // the vehicles with a wall event
};

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

Outcome run_on(const Case& c, int threads) {
  Simulation sim(c, threads);
  const RunResult r = sim.run();
  Outcome o;
  o.hash = r.physics_hash.value_or(0);
  for (const ImpactEvent& e : r.events) {
    const Contact& k = e.contact;
    for (const double x : {static_cast<double>(e.step), static_cast<double>(k.vehicle), static_cast<double>(k.other),
                           static_cast<double>(k.feature), k.toi, k.depth, k.point_W.x(), k.point_W.y(),
                           k.normal_W.x(), k.normal_W.y(), e.resolution.impulse.linear_W.x(),
                           e.resolution.impulse.linear_W.y(), e.post_a.state.velocity_W.x(),
                           e.post_a.state.velocity_W.y(), e.post_a.state.yaw_rate})
      o.event_bits.push_back(bits(x));
    ++(e.two_body() ? o.pair_events : o.wall_events);
    if (!e.two_body()) o.at_wall.push_back(k.vehicle);
  }
  for (std::size_t v = 0; v < c.vehicles.size(); ++v) {
    const PlanarState s = sim.state(static_cast<int>(v));
    for (const double x : {s.position_W.x(), s.position_W.y(), s.heading, s.velocity_W.x(), s.velocity_W.y(), s.yaw_rate})
      o.final_state_bits.push_back(bits(x));
  }
  o.primitives_tested = r.detector_primitives_tested;
  o.steps_without_surface = r.steps_without_surface;
  o.tunnelling = r.tunnelling.size();
  return o;
}

void expect_same(const Outcome& got, const Outcome& want, const std::string& what) {
  EXPECT_EQ(got.hash, want.hash) << what;
  ASSERT_EQ(got.event_bits.size(), want.event_bits.size()) << what;
  for (std::size_t i = 0; i < want.event_bits.size(); ++i)
    ASSERT_EQ(got.event_bits[i], want.event_bits[i]) << what << ": event " << i / 15 << ", field " << i % 15;
  EXPECT_EQ(got.final_state_bits, want.final_state_bits) << what;
  EXPECT_EQ(got.primitives_tested, want.primitives_tested) << what;
  EXPECT_EQ(got.steps_without_surface, want.steps_without_surface) << what;
  EXPECT_EQ(got.tunnelling, want.tunnelling) << what;
}

TEST(ThreadsDeterminism, EveryDetectorGivesTheSameRunOnAnyThreadCount) {
  for (const std::string& detector : testing::detector_names()) {
    const Case c = scrambled_crowd(detector, "reset");
    const Outcome serial = run_on(c, 1);
    ASSERT_NE(serial.hash, 0u) << detector;
    // A run the split could get wrong: contacts between cars of different ranges and with the walls.
    EXPECT_GE(serial.pair_events, kCars / 2) << detector;
    // Seven threads (ranges of 34 and 35 cars, uneven, each holding pairs split across ranges); two, the
    // common split, is BothApplications' below. Every count for every detector cost CI a minute.
    for (const int threads : {7}) {
      // A run the split could get wrong: wall contacts found in every range.
      for (int t = 0; t < threads; ++t) {
        const std::pair<std::size_t, std::size_t> range = thread_range(t, threads, kCars);
        const auto in_range = [&](int v) { return static_cast<std::size_t>(v) >= range.first && static_cast<std::size_t>(v) < range.second; };
        EXPECT_TRUE(std::any_of(serial.at_wall.begin(), serial.at_wall.end(), in_range))
            << detector << ": no car of range " << t << " of " << threads << " reaches the wall";
      }
      expect_same(run_on(c, threads), serial, detector + " on " + std::to_string(threads) + " threads");
    }
  }
}

TEST(ThreadsDeterminism, BothApplicationsGiveTheSameRunOnAnyThreadCount) {
  for (const std::string application : {"reset", "force"}) {
    const Case c = scrambled_crowd("tree", application);
    const Outcome serial = run_on(c, 1);
    for (const int threads : {2, 7}) expect_same(run_on(c, threads), serial, application + " on " + std::to_string(threads));
  }
}

TEST(ThreadsDeterminism, AThreadedStepAllocatesNothing) {
  for (const std::string detector : {"analytic", "tree"}) {
    Simulation sim(scrambled_crowd(detector, "force"), 3);
    const testing::AllocationScope scope;
    while (sim.steps_done() < 250) sim.step();  // through the pairs' first impacts
    EXPECT_EQ(scope.allocations(), 0) << detector;
    EXPECT_GT(sim.events().size(), 0u) << detector;
  }
}

}  // namespace
}  // namespace crashbench
