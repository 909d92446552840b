#pragma once
// The linear tyres the built-in single-track models share (bicycle, four-dof, dugoff): where the two
// axles are, their cornering stiffnesses and the road's adhesion, under a vehicle's `params` keys.
#include <nlohmann/json.hpp>

#include "core/json_reader.hpp"

namespace crashbench {

/// Linear tyres that saturate at the road's friction limit (bicycle model axles).
struct TyreParams {
  double cg_to_front_axle = 0;          ///< [m]
  double cg_to_rear_axle = 0;           ///< [m]
  double cornering_stiffness_front = 0; ///< both front tyres together [N/rad]
  double cornering_stiffness_rear = 0;  ///< both rear tyres together [N/rad]
  double road_mu = 0;                   ///< tyre-road adhesion [-]
};

/// The `params` keys of the tyres.
inline constexpr const char* kTyreKeys[] = {"cg_to_front_axle", "cg_to_rear_axle", "cornering_stiffness_front",
                                            "cornering_stiffness_rear", "road_mu"};

/// Reads the tyre keys of `params` into `t`, within the physical bounds: with `complete` every key is
/// required, otherwise each key present overrides. Reads no other key.
void read_tyres(const JsonReader& params, bool complete, TyreParams& t);

/// The tyres under their `params` keys.
nlohmann::json tyre_json(const TyreParams& t);

/// Throws Error ("tyres.<key>") unless both axle distances and stiffnesses are > 0 and road_mu >= 0.
void require_tyres(const TyreParams& t);

}  // namespace crashbench
