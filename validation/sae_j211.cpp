#include "validation/sae_j211.hpp"

#include <cmath>
#include <complex>
#include <numbers>

namespace crashbench {
namespace {

struct Coefficients {
  double a0, a1, a2, b1, b2;
};

// J211-1 Appendix C, with the published 2.0775 factor between the class and the design corner.
Coefficients coefficients(double interval, double cfc) {
  const double wd = 2 * std::numbers::pi * cfc * 2.0775;
  const double wa = std::tan(wd * interval / 2);
  const double s2 = std::numbers::sqrt2;
  const double den = 1 + s2 * wa + wa * wa;
  const double a0 = wa * wa / den;
  return {a0, 2 * a0, a0, -2 * (wa * wa - 1) / den, (-1 + s2 * wa - wa * wa) / den};
}

// One causal pass over `x` in the order `step` gives (+1 forward, -1 backward).
void pass(std::vector<double>& x, const Coefficients& c, int step) {
  const long n = static_cast<long>(x.size());
  if (n == 0) return;
  long i = step > 0 ? 0 : n - 1;
  double x1 = x[static_cast<std::size_t>(i)], x2 = x1, y1 = x1, y2 = x1;
  for (; i >= 0 && i < n; i += step) {
    const double xi = x[static_cast<std::size_t>(i)];
    const double yi = c.a0 * xi + c.a1 * x1 + c.a2 * x2 + c.b1 * y1 + c.b2 * y2;
    x2 = x1, x1 = xi, y2 = y1, y1 = yi;
    x[static_cast<std::size_t>(i)] = yi;
  }
}

}  // namespace

BodyAxis body_axis_of(std::string_view ev5_axis) {
  if (ev5_axis.empty()) return {-1, 0};
  switch (ev5_axis.front()) {
    case 'X': return {0, 1};
    case 'Y': return {1, -1};
    case 'Z': return {2, -1};
    default: return {-1, 0};
  }
}

std::vector<double> cfc_filter(std::span<const double> x, double interval, double cfc) {
  std::vector<double> y(x.begin(), x.end());
  const Coefficients c = coefficients(interval, cfc);
  pass(y, c, +1);
  pass(y, c, -1);
  return y;
}

double cfc_single_pass_gain(double f, double interval, double cfc) {
  const Coefficients c = coefficients(interval, cfc);
  const std::complex<double> z1 = std::polar(1.0, -2 * std::numbers::pi * f * interval);
  const std::complex<double> num = c.a0 + c.a1 * z1 + c.a2 * z1 * z1;
  const std::complex<double> den = 1.0 - c.b1 * z1 - c.b2 * z1 * z1;
  return std::abs(num / den);
}

}  // namespace crashbench
