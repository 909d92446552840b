#pragma once
// What one case's run produced: events with their invariant verdicts, the trajectory and per-step timings.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "cases/case.hpp"
#include "cases/sumo_result.hpp"
#include "cases/verdicts.hpp"
#include "core/published_step_time.hpp"
#include "detectors/scenes/scene.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// The phases of one step, each timed. kDetect is the overlap query at the end of the step; kSweep what
/// the swept test adds to it (substeps, bisection: detectors/swept.hpp); kApply includes integrating the
/// rest of the step after a time of impact.
/// kSurface: the downward query for the surface under each vehicle (detectors/scenes/surface_query.hpp).
enum class Phase : std::uint8_t { kDynamics, kDetect, kSweep, kResolve, kApply, kCheck, kStep, kSurface };
inline constexpr std::size_t kPhaseCount = 8;
std::string_view to_string(Phase phase);

/// Per-step wall-clock samples of one phase [ns], one per step.
struct PhaseSamples {
  std::vector<float> ns;
};

/// Trajectory of one vehicle, sampled every `record_every` steps.
struct VehicleTrack {
  std::string name;
  std::vector<PlanarState> states;
  std::vector<double> roll;       ///< roll angle per sample [rad] (StateVector 6; 0 for planar models)
  std::vector<double> roll_rate;  ///< roll rate per sample [rad/s] (StateVector 7)
};

enum class CaseStatus : std::uint8_t { kPassed, kFailed, kError };
std::string_view to_string(CaseStatus status);

/// Worst residual of one invariant over a run.
struct InvariantSummary {
  int checked = 0;
  int failed = 0;
  double worst_residual = 0;
  double tolerance = 0;
};

/// A case's detector checked against a reference detector on every step (Case::check_against).
struct DetectorAgreement {
  std::string reference;      ///< the reference detector's name
  int steps_checked = 0;
  int steps_differing = 0;    ///< steps with a missing, extra or moved contact
  int first_step = -1;        ///< first differing step, -1 if none
  double first_time = 0;      ///< its time [s]
  int missing = 0;            ///< reference contacts the detector did not report (all steps)
  int extra = 0;              ///< contacts of the detector the reference did not report
  int moved = 0;              ///< matched contacts whose point or normal differ beyond the tolerance
  double worst = 0;           ///< largest point distance / tolerance or normal angle / tolerance of a match
  PhaseSamples timing;        ///< the reference's per-step cost [ns], not part of `step`
};

struct RunResult {
  std::string name;
  std::string listed_name;  ///< the listed case's name before a matrix variation (= name without one)
  nlohmann::json variation = nlohmann::json::object();  ///< the matrix values applied: dotted path -> value
  std::string source_file;
  CaseStatus status = CaseStatus::kError;
  std::string error;                ///< set when status == kError
  /// Set when the run stopped on a non-finite state, impulse or residual: which field, of what, at which
  /// step and time. The run's records end at the last finite step; status is kFailed.
  std::string failure;
  int unchecked_events = 0;         ///< events on which no invariant could be checked (fail the run)
  Case config;                      ///< the case as run (empty when it could not be read)
  int steps = 0;
  std::vector<double> sample_times; ///< [s], shared by every track
  std::vector<VehicleTrack> tracks;
  std::vector<ImpactEvent> events;  ///< one per resolved contact per step
  std::vector<OtherBody> other_bodies;  ///< the other vehicle of each two-vehicle event (ImpactEvent::other_body)
  /// The widened tolerances each continuing contact's event was checked against (ImpactEvent::widened_tolerances).
  std::vector<Tolerances> contact_tolerances;
  std::vector<ImpactEnd> model_ends;  ///< the model's end states of the events that have them (ImpactEvent::model_end)
  int impacts = 0;                  ///< events grouped into impacts (see kImpactGapSteps)
  std::array<PhaseSamples, kPhaseCount> timings;
  std::array<InvariantSummary, kInvariantCount> invariants;
  bool impacts_expected_ok = true;  ///< events count within Case::expect
  bool first_impact_time_ok = true; ///< first event within Case::expect's window (true without one)
  long long detector_primitives_tested = 0;
  /// Vehicle-steps with no drivable surface under the CG (the rectangle kept the last surface height).
  long long steps_without_surface = 0;
  std::vector<Tunnelling> tunnelling;  ///< pass-throughs the no_tunnelling invariant found, in step order
  long long tunnelling_checked = 0;    ///< vehicle-steps the no_tunnelling invariant checked
  std::vector<WallSegment> scene_walls;  ///< the scene's wall footprints, world frame [m], for plan-view plots
  long long scene_triangles = 0;         ///< the scene's collision triangles (Scene::triangles), for report labels
  std::vector<PublishedStepTime> scene_published;  ///< Scene::published: step times published for the scene
  std::vector<LawCurve> response_curves;  ///< the response model's laws (ResponseModel::curves), for the report
  std::optional<std::uint64_t> physics_hash;  ///< cases/checks/physics_hash.hpp; absent when the case did not run
  std::optional<DetectorAgreement> agreement;  ///< with Case::check_against
  std::optional<SumoComparison> sumo;  ///< with Case::traffic: SUMO's collisions against this run's contacts

  /// `event`'s other vehicle (an event of `events`), or nullptr against the scene.
  const OtherBody* other_of(const ImpactEvent& event) const {
    return event.other_body < 0 ? nullptr : &other_bodies[static_cast<std::size_t>(event.other_body)];
  }
  /// The model's end states of `event`: ImpactEnd{} for an event without them.
  const ImpactEnd& end_of(const ImpactEvent& event) const {
    static const ImpactEnd kNone;
    return event.model_end < 0 ? kNone : model_ends[static_cast<std::size_t>(event.model_end)];
  }
  /// The tolerances `event`'s checks were made against.
  const Tolerances& tolerances_of(const ImpactEvent& event) const {
    return event.widened_tolerances < 0 ? config.tolerances
                                        : contact_tolerances[static_cast<std::size_t>(event.widened_tolerances)];
  }
};

/// Events on the same vehicle, obstacle and face at most this many steps apart belong to one impact:
/// a car scraping along a wall gets an event nearly every step, but it is one impact.
inline constexpr int kImpactGapSteps = 2;

/// Groups events into impacts and fills `status` and `invariants` from the events and expectations.
void summarise(RunResult& result);

}  // namespace crashbench
