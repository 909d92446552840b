#pragma once
// Two doubles side by side (SSE2's register, as GCC's and clang's vector extension) and the few operations
// the physics templates need beyond + - * /, for a lane type T that is either `double` (one vehicle) or
// `Lanes` (two). Each is the same IEEE operation lane by lane, and a choice is a selection of bits, never
// arithmetic: a template gives the same bits for T = double and T = Lanes (docs/architecture.md,
// "Floating point"), so its scalar instance is the reference its vector instance is tested against.
#include <bit>
#include <cmath>
#include <cstdint>

namespace crashbench {

using Lanes = double __attribute__((vector_size(16)));
/// Per lane: all ones for true, all zeros for false (what comparing two Lanes gives), or a lane's bits.
using LaneBits = std::int64_t __attribute__((vector_size(16)));

inline constexpr int kLaneCount = 2;

/// `v` in every lane of a T.
template <class T>
constexpr T splat(double v) {
  if constexpr (sizeof(T) == sizeof(double)) {
    return v;
  } else {
    return T{v, v};
  }
}

inline std::uint64_t bits_of(double x) { return std::bit_cast<std::uint64_t>(x); }
inline LaneBits bits_of(Lanes x) { return (LaneBits)x; }  // NOLINT: a vector cast keeps the bits
inline double from_bits(std::uint64_t b) { return std::bit_cast<double>(b); }
inline Lanes from_bits(LaneBits b) { return (Lanes)b; }  // NOLINT: a vector cast keeps the bits

/// `yes` where `mask` holds, `no` elsewhere.
inline double choose(bool mask, double yes, double no) { return mask ? yes : no; }
inline Lanes choose(LaneBits mask, Lanes yes, Lanes no) {
  return from_bits((mask & bits_of(yes)) | (~mask & bits_of(no)));
}

/// Whether `mask` holds in any lane.
inline bool any_lane(bool mask) { return mask; }
inline bool any_lane(LaneBits mask) { return (mask[0] | mask[1]) != 0; }

/// |x|, by clearing the sign bit.
template <class T>
[[gnu::always_inline]] inline T abs_of(T x) {
  return from_bits(bits_of(x) & static_cast<std::int64_t>(0x7fffffffffffffff));
}
/// |magnitude| with the sign of `sign`.
template <class T>
[[gnu::always_inline]] inline T copysign_of(T magnitude, T sign) {
  constexpr auto kSign = static_cast<std::int64_t>(0x8000000000000000);
  return from_bits((bits_of(magnitude) & ~kSign) | (bits_of(sign) & kSign));
}
/// std::max(a, b): `b` where a < b, else `a` (NaN in `a` stays).
template <class T>
[[gnu::always_inline]] inline T max_of(T a, T b) {
  return choose(a < b, b, a);
}
/// std::clamp(v, lo, hi): lo where v < lo, else hi where hi < v, else v.
template <class T>
[[gnu::always_inline]] inline T clamp_of(T v, T lo, T hi) {
  return choose(v < lo, lo, choose(hi < v, hi, v));
}

/// table[i] for each lane's index i.
inline double gather(const double* table, std::uint64_t i) { return table[i]; }
inline Lanes gather(const double* table, LaneBits i) { return Lanes{table[i[0]], table[i[1]]}; }

}  // namespace crashbench
