#pragma once
// The impact pass: of the step's contacts, the closing ones and when each vehicle's impulses act; the
// response model's answer to each, one after another (one Gauss-Seidel pass), recorded as events; then
// the answers applied: impulse reset moves a vehicle back to its time of impact, applies the impulse there
// and integrates the rest of the step (meeting the scene again if it must); force application holds J/dt
// over the next step (docs/swept-detection.md).
#include <cstdint>
#include <memory>
#include <vector>

#include "cases/runner/collision_loads.hpp"
#include "cases/runner/contact_groups.hpp"
#include "cases/runner/detection.hpp"
#include "cases/runner/step_parts.hpp"
#include "cases/runner/step_threads.hpp"
#include "cases/runner/touched_set.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

class ImpactPass {
 public:
  /// Builds and prepares the case's response model. The parts and `threads` must outlive this.
  ImpactPass(const StepParts& parts, StepThreads& threads);

  const ResponseModel& model() const { return *model_; }
  /// Step `step`'s contacts: keeps the closing ones (or a spring's continuation), sets each vehicle's
  /// earliest, and resolves them one after another on the vehicles as they were at that time; impulse
  /// answers become events, force answers springs, and a resolved contact cuts the control it cuts.
  void resolve(StepContacts& step_contacts, int step);
  /// What resolve() found, applied to the fleet (replayed vehicles keep their log's motion); with impulse
  /// reset the rest of the step meets the scene through `detection`'s detector.
  void apply(int step, Detection& detection);
  /// Force application: the vehicles whose input holds a collision load.
  CollisionLoads& loads() { return loads_; }

 private:
  /// `v`'s state at fraction `f` of this step as the response sees it (reset: all of it moved back; force:
  /// the pose only, the velocities the step ended with).
  StateVector state_at_toi(std::size_t v, double f) const;
  /// `v`'s body at fraction `f`, kept in `thread`'s cache for the rest of one choose_impact_times pass: a car
  /// of a crowd meets a thousand others at the same fraction and is moved back once (the states do not
  /// change in the pass).
  const Body& body_at_toi(std::size_t v, double f, int thread);
  /// What choose_impact_times does with contact `c`, on `thread`.
  enum class Chosen : std::uint8_t { kOpening, kClosing, kContinuing };
  Chosen choose(const Contact& c, int thread);
  void choose_impact_times(StepContacts& step_contacts);
  /// Makes the contacts' vehicles members of touched_, each with its body at its first closing contact.
  void join_vehicles(const std::vector<Contact>& contacts);
  /// What resolving one contact gave, kept until record() writes it in contact order.
  struct Outcome {
    Resolution r;
    Body pre_a, pre_b;  ///< the bodies as the model saw them (pre_b: pairs only)
    double acts_at = 1; ///< the fraction of the step at which its impulse acts
  };
  /// The model's answer to `c` between `a` and `b` (null: the scene) as they are, into `o` (whose acts_at
  /// the caller sets); an impulse is applied to them and summed in touched_. False if there was none (the
  /// contact opening, or a spring).
  bool resolve_contact(const Contact& c, Body& a, Body* b, Outcome& o);
  /// Records what resolve_contact gave for `c` in step `step`: an impulse as an event, a spring as a
  /// continuing contact; a contact not opening cuts the control it cuts. False unless an event.
  bool record(const Contact& c, const Outcome& o, int step);
  /// resolve_contact and record, at fraction `acts_at` of step `step`.
  bool resolve_one(const Contact& c, Body& a, Body* b, int step, double acts_at);
  /// Reset: vehicle `v` from its impulse to the end of the step, meeting the scene again on the way if it
  /// must (impact_pass_reset.cpp).
  void finish_after_impact(std::size_t v, int step, Detection& detection);
  /// The first of a conservative sweep's tested poses, `v` moving from `from` to `to`, at which a contact
  /// with the scene closes: its closing contacts in remainder_, `f` the fraction of that motion. False
  /// if there is none.
  bool next_impact(std::size_t v, const StateVector& from, const StateVector& to, double& f, Detection& detection);

  StepParts run_;
  StepThreads& threads_;  ///< fault in the pages of a step's events (EventLog::populate)
  std::unique_ptr<ResponseModel> model_;
  TouchedSet touched_;
  CollisionLoads loads_;
  std::vector<Contact> remainder_;                     ///< next_impact's contacts
  std::vector<VehiclePose> one_start_, one_end_, one_pose_;  ///< one vehicle's poses for next_impact
  /// body_at_toi's, one per thread: per vehicle, a body, the fraction it was taken at and the pass that took it.
  struct TimedBodies {
    explicit TimedBodies(std::size_t vehicles) : body(vehicles), fraction(vehicles), pass(vehicles, 0) {}
    std::vector<Body> body;
    std::vector<double> fraction;
    std::vector<std::uint64_t> pass;
  };
  std::vector<TimedBodies> toi_bodies_;
  std::uint64_t toi_pass_ = 0;
  std::vector<Chosen> chosen_;  ///< choose_impact_times: per contact
  /// Fewer contacts or vehicles than this are not worth waking the threads for.
  static constexpr std::size_t kWorthSplitting = 64;
  ContactGroups groups_;            ///< the step's closing contacts by the vehicles they share
  std::vector<Outcome> outcomes_;   ///< per closing contact
  Outcome one_outcome_;             ///< resolve_one's
};

}  // namespace crashbench
