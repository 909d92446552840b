#pragma once
// Sine, cosine and arctangent in plain IEEE double arithmetic, for the physics' hot path (the heading's
// rotation and the tyres' slip angles, at every stage of every step of every car). Under the build's
// floating-point policy (docs/architecture.md) they give the same bits from every compiler, CPU and C
// library, where glibc picks its variant per CPU; and they are templates over a lane type (core/lanes.hpp),
// so that two or four vehicles' angles go through one SSE2 or AVX register with the bits each would get
// alone. Within 2 ulp of the true value, 2.5 for angles beyond 1,000 rad (the rounding of the reduced
// angle grows to an ulp there); tests/core/portable_trig_test.cpp holds them to it against long double.
//
// sin, cos: x = k pi/2 + r with |r| <= pi/4 (Cody and Waite's reduction: pi/2 in three parts, the first two
// with 33 significant bits so that k times them is exact for |k| < 2^20), then the Taylor series of sin and
// cos on r, cut where the next term is below 1e-18 of the result (the small terms in Estrin's form); the
// quadrant k mod 4 swaps and signs them.
// atan: odd; atan |x| = pi/2 - atan(1 / |x|) above 1; t in [0, 1] is then taken about the nearest c = k/8,
// atan t = atan c + atan u with u = (t - c) / (1 + t c), |u| <= 1/16, where atan's series reaches double
// precision in seven terms.
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "core/lanes.hpp"

