#include "validation/barrier_test.hpp"

#include <fmt/format.h>

namespace crashbench {

std::string why_no_barrier_case(const Ev5Header& h) {
  const Ev5Test& t = h.test;
  if (t.configuration != "VTB" || h.vehicles.size() != 1)
    return fmt::format("a {} test of {} vehicle(s): a case is made of a vehicle-to-vehicle test (VTV, two "
                       "vehicles) or a barrier test (VTB, one vehicle)", t.configuration, h.vehicles.size());
  if (!h.barrier) return "a VTB test without a BARRIER record: the barrier's rigidity is unknown";
  if (h.barrier->rigidity != "R")
    return fmt::format("barrier rigidity '{}': a barrier case needs a rigid barrier (R)", h.barrier->rigidity);
  if (const char area = h.vehicles.front().damaged_area(); area != '\0' && area != 'F')
    return fmt::format("the car is damaged at its {} (VDI {}, area {}): the case drives its front into the "
                       "barrier", damaged_area_name(area), h.vehicles.front().vdi, area);
  if (t.impact_angle_deg != 0 || t.offset != 0)
    return fmt::format("IMPANG {} deg, OFFSET {} m: a barrier case is made of a test straight into the barrier "
                       "(IMPANG 0, OFFSET 0)", t.impact_angle_deg, t.offset);
  return "";
}

BarrierChecks check_barrier(const Ev5Vehicle& v, const VehicleDeltaV& dv) {
  BarrierChecks c;
  c.restitution = v.speed > 0 ? -dv.delta_v_B.x() / v.speed - 1 : 0.0;
  c.restitution_ok = v.speed > 0 && c.restitution >= 0 && c.restitution <= 1;
  return c;
}

}  // namespace crashbench
