#pragma once
// The contact a case prescribes (Case::contact) placed on the vehicles' current poses.
#include "cases/case.hpp"
#include "core/contact.hpp"

namespace crashbench {

/// `pc` on `struck` (its point is in the struck vehicle's body frame) and `other` (whose heading gives
/// the normal when the case says "other_heading"; nullptr for a wall contact), world frame. Impulses leave
/// poses unchanged, so the pre- and post-impact states of an impact give the same contact.
Contact place_contact(const PrescribedContact& pc, const PlanarState& struck, const PlanarState* other);

}  // namespace crashbench
