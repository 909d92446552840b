#pragma once
// The bicycle model's accelerations and RK4 steps eight vehicles to an AVX-512 register. bicycle_avx512.cpp
// alone is built for AVX-512 CPUs (-mavx512f, never FMA: the bits stay those of the scalar path), so call it
// only where vector_width() (core/vector_width.hpp) is 8. Like bicycle_avx2.cpp it includes nothing but the
// inlined lane templates (tests/models/dynamics/vector_object_symbols.cmake checks its symbols).
#include "models/dynamics/bicycle_lanes.hpp"

namespace crashbench::bicycle_avx512 {

/// bicycle_lanes::accelerate_rows<Lanes8> from row 0: returns the first row not taken (0 or 8).
int accelerate_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars,
                    const bicycle_lanes::StateRows& states, int count, double speed_floor,
                    bicycle_lanes::Accelerations<bicycle_lanes::Column>& out);

/// bicycle_lanes::rk4_rows<Lanes8> on the integrator's states `x` (StateVectors, one after another)
/// from row 0: returns the first row not taken (0 or 8).
int rk4_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars, double* x, int count, double dt,
             double speed_floor);

}  // namespace crashbench::bicycle_avx512
