// Per-thread values: each on cache lines no other value shares, reached by index and visited in thread order;
// resizing keeps the values kept and value-initialises the new ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "core/per_thread.hpp"

namespace crashbench {
namespace {

constexpr std::uintptr_t kLine = 64;

std::uintptr_t line_of(const void* p) { return reinterpret_cast<std::uintptr_t>(p) / kLine; }

TEST(PerThread, NoTwoValuesShareACacheLine) {
  struct Small {
    long long count = 0;
  };
  struct Large {
    char bytes[100] = {};  // more than a line: its last line is still its own
  };
  PerThread<Small> small(4);
  PerThread<Large> large(3);
  for (std::size_t t = 0; t + 1 < small.size(); ++t)
    EXPECT_LT(line_of(&small[t]), line_of(&small[t + 1])) << "values " << t << " and " << t + 1;
  for (std::size_t t = 0; t + 1 < large.size(); ++t)
    EXPECT_LT(line_of(&large[t].bytes[sizeof(Large) - 1]), line_of(&large[t + 1])) << "values " << t << " and " << t + 1;
}

TEST(PerThread, ValuesAreVisitedInThreadOrderAndResizingKeepsThoseKept) {
  PerThread<int> values(3);
  EXPECT_TRUE(std::all_of(values.begin(), values.end(), [](int v) { return v == 0; })) << "value-initialised";
  for (std::size_t t = 0; t < values.size(); ++t) values[t] = static_cast<int>(10 * (t + 1));
  EXPECT_EQ(std::vector<int>(values.begin(), values.end()), (std::vector<int>{10, 20, 30}));
  values.resize(5);
  EXPECT_EQ(std::vector<int>(values.begin(), values.end()), (std::vector<int>{10, 20, 30, 0, 0}));
  const PerThread<int>& read = values;
  EXPECT_EQ(std::accumulate(read.begin(), read.end(), 0), 60);
  EXPECT_EQ(*std::min_element(read.begin(), read.end()), 0);
  values.assign(2, 7);
  EXPECT_EQ(std::vector<int>(values.begin(), values.end()), (std::vector<int>{7, 7}));
}

}  // namespace
}  // namespace crashbench
