// The physics hash: FNV-1a against its published test vectors, bit-level sensitivity, what it leaves
// out (timings), and real runs: the same case twice agrees, a different speed does not.
#include "cases/checks/physics_hash.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string_view>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

std::uint64_t fnv1a(std::string_view text) {
  PhysicsHasher h;
  h.add_bytes(text.data(), text.size());
  return h.value();
}

TEST(PhysicsHasher, MatchesThePublishedFnv1a64Vectors) {
  // Test vectors of the FNV reference (Fowler, Noll, Vo): "", "a", "foobar".
  EXPECT_EQ(fnv1a(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a("foobar"), 0x85944171f73967e8ULL);
}

TEST(PhysicsHasher, SeesEveryBitOfADouble) {
  const auto of = [](double x) {
    PhysicsHasher h;
    h.add(x);
    return h.value();
  };
  EXPECT_NE(of(0.0), of(-0.0));
  EXPECT_NE(of(1.0), of(std::nextafter(1.0, 2.0)));
  EXPECT_NE(of(0.3), of(0.1 + 0.2));  // 0.30000000000000004: one ulp apart
  // The same values in another order are another history.
  PhysicsHasher forward, backward;
  forward.add(1.0), forward.add(2.0);
  backward.add(2.0), backward.add(1.0);
  EXPECT_NE(forward.value(), backward.value());
}

TEST(PhysicsHashHex, RoundTripsAndRejectsAnythingElse) {
  for (const std::uint64_t h : {0ULL, 1ULL, 0xfedcba9876543210ULL, ~0ULL}) {
    const std::string text = physics_hash_hex(h);
    EXPECT_EQ(text.size(), 16u) << text;
    EXPECT_EQ(parse_physics_hash(text), h) << text;
  }
  for (const char* bad : {"", "123", "0123456789abcdef0", "0x23456789abcdef", "0123456789abcdeg", "-123456789abcdef"})
    EXPECT_FALSE(parse_physics_hash(bad).has_value()) << bad;
}

RunResult run_head_on(double speed_mph, const std::string& application = "reset") {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["vehicles"][0]["speed_mph"] = speed_mph;
  doc["application"] = application;
  return run_case(parse_case(doc, "head-on.json"));
}

TEST(PhysicsHash, SameCaseTwiceGivesTheSameHash) {
  for (const char* application : {"reset", "force"}) {
    const RunResult a = run_head_on(30, application), b = run_head_on(30, application);
    ASSERT_TRUE(a.physics_hash && b.physics_hash);
    ASSERT_FALSE(a.events.empty()) << "the hash should cover an impact";
    EXPECT_EQ(*a.physics_hash, *b.physics_hash) << application;
  }
}

TEST(PhysicsHash, CoversEventsTracksAndFinalStates) {
  const RunResult r = run_head_on(30);
  ASSERT_FALSE(r.events.empty());
  std::vector<StateVector> final_states(r.tracks.size(), StateVector::Zero());
  const std::uint64_t base = physics_hash(r, final_states);
  RunResult timed = r;
  for (auto& phase : timed.timings) phase.ns.assign(phase.ns.size(), 12345.0f);
  timed.name = "renamed";
  EXPECT_EQ(physics_hash(timed, final_states), base) << "timings and names are not physics";
  RunResult post = r;
  post.events.back().post_a.state.yaw_rate = std::nextafter(post.events.back().post_a.state.yaw_rate, 1.0);
  EXPECT_NE(physics_hash(post, final_states), base);
  RunResult impulse = r;
  impulse.events.front().resolution.impulse.linear_W.x() += 1e-9;
  EXPECT_NE(physics_hash(impulse, final_states), base);
  RunResult track = r;
  track.tracks[0].states[1].heading += 1e-12;
  EXPECT_NE(physics_hash(track, final_states), base);
  std::vector<StateVector> rolled = final_states;
  rolled[0][6] = 1e-3;  // a roll entry
  EXPECT_NE(physics_hash(r, rolled), base);
}

TEST(PhysicsHash, ADifferentSpeedChangesIt) {
  const RunResult a = run_head_on(30), b = run_head_on(30.5);
  ASSERT_TRUE(a.physics_hash && b.physics_hash);
  EXPECT_NE(*a.physics_hash, *b.physics_hash);
}

}  // namespace
}  // namespace crashbench
