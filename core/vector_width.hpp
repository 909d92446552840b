#pragma once
// How many doubles the physics' vector code takes at once on this CPU (core/lanes.hpp): 4, an AVX
// register, where the CPU has AVX2 (code for it is built apart, e.g. models/dynamics/bicycle_avx2.cpp),
// else 2, SSE2's. Either gives the same bits. CRASHBENCH_VECTOR_WIDTH=2 holds it at 2, to test or
// measure that path on an AVX2 machine; any other value is an error.

namespace crashbench {

/// 4 or 2, decided at the first call; throws Error for a CRASHBENCH_VECTOR_WIDTH other than 2 or 4.
int vector_width();

}  // namespace crashbench
