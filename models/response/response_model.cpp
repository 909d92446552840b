#include "models/response/response_model.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "core/error.hpp"

namespace crashbench {

double AngleLaw::at(double alpha) const { return cos2_coef * std::cos(2.0 * alpha) + offset; }

void require_law_within(const AngleLaw& law, double lo, double hi, const char* field) {
  // cos 2 alpha spans [-1, 1] over alpha in [0, pi/2]: the law spans offset -+ |cos2_coef|.
  const double low = law.offset - std::abs(law.cos2_coef), high = law.offset + std::abs(law.cos2_coef);
  if (!(low >= lo && high <= hi))
    throw Error("", field,
                "expected values in [" + std::to_string(lo) + ", " + std::to_string(hi) + "] for every angle, found [" +
                    std::to_string(low) + ", " + std::to_string(high) + "]");
}

void validate(const KnightLaws& laws) {
  require_law_within(laws.restitution, 0.0, 1.0, "restitution");
  require_law_within(laws.friction, 0.0, std::numeric_limits<double>::infinity(), "friction");
  require_law_within(laws.energy_kept, 0.0, 1.0, "energy_kept");
}

AngleLaw read_angle_law(const JsonReader& field, double lo, double hi) {
  AngleLaw law;
  if (field.is_object()) {
    field.only_keys({"cos2", "offset"});
    law = {field.at("cos2").number(), field.at("offset").number()};
  } else {
    law = AngleLaw::fixed(field.number());
  }
  try {
    require_law_within(law, lo, hi, "");
  } catch (const Error& e) {
    field.fail(e.problem());
  }
  return law;
}

nlohmann::json to_json(const AngleLaw& law) { return {{"cos2", law.cos2_coef}, {"offset", law.offset}}; }

LawCurve sample_law(std::string quantity, const AngleLaw& law) {
  LawCurve curve{std::move(quantity), {}, {}};
  for (int deg = 0; deg <= 90; deg += 2) {
    curve.angle_deg.push_back(deg);
    curve.value.push_back(law.at(deg * std::numbers::pi / 180));
  }
  return curve;
}

InvariantSet impulse_invariants(const Resolution& r) {
  InvariantSet set{Invariant::kLinearMomentum, Invariant::kAngularMomentum, Invariant::kSystemMomentum,
                   Invariant::kNoPenetration, Invariant::kFrictionBound};
  const bool ok = r.status == ResolutionStatus::kOk;
  if (ok && r.restitution >= 0) set.add(Invariant::kRestitution);
  if (ok && r.energy_kept_target >= 0) set.add(Invariant::kEnergyRatio);
  if (r.restitution <= 1.0) set.add(Invariant::kNoEnergyGain);
  return set;
}

std::unique_ptr<ResponseModel> make_response_model(const JsonReader& response) {
  const JsonReader model = response.at("model");
  const std::string name = model.string();
  ResponseFactory factory = nullptr;
  try {
    factory = find_entry(response_models(), name, "response model").make;
  } catch (const Error& e) {
    model.fail(e.problem());
  }
  return factory(response);
}

std::string_view to_string(ResolutionStatus status) {
  switch (status) {
    case ResolutionStatus::kOk: return "ok";
    case ResolutionStatus::kSeparating: return "separating";
    case ResolutionStatus::kNoRealRoot: return "no_real_root";
    case ResolutionStatus::kRootPenetrates: return "root_penetrates";
    case ResolutionStatus::kNotConverged: return "not_converged";
    case ResolutionStatus::kSingular: return "singular";
  }
  return "unknown";
}

}  // namespace crashbench
