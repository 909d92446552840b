#pragma once
// The energy factor of one step on an undamped oscillator, by hand: |sum_{k <= p} (i w)^k / k!|^2 (the
// stability function of an explicit Runge-Kutta method with p stages of order p <= 4, at z = i omega h).
#include <complex>

namespace crashbench::testing {

/// |R(i w)|^2 for R exp's Taylor polynomial of degree `order`; `w` = omega h [-].
inline double taylor_energy_factor(int order, double w) {
  std::complex<double> term = 1.0, sum = 1.0;
  for (int k = 1; k <= order; ++k) {
    term *= std::complex<double>(0.0, w) / static_cast<double>(k);
    sum += term;
  }
  return std::norm(sum);
}

}  // namespace crashbench::testing
