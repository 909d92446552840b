#pragma once
// The bicycle model's accelerations and RK4 steps four vehicles to an AVX register. bicycle_avx2.cpp alone
// is built for AVX2 CPUs (-mavx2, never FMA: the bits stay those of the scalar path), so call it only where
// vector_width() (core/vector_width.hpp) is 4 or more. It includes nothing but the lane templates, which are
// all inlined: no function of another file gets an AVX copy here that the linker could pick for every CPU
// (tests/models/dynamics/vector_object_symbols.cmake checks its symbols).
#include "models/dynamics/bicycle_lanes.hpp"

namespace crashbench::bicycle_avx2 {

/// bicycle_lanes::accelerate_rows<Lanes4> from row `first`: returns the first row not taken.
int accelerate_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars,
                    const bicycle_lanes::StateRows& states, int first, int count, double speed_floor,
                    bicycle_lanes::Accelerations<bicycle_lanes::Column>& out);

/// bicycle_lanes::rk4_rows<Lanes4> on the integrator's states `x` (StateVectors, one after another)
/// from row `first`: returns the first row not taken.
int rk4_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars, double* x, int first, int count, double dt,
             double speed_floor);

}  // namespace crashbench::bicycle_avx2
