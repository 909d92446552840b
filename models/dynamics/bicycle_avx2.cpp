#include "models/dynamics/bicycle_avx2.hpp"

namespace crashbench::bicycle_avx2 {

int accelerate_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars,
                    const bicycle_lanes::StateRows& states, int first, int count, double speed_floor,
                    bicycle_lanes::Accelerations<bicycle_lanes::Column>& out) {
  return bicycle_lanes::accelerate_rows<Lanes4>(cars, states, first, count, speed_floor, out);
}

int rk4_rows(const bicycle_lanes::Vehicle<bicycle_lanes::Column>& cars, double* x, int first, int count, double dt,
             double speed_floor) {
  return bicycle_lanes::rk4_rows<Lanes4>(cars, x, first, count, dt, speed_floor);
}

}  // namespace crashbench::bicycle_avx2
