#pragma once
// The two vehicles of a vehicle-to-vehicle test checked against each other: momentum balance and the
// closing speed as a bound, with the target's heading read from the header's impact angle whichever way
// round the momentum balance says it is.
#include <optional>
#include <string>

#include "validation/channel_checks.hpp"

namespace crashbench {

struct PairChecks {
  double momentum_ratio = 0;      ///< m1 |dV1| / m2 |dV2| [-]: 1 when no outside force acts
  double heading2_deg = 180;      ///< vehicle 2's heading in vehicle 1's frame at impact [deg], the chosen reading
  double other_heading2_deg = 180;  ///< the other reading of the impact angle [deg]
  double residual = 0;            ///< |m1 dV1 + m2 dV2| / (m1 |dV1|), world frame, with heading2_deg [-]
  double other_residual = 0;      ///< the same with other_heading2_deg [-]
  double closing_ratio = 0;       ///< |dV1 - dV2| / closing speed [-]: 1 + e for a central impact, <= 2
  bool momentum_ok = false;       ///< ratio within [0.9, 1.1] and residual <= 0.1
  bool closing_ok = false;        ///< closing_ratio <= 2
};

/// Vehicle 1 moves along its own x; vehicle 2 faces it, turned by the header's IMPANG one way or the other
/// (180 + IMPANG or 180 - IMPANG): the reading whose world-frame momentum balances better is taken.
PairChecks check_pair(const Ev5Test& test, const VehicleDeltaV& v1, const VehicleDeltaV& v2);

/// How test_case puts a test's two vehicles together: front to front, or vehicle 1's front into vehicle 2's
/// back (a rear impact, vehicle 2 heading about as vehicle 1 does).
enum class PairImpact { kFrontal, kRear };

/// How `h`'s two vehicles meet, from each VDI's third character (SAE J224's deformed area): F and F
/// frontal, F and B rear; where a VDI is too short to say, IMPANG within 30 deg of head-on (0) or of
/// straight behind (180) stands in for it. Anything else (a side impact, vehicle 1 struck from behind)
/// makes no case: built as one of these it would run and be scored as what it was not. nullopt, with the
/// reason in `why`, when there is no case.
std::optional<PairImpact> pair_impact(const Ev5Header& h, std::string* why = nullptr);

/// Why `h` makes no vehicle-to-vehicle case (pair_impact), or "" when it does.
std::string why_no_pair_case(const Ev5Header& h);

/// Vehicle 2's delta-V in vehicle 1's frame when it heads `heading2_deg` there.
Vec2 delta_v_in_frame_1(const VehicleDeltaV& v2, double heading2_deg);

}  // namespace crashbench
