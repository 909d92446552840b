#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

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

/// `curve` at `angle_deg`, linear between its samples.
double value_at(const LawCurve& curve, double angle_deg) {
  std::size_t i = 1;
  while (i + 1 < curve.angle_deg.size() && curve.angle_deg[i] < angle_deg) ++i;
  const double a0 = curve.angle_deg[i - 1], a1 = curve.angle_deg[i];
  return curve.value[i - 1] + (angle_deg - a0) / (a1 - a0) * (curve.value[i] - curve.value[i - 1]);
}

// The curves a model gives the report are the laws its resolutions follow: at a contact's angle of
// attack, each curve (between its 2-degree samples) gives the field the resolution set, glancing to
// nearly head-on. Linear interpolation of Knight's cos(2 alpha) laws errs by at most 3e-4.
TEST(ResponseRegistry, EveryModelsCurvesAreTheLawsItsResolutionsFollow) {
  const Contact c = make_contact({2.0, -0.3}, {0.0, 1.0});
  for (const auto& entry : response_models()) {
    const auto model = make_model(entry.name);
    const std::vector<LawCurve> curves = model->curves();
    int compared = 0;
    for (const double heading : {-0.05, -0.3, -0.7, -1.2, -1.5}) {
      const Body car = make_body(kMass, kYawInertia, {0.0, 2.0}, heading, 25.0 * unit_at(heading), 0.0);
      const Resolution r = model->resolve(car, nullptr, c);
      for (const LawCurve& curve : curves) {
        ASSERT_EQ(curve.angle_deg.size(), curve.value.size()) << entry.name;
        ASSERT_EQ(curve.angle_deg.size(), 46u) << entry.name;
        EXPECT_EQ(curve.angle_deg.front(), 0.0);
        EXPECT_EQ(curve.angle_deg.back(), 90.0);
        const double field = curve.quantity == "restitution"          ? r.restitution
                             : curve.quantity == "mu_limit"           ? r.mu_limit
                             : curve.quantity == "energy_kept_target" ? r.energy_kept_target
                                                                      : std::nan("");
        ASSERT_FALSE(std::isnan(field)) << entry.name << ": a curve of no resolution field, " << curve.quantity;
        if (field < 0) continue;  // this resolution imposes none (four-dof's e holds for its post states)
        EXPECT_NEAR(value_at(curve, r.angle_of_attack * 180 / std::numbers::pi), field, 3e-4)
            << entry.name << " " << curve.quantity << " at heading " << heading;
        ++compared;
      }
    }
    EXPECT_TRUE(curves.empty() || compared > 0) << entry.name << ": no curve was checked against a resolution";
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
