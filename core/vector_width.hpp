#pragma once
// How many doubles the physics' vector code takes at once on this CPU (core/lanes.hpp): 8, an AVX-512
// register, where the CPU has AVX-512F; 4, an AVX one, where it has AVX2; else 2, SSE2's. Code for the wider
// ones is built apart (models/dynamics/bicycle_avx2.cpp, bicycle_avx512.cpp). Every width gives the same bits.
// CRASHBENCH_VECTOR_WIDTH=4 or 2 holds it at most there, to test or measure a narrower path on a wider
// machine; 8 is the default; any other value is an error.

namespace crashbench {

/// 8, 4 or 2, decided at the first call; throws Error for a CRASHBENCH_VECTOR_WIDTH other than 2, 4 or 8.
int vector_width();

}  // namespace crashbench
