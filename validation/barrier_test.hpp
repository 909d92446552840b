#pragma once
// A vehicle into a rigid barrier (an NHTSA "VTB" test, such as NCAP's frontal test): which of them make a
// case, and the check that stands in for a pair's momentum balance: the restitution the measured delta-V
// implies, which a rigid barrier keeps within [0, 1] (the car stops, then rebounds at most as fast).
#include <string>

#include "validation/channel_checks.hpp"

namespace crashbench {

/// Why `h` makes no barrier case, or "" when it does: one vehicle, TSTCFN "VTB", a rigid barrier (BARRIER
/// record "R"), damaged at its front (VDI area F, where the VDI says), straight into it (IMPANG 0, OFFSET
/// 0): the one geometry the case is sure of.
std::string why_no_barrier_case(const Ev5Header& h);

struct BarrierChecks {
  double restitution = 0;       ///< -dVx / speed - 1 [-]: 0 for a car that stops dead, 1 for a full rebound
  bool restitution_ok = false;  ///< within [0, 1]
};

/// The measured delta-V `dv` of vehicle `v` against its impact speed.
BarrierChecks check_barrier(const Ev5Vehicle& v, const VehicleDeltaV& dv);

}  // namespace crashbench
