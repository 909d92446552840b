#pragma once
// Sprung-mass roll as the four-dof models read it (Segel's model as in Zhou, Peng & Lu 2008), under a
// vehicle's `params` key "roll".
#include <nlohmann/json.hpp>

#include "core/json_reader.hpp"

namespace crashbench {

/// Sprung-mass roll on a roll axis parallel to the ground. All zero: no roll degree of freedom.
struct RollParams {
  double sprung_mass = 0;       ///< rolling mass m_R [kg]
  double roll_arm = 0;          ///< h: sprung-mass CG above the roll axis [m]
  double roll_inertia = 0;      ///< I_xxs: sprung mass about the roll axis [kg m^2]
  double product_xz = 0;        ///< I_xz: sprung-mass product of inertia, roll and yaw axes [kg m^2]
  double roll_stiffness = 0;    ///< K_s: total suspension roll stiffness [N m/rad]
  double roll_damping = 0;      ///< D_s: total suspension roll damping [N m s/rad]
  double roll_axis_height = 0;  ///< roll axis above the ground [m]; contacts act at cg_height
};

/// Reads the `roll` object of `params`, if there is one, into `roll`: each field present overrides (all
/// are optional; none: no roll). Refuses keys it does not know.
void read_roll(const JsonReader& params, RollParams& roll);

/// `roll` as the object of the "roll" key.
nlohmann::json roll_json(const RollParams& roll);

}  // namespace crashbench
