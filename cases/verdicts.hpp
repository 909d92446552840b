#pragma once
// What the checks find (cases/checks/): each impact event with its invariant verdicts, and each pass-through
// of the no_tunnelling invariant. The run's result and its event log hold these; the checks compute them.
#include <array>
#include <cstdint>
#include <string_view>

#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "detectors/scenes/scene.hpp"
#include "models/response/invariant_set.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

std::string_view to_string(Invariant invariant);

enum class Verdict : std::uint8_t { kNotApplicable, kPass, kFail };
std::string_view to_string(Verdict verdict);

/// One invariant's check of an event. The tolerance it was checked against is not kept with it: every
/// impulse event of a run is checked against the case's, each continuing contact's event against its own
/// widened ones (RunResult::tolerances_of, Tolerances::of).
struct InvariantCheck {
  double residual = 0;   ///< normalised, dimensionless
  Verdict verdict = Verdict::kNotApplicable;
};

/// An event's checks, one per Invariant. Kept as columns: as nine InvariantChecks, each verdict byte would
/// take eight (144 bytes instead of 88, in every stored event).
class InvariantChecks {
 public:
  InvariantCheck operator[](std::size_t i) const { return {residual_[i], verdict_[i]}; }
  void set(std::size_t i, const InvariantCheck& check) { residual_[i] = check.residual, verdict_[i] = check.verdict; }
  /// Every check, in Invariant order, to iterate over.
  std::array<InvariantCheck, kInvariantCount> all() const {
    std::array<InvariantCheck, kInvariantCount> out;
    for (std::size_t i = 0; i < kInvariantCount; ++i) out[i] = (*this)[i];
    return out;
  }

 private:
  std::array<double, kInvariantCount> residual_{};
  std::array<Verdict, kInvariantCount> verdict_{};
};

/// The other vehicle's body before and after the impulse of a two-vehicle event, world frame. Kept apart
/// from the events (RunResult::other_bodies): on roads nearly every event is a wall contact (all 71,964 of
/// the 10,000-car traffic case, 2 s), which would carry these 128 bytes unused.
struct OtherBody {
  Body pre, post;
};

/// One resolved contact: vehicle a's body before and after the impulse, world frame (the other vehicle's
/// are an OtherBody, by index).
/// A run keeps every event (10,000 cars for 4 s: over half a million), so no field leaves padding: 400 bytes.
struct ImpactEvent {
  int step = 0;
  int impact = -1;        ///< which impact of the run this event belongs to (see RunResult::impacts)
  double time = 0;        ///< [s]
  Contact contact;
  /// The model's answer without its force law and end (models/response/response_model.hpp); the end, when
  /// it says anything, is model_end's.
  ResolutionRecord resolution;
  Body pre_a, post_a;     ///< the vehicle `contact.vehicle`
  InvariantChecks checks;
  double mu_limit = 0;    ///< friction coefficient the model was allowed [-]
  int other_body = -1;    ///< the other vehicle's bodies: an index into the run's OtherBody list; -1 for the scene
  /// The tolerances `checks` were made against: -1, the case's; else an index into the run's list of
  /// continuing contacts' widened ones (RunResult::contact_tolerances).
  int widened_tolerances = -1;
  /// The model's end-of-impact states: an index into the run's list of them (RunResult::model_ends); -1,
  /// none (ImpactEnd{}).
  int model_end = -1;

  bool two_body() const { return contact.other != kStaticScene; }
};
static_assert(sizeof(ImpactEvent) <= 400, "a field that leaves padding, or a new one: say so in the comment above");

/// Kinetic energy of both bodies before the event [J]; `other` is the other vehicle, nullptr against the scene.
inline double energy_before(const ImpactEvent& e, const OtherBody* other) {
  return e.pre_a.kinetic_energy() + (other ? other->pre.kinetic_energy() : 0.0);
}
/// The same after the event [J].
inline double energy_after(const ImpactEvent& e, const OtherBody* other) {
  return e.post_a.kinetic_energy() + (other ? other->post.kinetic_energy() : 0.0);
}

/// One pass-through: which vehicle crossed what, and when.
struct Tunnelling {
  double time = 0;           ///< end of the step in which it crossed [s]
  int vehicle = 0;           ///< the vehicle whose CG crossed
  int other = kStaticScene;  ///< the vehicle it passed through, or kStaticScene for a wall
  int feature = -1;          ///< the wall: index into Scene::walls, or walls.size() + collision triangle index
  WallSegment wall;          ///< that wall at CG height, world frame [m] (walls only)
};

}  // namespace crashbench
