// The grids' allocator (core/huge_pages.hpp): large blocks start on a 2 MiB boundary (where a huge page
// can map them) and hold their contents through growth and copies; small blocks come from operator new.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>

#include "core/huge_pages.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

constexpr std::size_t kHugePage = HugePageAllocator<char>::kHugePage;

TEST(HugePages, LargeBlocksAreAlignedToTwoMebibytesAndKeepTheirContents) {
  GridVector<std::uint32_t> v(3 * kHugePage / sizeof(std::uint32_t) + 17);
  std::iota(v.begin(), v.end(), 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % kHugePage, 0u);
  v.resize(2 * v.size());  // a new block: the contents move with it
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % kHugePage, 0u);
  const GridVector<std::uint32_t> copy = v;
  for (std::size_t i = 0; i < 3 * kHugePage / sizeof(std::uint32_t) + 17; ++i) ASSERT_EQ(copy[i], i);
}

TEST(HugePages, SmallBlocksComeFromOperatorNew) {
  const testing::AllocationScope scope;
  GridVector<double> v(1000, 1.5);
  EXPECT_EQ(scope.allocations(), 1);  // counted by the test allocator, which replaces operator new
  EXPECT_EQ(v[999], 1.5);
}

}  // namespace
}  // namespace crashbench
