#include <gtest/gtest.h>

#include "models/response/response_model.hpp"
#include "tests/models/response/response_fixtures.hpp"
#include "tests/support/counting_allocator.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;

TEST(ResponseRegistry, EveryEntryMakesTheModelItNames) {
  ASSERT_FALSE(response_models().empty());
  for (const auto& entry : response_models()) {
    EXPECT_FALSE(entry.summary.empty()) << entry.name;
    ASSERT_NE(entry.make, nullptr);
    EXPECT_EQ(entry.make(ResponseParams{})->name(), entry.name);
  }
  EXPECT_THROW(find_entry(response_models(), "none", "response model"), Error);
}

TEST(ResponseRegistry, ResolveAllocatesNothing) {
  const Body car = make_body(kMass, kYawInertia, {0.0, 2.0}, -0.3, 25.0 * unit_at(-0.3), 0.1);
  const Contact c = make_contact({2.0, -0.3}, {0.0, 1.0});
  const Body other = make_body(1800.0, 3000.0, {3.0, -3.0}, 1.0, {-1.0, 2.0}, 0.0);
  for (const auto& entry : response_models()) {
    const auto model = entry.make(ResponseParams{});
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
