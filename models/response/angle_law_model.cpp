#include "models/response/angle_law_model.hpp"

namespace crashbench {

Resolution AngleLawModel::resolve(const Body& a, const Body* b, const Contact& c) const {
  Resolution r;
  r.impulse.point_W = c.point_W;
  r.angle_of_attack = angle_of_attack(a.state.heading, c.normal_W);
  set_targets(r);
  if (!has_valid_inertia(a, b)) {
    r.status = ResolutionStatus::kSingular;
    return r;
  }
  const ContactKinematics k = contact_kinematics(a, b, c);
  if (!(k.v_normal < 0)) {
    r.status = ResolutionStatus::kSeparating;
    return r;
  }
  resolve_approaching(a, b, k, r);
  return r;
}

}  // namespace crashbench
