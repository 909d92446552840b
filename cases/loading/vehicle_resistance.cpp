#include "cases/loading/vehicle_resistance.hpp"

#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

ResistanceParams parse_resistance(const JsonReader& field) {
  field.only_keys({"rolling", "drag_coefficient", "frontal_area", "side_area", "air_density"});
  ResistanceParams r;
  // Generous physical ranges: a tyre's f_r is about 0.01, a car's C_d about 0.3 and A_f about 2 m^2.
  if (const auto f = field.find("rolling")) r.rolling = f->number_in(0.0, 1.0);
  if (const auto f = field.find("drag_coefficient")) r.aero.drag_coefficient = f->number_in(0.0, 10.0);
  if (const auto f = field.find("frontal_area")) r.aero.frontal_area = f->number_in(0.0, 100.0);
  if (const auto f = field.find("side_area")) r.aero.side_area = f->number_in(0.0, 100.0);
  if (const auto f = field.find("air_density")) r.aero.air_density = f->number_in(0.0, 100.0);
  return r;
}

void require_resistance_applies(const JsonReader& field, const ResistanceParams& resistance, std::string_view dynamics) {
  if (!resistance.any()) return;
  if (!make_dynamics(dynamics)->applies_resistance())
    field.fail("dynamics model '" + std::string(dynamics) +
               "' applies no rolling resistance or drag; expected a model that does (dugoff)");
}

}  // namespace crashbench
