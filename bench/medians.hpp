#pragma once
// Medians for the benches' counters: a shared VM's spikes move a mean over hundreds of steps, not a median.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace crashbench::bench {

/// Median of `values` (taken by value: reordered in the copy); 0 when empty.
template <class T>
double median_of(std::vector<T> values) {
  if (values.empty()) return 0;
  const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  return static_cast<double>(*mid);
}

}  // namespace crashbench::bench
