#include "models/dynamics/tyre_params.hpp"

#include "core/bounded_field.hpp"
#include "core/physical_bounds.hpp"
#include "models/dynamics/rigid_body.hpp"

namespace crashbench {

void read_tyres(const JsonReader& params, bool complete, TyreParams& t) {
  struct Field {
    const char* key;
    double* target;
    double hi;
    const char* unit;
    bool may_be_zero;
  };
  for (const Field& f : {Field{"cg_to_front_axle", &t.cg_to_front_axle, bounds::kLength, "m", false},
                         {"cg_to_rear_axle", &t.cg_to_rear_axle, bounds::kLength, "m", false},
                         {"cornering_stiffness_front", &t.cornering_stiffness_front, bounds::kStiffness, "N/rad", true},
                         {"cornering_stiffness_rear", &t.cornering_stiffness_rear, bounds::kStiffness, "N/rad", true},
                         {"road_mu", &t.road_mu, bounds::kRoadMu, "", true}}) {
    const auto member = complete ? std::optional<JsonReader>(params.at(f.key)) : params.find(f.key);
    if (member) *f.target = bounded(*member, f.hi, f.unit, f.may_be_zero);
  }
}

nlohmann::json tyre_json(const TyreParams& t) {
  return {{"cg_to_front_axle", t.cg_to_front_axle},
          {"cg_to_rear_axle", t.cg_to_rear_axle},
          {"cornering_stiffness_front", t.cornering_stiffness_front},
          {"cornering_stiffness_rear", t.cornering_stiffness_rear},
          {"road_mu", t.road_mu}};
}

void require_tyres(const TyreParams& t) {
  require_positive(t.cg_to_front_axle, "tyres.cg_to_front_axle");
  require_positive(t.cg_to_rear_axle, "tyres.cg_to_rear_axle");
  require_positive(t.cornering_stiffness_front, "tyres.cornering_stiffness_front");
  require_positive(t.cornering_stiffness_rear, "tyres.cornering_stiffness_rear");
  require_positive(t.road_mu, "tyres.road_mu", true);
}

}  // namespace crashbench
