#include "models/dynamics/bicycle_avx512.hpp"

namespace crashbench::bicycle_avx512 {

int accelerate_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars,
                    const bicycle_lanes::StateRows& states, int count, double speed_floor,
                    bicycle_lanes::Accelerations<bicycle_lanes::Column>& out) {
  return bicycle_lanes::accelerate_rows<Lanes8>(cars, states, 0, count, speed_floor, out);
}

int rk4_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars, double* x, int count, double dt,
             double speed_floor) {
  return bicycle_lanes::rk4_rows<Lanes8>(cars, x, 0, count, dt, speed_floor);
}

}  // namespace crashbench::bicycle_avx512
