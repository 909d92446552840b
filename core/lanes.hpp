#pragma once
// Two, four or eight doubles side by side (an SSE2, AVX or AVX-512 register, as GCC's and clang's vector
// extension) and the few operations the physics templates need beyond + - * /, for a lane type T that is
// `double` (one vehicle), `Lanes` (two), `Lanes4` (four) or `Lanes8` (eight). Each is the same IEEE operation
// lane by lane, and a choice is a selection of bits, never arithmetic: a template gives the same bits for
// T = double and for each lane of a vector (docs/architecture.md, "Floating point"), so its scalar instance
// is the reference its vector instances are tested against.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#ifdef __AVX512F__
#include <immintrin.h>  // only in the one file built for AVX-512 (models/dynamics/bicycle_avx512.cpp)
#endif

namespace crashbench {

using Lanes = double __attribute__((vector_size(16)));
/// Four doubles: an AVX register, for the code built for CPUs that have one (models/dynamics/
/// bicycle_avx2.cpp); elsewhere GCC and clang split its operations into pairs.
using Lanes4 = double __attribute__((vector_size(32)));
/// Eight: an AVX-512 register, for models/dynamics/bicycle_avx512.cpp alone.
using Lanes8 = double __attribute__((vector_size(64)));
/// Per lane: all ones for true, all zeros for false (what comparing two vectors gives), or a lane's bits.
using LaneBits = std::int64_t __attribute__((vector_size(16)));
using LaneBits4 = std::int64_t __attribute__((vector_size(32)));
using LaneBits8 = std::int64_t __attribute__((vector_size(64)));

/// How many doubles a lane type T holds: 1 for `double`.
template <class T>
inline constexpr int kLanesOf = static_cast<int>(sizeof(T) / sizeof(double));

/// `v` in every lane of a T.
template <class T>
[[gnu::always_inline]] constexpr T splat(double v) {
  if constexpr (kLanesOf<T> == 1) {
    return v;
  } else {
    return T{} + v;
  }
}

/// The integer vector of the same lanes as a vector T, and the double vector of a Bits.
template <int N>
struct VectorsOf;
template <>
struct VectorsOf<2> {
  using Doubles = Lanes;
  using Bits = LaneBits;
};
template <>
struct VectorsOf<4> {
  using Doubles = Lanes4;
  using Bits = LaneBits4;
};
template <>
struct VectorsOf<8> {
  using Doubles = Lanes8;
  using Bits = LaneBits8;
};
template <class T>
using LaneBitsOf = typename VectorsOf<kLanesOf<T>>::Bits;
template <class Bits>
using LanesOf = typename VectorsOf<kLanesOf<Bits>>::Doubles;

// The vector overloads are templates over both widths, forced inline like every function here: no call
// passes a vector between files (why CMakeLists.txt turns GCC's -Wpsabi note off).
[[gnu::always_inline]] inline std::uint64_t bits_of(double x) { return std::bit_cast<std::uint64_t>(x); }
template <class T>
  requires(kLanesOf<T> > 1)
[[gnu::always_inline]] inline LaneBitsOf<T> bits_of(T x) {
  return (LaneBitsOf<T>)x;  // NOLINT: a vector cast keeps the bits
}
[[gnu::always_inline]] inline double from_bits(std::uint64_t b) { return std::bit_cast<double>(b); }
template <class Bits>
  requires(kLanesOf<Bits> > 1)
[[gnu::always_inline]] inline LanesOf<Bits> from_bits(Bits b) {
  return (LanesOf<Bits>)b;  // NOLINT: a vector cast keeps the bits
}

/// Lane `i` of `x` (x itself for a double).
[[gnu::always_inline]] inline double lane_of(double x, int i) { return (void)i, x; }
template <class T>
  requires(kLanesOf<T> > 1)
[[gnu::always_inline]] inline double lane_of(T x, int i) {
  return x[i];
}

/// `yes` where `mask` holds, `no` elsewhere.
[[gnu::always_inline]] inline double choose(bool mask, double yes, double no) { return mask ? yes : no; }
template <class T, class Bits>
[[gnu::always_inline]] inline T choose(Bits mask, T yes, T no) {
  return from_bits((mask & bits_of(yes)) | (~mask & bits_of(no)));
}

/// Whether `mask` holds in any lane.
[[gnu::always_inline]] inline bool any_lane(bool mask) { return mask; }
template <class Bits>
[[gnu::always_inline]] inline bool any_lane(Bits mask) {
#ifdef __AVX512F__
  // One test into a mask register, where the loop below folds the lanes with shuffles.
  if constexpr (kLanesOf<Bits> == 8) return _mm512_test_epi64_mask((__m512i)mask, (__m512i)mask) != 0;
#endif
  std::int64_t any = 0;
  for (int i = 0; i < kLanesOf<Bits>; ++i) any |= mask[i];
  return any != 0;
}
/// Whether `mask` holds in every lane.
template <class Bits>
[[gnu::always_inline]] inline bool every_lane(Bits mask) {
#ifdef __AVX512F__
  if constexpr (kLanesOf<Bits> == 8) return _mm512_test_epi64_mask((__m512i)mask, (__m512i)mask) == 0xff;
#endif
  std::int64_t every = -1;
  for (int i = 0; i < kLanesOf<Bits>; ++i) every &= mask[i];
  return every != 0;
}

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
[[gnu::always_inline]] inline double gather(const double* table, std::uint64_t i) { return table[i]; }
template <class Bits, std::size_t... Lane>
[[gnu::always_inline]] inline LanesOf<Bits> gather(const double* table, Bits i, std::index_sequence<Lane...>) {
  return LanesOf<Bits>{table[i[Lane]]...};  // built whole: lane by lane would go through memory
}
template <class Bits>
[[gnu::always_inline]] inline LanesOf<Bits> gather(const double* table, Bits i) {
  return gather(table, i, std::make_index_sequence<kLanesOf<Bits>>());
}
/// table[i] for each lane's index i in [0, 16).
template <class Bits>
[[gnu::always_inline]] inline LanesOf<Bits> select16(const double (&table)[16], Bits i) {
#ifdef __AVX512F__
  // A two-register permute: one instruction where building the vector from eight loads takes twenty.
  if constexpr (kLanesOf<Bits> == 8)
    return (LanesOf<Bits>)_mm512_permutex2var_pd(_mm512_loadu_pd(table), (__m512i)i, _mm512_loadu_pd(table + 8));
#endif
  return gather(table, i);
}
[[gnu::always_inline]] inline double select16(const double (&table)[16], std::uint64_t i) { return table[i]; }

}  // namespace crashbench
