#include "cases/driving/speed_profile.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {
namespace {

constexpr double kCurvatureSpan = 5.0;  // [m] either side: bends, not the noise of closely spaced points

/// Curvature [1/m] of the circle through a, b, c (0 when they are in line or two coincide).
double curvature(const Vec2& a, const Vec2& b, const Vec2& c) {
  const double sides = (b - a).norm() * (c - b).norm() * (c - a).norm();
  return sides > 0 ? 2 * std::abs(cross(b - a, c - a)) / sides : 0.0;
}

}  // namespace

std::vector<double> speed_profile(const std::vector<Vec2>& p, bool closed, double speed, double accel) {
  const std::size_t n = p.size();
  std::vector<double> v(n, speed);
  if (accel <= 0 || n < 3) return v;
  const std::size_t segments = n - 1;  // on a closed path point n - 1 is point 0
  const auto step = [&](std::size_t i, bool forward) -> std::size_t {
    if (forward) return closed ? (i + 1) % segments : std::min(i + 1, n - 1);
    return closed ? (i + segments - 1) % segments : (i > 0 ? i - 1 : 0);
  };
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t at = closed ? i % segments : i;
    std::size_t before = at, after = at;
    for (double d = 0; d < kCurvatureSpan;) {
      const std::size_t next = step(before, false);
      if (next == before) break;
      d += (p[before] - p[next]).norm(), before = next;
    }
    for (double d = 0; d < kCurvatureSpan;) {
      const std::size_t next = step(after, true);
      if (next == after) break;
      d += (p[next] - p[after]).norm(), after = next;
    }
    const double k = curvature(p[before], p[at], p[after]);
    if (k > 0) v[i] = std::min(speed, std::sqrt(accel / k));
  }
  // Braking: from the end back to the start, twice round a closed path so the bends after the join count.
  for (int pass = 0; pass < (closed ? 2 : 1); ++pass) {
    if (closed) v[n - 1] = std::min(v[n - 1], v[0]);
    for (std::size_t i = n - 1; i-- > 0;)
      v[i] = std::min(v[i], std::sqrt(v[i + 1] * v[i + 1] + 2 * accel * (p[i + 1] - p[i]).norm()));
    if (closed) v[0] = v[n - 1] = std::min(v[0], v[n - 1]);
  }
  return v;
}

}  // namespace crashbench
