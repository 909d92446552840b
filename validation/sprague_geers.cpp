#include "validation/sprague_geers.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace crashbench {

SpragueGeers sprague_geers(std::span<const double> measured, std::span<const double> computed) {
  SpragueGeers out;
  if (measured.size() != computed.size() || measured.empty()) return out;
  double mm = 0, cc = 0, mc = 0;
  for (std::size_t i = 0; i < measured.size(); ++i) {
    mm += measured[i] * measured[i];
    cc += computed[i] * computed[i];
    mc += measured[i] * computed[i];
  }
  if (mm <= 0 || cc <= 0) return out;
  out.magnitude = std::sqrt(cc / mm) - 1;
  // Rounding can push the cosine a hair past 1 for identical histories.
  out.phase = std::acos(std::clamp(mc / std::sqrt(mm * cc), -1.0, 1.0)) / std::numbers::pi;
  out.comprehensive = std::hypot(out.magnitude, out.phase);
  out.valid = true;
  return out;
}

}  // namespace crashbench
