#pragma once
// Counts every global operator new in the binary it is linked into (tests and benchmarks), so a test or
// a benchmark counter can show that a hot path allocates nothing.
#include <cstdint>

namespace crashbench::testing {

/// Allocations since the program started; take the difference around the code under test.
std::int64_t allocation_count();
/// Bytes requested by those allocations.
std::int64_t allocated_bytes();

/// Counts allocations over its lifetime.
class AllocationScope {
 public:
  AllocationScope() : start_(allocation_count()) {}
  std::int64_t allocations() const { return allocation_count() - start_; }

 private:
  std::int64_t start_;
};

}  // namespace crashbench::testing