namespace crashbench {

namespace portable_trig {

// pi/2 = kPiOverTwo1 + kPiOverTwo2 + kPiOverTwo3 to 119 bits; the first two carry 33 significant bits.
inline constexpr double kPiOverTwo1 = 0x1.921fb544p+0;
inline constexpr double kPiOverTwo2 = 0x1.0b4611a6p-34;
inline constexpr double kPiOverTwo3 = 0x1.3198a2e037073p-69;
inline constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
// pi/2 as the double nearest it and the rest.
inline constexpr double kPiOverTwoHi = 0x1.921fb54442d18p+0;
inline constexpr double kPiOverTwoLo = 0x1.1a62633145c07p-54;
// Adding 1.5 * 2^52 rounds a double below 2^51 in magnitude to the nearest integer (ties to even), which the
// sum's low bits hold; subtracting it again gives that integer as a double.
inline constexpr double kRoundingShift = 0x1.8p52;
// Beyond this |x| (|k| would pass 2^20) and for infinities and NaN, sin_cos defers to the C library.
inline constexpr double kReducibleLimit = 1e6;
/// atan(k / 8), k = 0 ... 8, each the double nearest the true value (mpmath at 300 bits); zeros to 16 for
/// a permute of two registers (select16).
inline constexpr double kAtanOfEighths[16] = {
    0.0,
    0x1.fd5ba9aac2f6ep-4,
    0x1.f5b75f92c80ddp-3,
    0x1.6f61941e4def1p-2,
    0x1.dac670561bb4fp-2,
    0x1.1e00babdefeb4p-1,
    0x1.4978fa3269ee1p-1,
    0x1.700a7c5784634p-1,
    0x1.921fb54442d18p-1,
};

/// c[0] + c[1] z + c[2] z^2 + ... in Estrin's form: pairs c[2i] + c[2i+1] z, then pairs of those with z^2,
/// of those with z^4, ...: a chain of log2 N multiply-adds where Horner's form has N, for the latency of
/// one vehicle's derivative (its RK4 stages wait on each other).
template <class T, std::size_t N>
[[gnu::always_inline]] inline T estrin(T z, const T (&c)[N]) {
  std::array<T, (N + 1) / 2> level;
  for (std::size_t i = 0; i < level.size(); ++i) level[i] = 2 * i + 1 < N ? c[2 * i] + z * c[2 * i + 1] : c[2 * i];
  T power = z * z;
  for (std::size_t size = level.size(); size > 1; size = (size + 1) / 2, power = power * power)
    for (std::size_t i = 0; i < size; i += 2) level[i / 2] = i + 1 < size ? level[i] + power * level[i + 1] : level[i];
  return level[0];
}

/// The series of sin r / r - 1 in r^2 from its second term on: 1/5!, -1/7!, ..., 1/17!.
template <class T>
inline constexpr T kSinTail[] = {splat<T>(1.0 / 120),           splat<T>(-1.0 / 5040),
                                 splat<T>(1.0 / 362880),        splat<T>(-1.0 / 39916800),
                                 splat<T>(1.0 / 6227020800),    splat<T>(-1.0 / 1307674368000),
                                 splat<T>(1.0 / 355687428096000)};
/// The series of cos r in r^2 from its third term on: 1/4!, -1/6!, ..., 1/16!.
template <class T>
inline constexpr T kCosTail[] = {splat<T>(1.0 / 24),          splat<T>(-1.0 / 720),
                                 splat<T>(1.0 / 40320),       splat<T>(-1.0 / 3628800),
                                 splat<T>(1.0 / 479001600),   splat<T>(-1.0 / 87178291200),
                                 splat<T>(1.0 / 20922789888000)};
/// The series of atan u / u - 1 in u^2 from its second term on: 1/5, -1/7, ..., 1/13.
template <class T>
inline constexpr T kAtanTail[] = {splat<T>(1.0 / 5), splat<T>(-1.0 / 7), splat<T>(1.0 / 9), splat<T>(-1.0 / 11),
                                  splat<T>(1.0 / 13)};

/// sin r - r for |r| <= pi/4, r2 = r^2: the series' terms from -r^3/3! to r^17/17!.
template <class T>
[[gnu::always_inline]] inline T sin_tail(T r, T r2) {
  // The leading terms in Horner's form, where their rounding matters; the small ones in Estrin's.
  return r * r2 * (-1.0 / 6 + r2 * estrin(r2, kSinTail<T>));
}

/// cos r for |r| <= pi/4, r2 = r^2: the series to the r^16/16! term.
template <class T>
[[gnu::always_inline]] inline T cos_series(T r2) {
  return 1.0 + r2 * (-0.5 + r2 * estrin(r2, kCosTail<T>));
}

/// atan u - u for |u| <= 1/16, u2 = u^2: -u^3/3 + u^5/5 - ... + u^13/13.
template <class T>
[[gnu::always_inline]] inline T atan_tail(T u, T u2) {
  return u * u2 * (-1.0 / 3 + u2 * estrin(u2, kAtanTail<T>));
}

/// x + kRoundingShift: x rounded to an integer k, which the low bits of the sum hold (k mod 2^51, as
/// two's complement), for |x| < 2^51.
template <class T>
[[gnu::always_inline]] inline T shifted_to_integer(T x) {
  return x + kRoundingShift;
}

}  // namespace portable_trig

/// sin x and cos x of a lane type T (core/lanes.hpp).
template <class T>
struct SinCosOf {
  T sin;
  T cos;
};
using SinCos = SinCosOf<double>;

/// sin_cos() for |x| < kReducibleLimit, x != 0, on every lane of T.
template <class T>
[[gnu::always_inline]] inline SinCosOf<T> sin_cos_reduced(T x) {
  using namespace portable_trig;
  const T shifted = shifted_to_integer(x * kTwoOverPi);
  const T k = shifted - kRoundingShift;
  // x - k * kPiOverTwo1 is exact (both products are, and the difference by Sterbenz's lemma).
  const T r = ((x - k * kPiOverTwo1) - k * kPiOverTwo2) - k * kPiOverTwo3;
  const T r2 = r * r;
  const T s = r + sin_tail(r, r2), c = cos_series(r2);
  // Quadrant q = k mod 4: (sin, cos) x = (s, c), (c, -s), (-s, -c), (-c, s). Selected and signed on the
  // bits, without a branch: a car's quadrant is as good as random to the branch predictor.
  const auto q = bits_of(shifted);
  const auto odd = (q & 1) != 0;
  const T sin_x = from_bits(bits_of(choose(odd, c, s)) ^ ((q & 2) << 62));
  const T cos_x = from_bits(bits_of(choose(odd, s, c)) ^ (((q + 1) & 2) << 62));
  return {sin_x, cos_x};
}

/// sin x and cos x [x in rad], within 2 ulp (2.5 beyond 1,000 rad); the same bits on every platform for
/// |x| < 1e6.
inline SinCos sin_cos(double x) {
  using namespace portable_trig;
  if (!(std::abs(x) < kReducibleLimit)) return {std::sin(x), std::cos(x)};
  if (x == 0) return {x, 1.0};  // keeps the sign of -0
  return sin_cos_reduced(x);
}

/// sin_cos() on every lane of a vector lane type T (Lanes, Lanes4), with the same bits as on each alone.
template <class T>
  requires(kLanesOf<T> > 1)
[[gnu::always_inline]] inline SinCosOf<T> sin_cos(T x) {
  using namespace portable_trig;
  const auto reducible = abs_of(x) < kReducibleLimit;
  SinCosOf<T> sc = sin_cos_reduced(choose(reducible, x, splat<T>(1.0)));
  const auto zero = x == 0;
  sc.sin = choose(zero, x, sc.sin);
  sc.cos = choose(zero, splat<T>(1.0), sc.cos);
  if (every_lane(reducible)) return sc;
  for (int i = 0; i < kLanesOf<T>; ++i)
    if (!reducible[i]) sc.sin[i] = std::sin(x[i]), sc.cos[i] = std::cos(x[i]);
  return sc;
}

/// atan x [rad], in [-pi/2, pi/2], within 2 ulp; the same bits on every platform, and on every lane of a
/// lane type T as for each alone.
template <class T>
[[gnu::always_inline]] inline T arctan(T x) {
  using namespace portable_trig;
  const T a = abs_of(x);
  const auto beyond_one = a > 1.0;
  // In [0, 1], or NaN; the division only when a lane needs it (slip angles seldom pass 45 deg).
  const T t = any_lane(beyond_one) ? choose(beyond_one, 1.0 / a, a) : a;
  // The nearest centre k/8 (NaN takes k = 0 and stays NaN).
  const T shifted = shifted_to_integer(choose(t <= 1.0, t, splat<T>(0.0)) * 8.0);
  const T c = (shifted - kRoundingShift) * 0.125;
  const auto k = bits_of(shifted) & 15;
  // About c = 0 (t below 1/16: most slip angles) u = (t - 0) / (1 + t 0) is t itself: taken without the
  // division when every lane has it, the same bits at the end of a shorter chain.
  const T u = any_lane(k != 0) ? (t - c) / (1.0 + t * c) : t;
  const T atan_t = select16(kAtanOfEighths, k) + (u + atan_tail(u, u * u));
  const T atan_a = choose(beyond_one, (kPiOverTwoHi - atan_t) + kPiOverTwoLo, atan_t);
  return copysign_of(atan_a, x);
}

}  // namespace crashbench
