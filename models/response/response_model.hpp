#pragma once
// The response-model seam: a contact and the bodies' states in, an impulse out. Pure functions of
// their inputs; nothing here knows about detectors or scenes. Each model parses and validates its own
// `response` object (its factory) and echoes the parameters it used (parameters()).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <span>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/contact.hpp"
#include "core/json_reader.hpp"
#include "core/registry.hpp"
#include "core/vehicle.hpp"
#include "models/response/invariant_set.hpp"

namespace crashbench {

enum class ResolutionStatus : std::uint8_t {
  kOk,               ///< impulse found as the model intends
  kSeparating,       ///< contact point already leaving: no impulse
  kNoRealRoot,       ///< energy target unreachable; fell back to the e = 0 impulse
  kRootPenetrates,   ///< both energy roots leave the contact point approaching; fell back to e = 0
  kNotConverged,     ///< iterative model hit its iteration cap
  kSingular,         ///< the model's system could not be solved
};

std::string_view to_string(ResolutionStatus status);

/// What a model that integrates over an impact duration (four-dof) predicts at the end of it: the states
/// its published tables give, each in its own vehicle's body frame at impact (x forward, y left).
struct ImpactEndState {
  Vec2 velocity_B = Vec2::Zero();  ///< CG velocity (u, v) [m/s]
  double yaw_rate = 0;             ///< [rad/s]
  double roll_rate = 0;            ///< sprung-mass roll rate [rad/s]
};

struct ImpactEnd {
  double duration = -1;   ///< impact duration [s]; < 0 when the model applies an instant impulse only
  ImpactEndState a, b;    ///< vehicle a and b (b unused against the scene)
  double peak_force = -1; ///< largest contact force over a continuing contact [N]; < 0: not one
  double max_depth = -1;  ///< deepest penetration over a continuing contact [m]; < 0: not one
};

/// How a model answers a contact.
enum class Answer : std::uint8_t {
  kImpulse,  ///< an instant impulse (Resolution::impulse), applied as the case's `application` says
  kForce,    ///< a force for this step of a continuing contact (Resolution::force), whatever the application
};

/// A force answer: the spring-damper law the runner evaluates over the step at every integrator stage,
/// F_n = max(0, k d + c d_dot) along the contact normal while the depth d > 0, and friction
/// F_t = friction_ratio F_n opposing the sliding. A model with another force law gives its tangent
/// (k = dF_n/dd, c = dF_n/dd_dot) at the step's start.
struct ContactForce {
  Vec2 force_W = Vec2::Zero();  ///< on body a at the contact point at the step's start [N], world frame
  double stiffness = 0;         ///< k [N/m]
  double damping = 0;           ///< c [N s/m]
  double friction_ratio = 0;    ///< F_t / F_n over the step [-]
};

/// What a model answers that an impact event keeps (cases/verdicts.hpp): all of Resolution but the force
/// law, which the runner has applied by the time the event exists, and the end-of-impact states, which few
/// models give and events keep apart. The 16-byte aligned part first and the one-byte fields last, so
/// that no padding lies between them (80 bytes; every stored event holds one).
struct ResolutionRecord {
  Impulse impulse;                 ///< on body a at the contact point, world frame [N s]; -impulse acts on b / the scene
  double restitution = -1;         ///< e imposed at the contact point [-]; < 0 when the model imposes none
  double mu_used = 0;              ///< tangential/normal impulse ratio actually applied [-]
  double mu_limit = 0;             ///< the friction coefficient the model allowed itself here [-]
  double energy_kept_target = -1;  ///< E2/E1 the model aimed for [-]; < 0 when it aims for none
  double angle_of_attack = 0;      ///< between heading of body a and the obstacle's surface [rad], 0..pi/2
  Answer answer = Answer::kImpulse;
  ResolutionStatus status = ResolutionStatus::kOk;
  InvariantSet invariants;         ///< the invariants that hold for this resolution (the runner checks these)
};

/// A model's answer to one contact. An event keeps its ResolutionRecord part.
struct Resolution : ResolutionRecord {
  ContactForce force;  ///< with Answer::kForce: the force law for this step (impulse: force_W dt)
  ImpactEnd end;       ///< the model's own end-of-impact states, when it predicts them
};

/// One of a model's laws sampled for plots: `quantity`, the Resolution field it sets as events record it
/// ("restitution", "mu_limit", "energy_kept_target"), at angles of attack from 0 to 90 deg.
struct LawCurve {
  std::string quantity;
  std::vector<double> angle_deg;  ///< [deg]
  std::vector<double> value;      ///< [-]
};

class ResponseModel {
 public:
  virtual ~ResponseModel() = default;
  virtual std::string_view name() const = 0;
  /// The model's `response` object as it runs, defaults filled in and "model" included; its factory
  /// accepts it back and builds the same model (results.json echoes it).
  virtual nlohmann::json parameters() const = 0;
  /// The run's vehicle parameters, indexed like Contact::vehicle (they outlive the model), and the step
  /// dt [s]. Models that need more than a Body carries (tyres, roll) keep the span; called once, before
  /// any resolve, outside the step timer.
  virtual void prepare(std::span<const VehicleParams> vehicles, double dt) { (void)vehicles, (void)dt; }
  /// Impulse for contact `c` between body `a` and body `b` (nullptr: the static scene). Allocates nothing.
  virtual Resolution resolve(const Body& a, const Body* b, const Contact& c) const = 0;
  /// How resolve() answers. The runner picks a contact's moment by it (docs/swept-detection.md): an
  /// impulse acts at the first touch inside the step, a force law from the overlap the step ended with.
  virtual Answer answer() const { return Answer::kImpulse; }
  /// The laws the model answers by, sampled (results.json records them with each case), so that the
  /// report plots them without knowing the model's parameters. None by default; called once a run.
  virtual std::vector<LawCurve> curves() const { return {}; }
};

/// A coefficient that is a cosine law in the angle of attack alpha: cos2_coef * cos(2 alpha) + offset.
/// A fixed value has cos2_coef = 0.
struct AngleLaw {
  double cos2_coef = 0;
  double offset = 0;
  double at(double alpha) const;
  static AngleLaw fixed(double value) { return {0.0, value}; }
};

/// An upper bound that is none (friction laws).
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

/// Throws Error unless `law` stays within [lo, hi] over every angle of attack; `field` names it.
void require_law_within(const AngleLaw& law, double lo, double hi, const char* field);

/// The invariants an instant impulse satisfies, from what `r` imposes: momentum (per body and, for two
/// bodies, of the system), no energy gain, no penetration after, the friction bound; restitution when
/// it imposes e >= 0 and the energy ratio when it aims for P >= 0, both only with status kOk.
InvariantSet impulse_invariants(const Resolution& r);

/// Reads an angle law at `field`: a number or {"cos2": c, "offset": o}; the error names the field
/// unless the law stays within [lo, hi] over every angle of attack.
AngleLaw read_angle_law(const JsonReader& field, double lo, double hi);
/// {"cos2": c, "offset": o}.
nlohmann::json to_json(const AngleLaw& law);
/// `law` as the curve of `quantity`, every 2 deg from 0 to 90.
LawCurve sample_law(std::string quantity, const AngleLaw& law);

/// Knight's three coefficient laws, which the wall and two-body impulse models read a subset of;
/// defaults are Knight's.
struct KnightLaws {
  AngleLaw restitution{0.125, 0.175};  ///< e(alpha), thesis eq. 4-11
  AngleLaw friction{0.15, 0.15};       ///< mu(alpha): 0.3 glancing, 0.0 head-on (docs/wall-response-models.md)
  AngleLaw energy_kept{0.44, 0.48};    ///< P(alpha), thesis eq. 4-22
};

/// Throws Error unless 0 <= e(alpha) <= 1, mu(alpha) >= 0 and 0 <= P(alpha) <= 1 for every alpha: every
/// response model relies on it (e > 1 or P > 1 create energy, mu < 0 pushes the sliding on).
void validate(const KnightLaws& laws);

/// Builds a model from its own `response` object (the whole object, "model" included); throws Error
/// naming the file and JSON pointer of the first field it rejects.
using ResponseFactory = std::unique_ptr<ResponseModel> (*)(const JsonReader& response);
/// The response models, built-ins first; plugins add theirs here (docs/plugins.md).
Registry<RegistryEntry<ResponseFactory>>& response_model_registry();
/// All registered response models, by name.
std::span<const RegistryEntry<ResponseFactory>> response_models();

/// The model `response.model` names, built by its factory from `response`.
std::unique_ptr<ResponseModel> make_response_model(const JsonReader& response);

}  // namespace crashbench
