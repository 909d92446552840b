#include "cases/prescribed_contact.hpp"

namespace crashbench {

Contact place_contact(const PrescribedContact& pc, const PlanarState& struck, const PlanarState* other) {
  Contact c;
  c.vehicle = pc.vehicle;
  c.other = pc.other;
  c.point_W = struck.position_W + rotation(struck.heading) * pc.point_B;
  c.normal_W = unit_at(pc.normal_along_other && other ? other->heading : pc.normal_heading);
  return c;
}

}  // namespace crashbench
