#pragma once
// What drives the vehicles besides their dynamics: Tongue & Moon's control module (speed hold or a
// road-frame path, cut after an impact), path followers (pure pursuit, never cut) and replay logs
// (kinematic, never cut). Owns who is still controlled; writes only the fleet's inputs, and the states of
// kinematic vehicles.
#include <memory>
#include <vector>

#include "cases/arc_path.hpp"
#include "cases/case.hpp"
#include "cases/runner/fleet.hpp"

namespace crashbench {

class Control {
 public:
  /// `c` must outlive this.
  explicit Control(const Case& c);

  /// Before a step's integration: the speed hold's drive force for vehicles still controlled, and each
  /// follower's steer and drive.
  void set_inputs(Fleet& fleet) const;
  /// A kinematic vehicle (replayed, or held on its path) at `t_end` [s], the end of the step, into `x`;
  /// false for a vehicle its dynamics move.
  bool move_kinematic(std::size_t v, double t_end, StateVector& x);
  /// Kinematic this step: held on its control path, or replayed from its log.
  bool kinematic(std::size_t v) const { return replays_[v] || (controlled_[v] && !paths_.empty()); }
  bool replayed(std::size_t v) const { return replays_[v] != nullptr; }
  /// The contact `c` was resolved: the control it cuts (its vehicles', or every vehicle's) stops, and the
  /// drive force returns to the held one.
  void cut_after(const Contact& c, Fleet& fleet);

 private:
  const Case& case_;
  std::vector<char> controlled_;    ///< per vehicle, the control module still acts (not yet cut)
  bool all_cut_ = false;            ///< cut after any impact has fired: no vehicle is controlled
  std::vector<ArcPath> paths_;      ///< per vehicle with control.hold_path: its road-frame path
  std::vector<double> travelled_;   ///< per vehicle on its path: arc length so far [m]
  std::vector<std::unique_ptr<PathFollower>> followers_;  ///< per vehicle: its pure pursuit, or null
  std::vector<const ReplayLog*> replays_;                 ///< per vehicle: the log that moves it, or null
};

}  // namespace crashbench
