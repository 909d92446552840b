#include "models/dynamics/resistance_params.hpp"

namespace crashbench {

ResistanceParams read_resistance(const JsonReader& field) {
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

nlohmann::json resistance_json(const ResistanceParams& r) {
  return {{"rolling", r.rolling},
          {"drag_coefficient", r.aero.drag_coefficient},
          {"frontal_area", r.aero.frontal_area},
          {"side_area", r.aero.side_area},
          {"air_density", r.aero.air_density}};
}

}  // namespace crashbench
