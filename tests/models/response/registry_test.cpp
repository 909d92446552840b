#include <gtest/gtest.h>

#include "models/response/response_model.hpp"
#include "tests/models/response/response_fixtures.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;

TEST(ResponseRegistry, EveryEntryHasASummaryAndAWorkingFactory) {
  ASSERT_FALSE(response_models().empty());
  for (const auto& entry : response_models()) {
    EXPECT_FALSE(entry.summary.empty()) << entry.name;
    ASSERT_NE(entry.make, nullptr);
    EXPECT_EQ(make_model(entry.name)->name(), entry.name);
  }
  EXPECT_THROW(find_entry(response_models(), "none", "response model"), Error);
}

// What results.json echoes builds the same model: the echo goes through the factory unchanged.
TEST(ResponseRegistry, EchoedParametersBuildTheSameModel) {
  for (const auto& entry : response_models()) {
    const nlohmann::json echo = make_model(entry.name)->parameters();
    EXPECT_EQ(echo.at("model"), entry.name);
    EXPECT_EQ(make_response_model(JsonReader(echo, "echo.json"))->parameters(), echo) << entry.name;
  }
}

// A model owns its keys: one it does not know is bad input naming the file and the field.
TEST(ResponseRegistry, EveryModelRejectsAKeyItDoesNotOwn) {
  for (const auto& entry : response_models()) {
    try {
      make_model(entry.name, {{"stiffnes", 1.0}});
      ADD_FAILURE() << entry.name << " accepted a misspelt key";
    } catch (const Error& e) {
      EXPECT_EQ(e.file(), "test.json");
      EXPECT_EQ(e.pointer(), "/response/stiffnes") << entry.name;
    }
  }
}

// A law outside its range is refused by every model that has it, naming the field.
TEST(ResponseRegistry, FrictionBelowZeroAtSomeAngleIsRefusedByEveryModelWithFriction) {
  for (const auto& entry : response_models()) {
    if (!make_model(entry.name)->parameters().contains("friction")) continue;
    try {
      make_model(entry.name, {{"friction", {{"cos2", 0.3}, {"offset", 0.1}}}});  // -0.2 head-on
      ADD_FAILURE() << entry.name;
    } catch (const Error& e) {
      EXPECT_EQ(e.pointer(), "/response/friction") << entry.name;
    }
  }
}

// Every resolution says which invariants apply and the friction limit it used.
TEST(ResponseRegistry, EveryResolutionNamesItsInvariantsAndFrictionLimit) {
  const Body car = make_body(kMass, kYawInertia, {0.0, 2.0}, -0.3, 25.0 * unit_at(-0.3), 0.1);
  const Contact c = make_contact({2.0, -0.3}, {0.0, 1.0});
  for (const auto& entry : response_models()) {
    const auto model = make_model(entry.name, {{"friction", 0.25}});
    const Resolution r = model->resolve(car, nullptr, c);
    EXPECT_FALSE(r.invariants.empty()) << entry.name;
    EXPECT_EQ(r.mu_limit, 0.25) << entry.name;
    EXPECT_LE(r.mu_used, r.mu_limit) << entry.name;
  }
}

TEST(ResponseRegistry, ResolveAllocatesNothing) {
  const Body car = make_body(kMass, kYawInertia, {0.0, 2.0}, -0.3, 25.0 * unit_at(-0.3), 0.1);
  const Contact c = make_contact({2.0, -0.3}, {0.0, 1.0});
  const Body other = make_body(1800.0, 3000.0, {3.0, -3.0}, 1.0, {-1.0, 2.0}, 0.0);
  for (const auto& entry : response_models()) {
    const auto model = make_model(entry.name);
    double sum = 0;
    const AllocationScope scope;
    for (int i = 0; i < 100; ++i) {
      sum += model->resolve(car, nullptr, c).impulse.linear_W.norm();
      sum += model->resolve(car, &other, c).impulse.linear_W.norm();
    }
    EXPECT_EQ(scope.allocations(), 0) << entry.name;
    EXPECT_GT(sum, 0.0) << entry.name;
  }
}

}  // namespace
}  // namespace crashbench
