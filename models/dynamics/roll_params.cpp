#include "models/dynamics/roll_params.hpp"

#include "core/bounded_field.hpp"
#include "core/physical_bounds.hpp"

namespace crashbench {

void read_roll(const JsonReader& params, RollParams& roll) {
  const auto field = params.find("roll");
  if (!field) return;
  field->only_keys({"sprung_mass", "roll_arm", "roll_inertia", "product_xz", "roll_stiffness", "roll_damping",
                    "roll_axis_height"});
  struct Field {
    const char* key;
    double* target;
    double hi;
    const char* unit;
  };
  for (const Field& f : {Field{"sprung_mass", &roll.sprung_mass, bounds::kMass, "kg"},
                         {"roll_arm", &roll.roll_arm, bounds::kLength, "m"},
                         {"roll_inertia", &roll.roll_inertia, bounds::kYawInertia, "kg m^2"},
                         {"roll_stiffness", &roll.roll_stiffness, bounds::kRollStiffness, "N m/rad"},
                         {"roll_damping", &roll.roll_damping, bounds::kRollStiffness, "N m s/rad"},
                         {"roll_axis_height", &roll.roll_axis_height, bounds::kLength, "m"}})
    if (const auto member = field->find(f.key)) *f.target = bounded(*member, f.hi, f.unit, true);
  if (const auto member = field->find("product_xz"))
    roll.product_xz = bounded_magnitude(*member, bounds::kYawInertia, "kg m^2");
}

nlohmann::json roll_json(const RollParams& q) {
  return {{"sprung_mass", q.sprung_mass},       {"roll_arm", q.roll_arm},
          {"roll_inertia", q.roll_inertia},     {"product_xz", q.product_xz},
          {"roll_stiffness", q.roll_stiffness}, {"roll_damping", q.roll_damping},
          {"roll_axis_height", q.roll_axis_height}};
}

}  // namespace crashbench
