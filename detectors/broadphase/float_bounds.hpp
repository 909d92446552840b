#pragma once
// Bounds kept as floats next to the items a grid lists (half the bytes of doubles, so rejecting an item
// touches one cache line), rounded outwards so that a test against them never rejects what the exact
// double bounds would accept.
#include <cmath>
#include <limits>

namespace crashbench {

/// The float nearest `v` on its low (down) or high (up) side.
inline float round_down(double v) {
  const float f = static_cast<float>(v);
  return f > v ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}
inline float round_up(double v) {
  const float f = static_cast<float>(v);
  return f < v ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}

}  // namespace crashbench
