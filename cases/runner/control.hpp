#pragma once
// What drives the vehicles besides their dynamics: Tongue & Moon's control module (speed hold or a
// road-frame path, cut after an impact), path followers (pure pursuit, never cut) and replay logs
// (kinematic, never cut) and SUMO's traffic (kinematic until its first contact, then released to its
// dynamics). Owns who is still controlled; writes only the fleet's inputs, and the states and presence of
// kinematic vehicles.
#include <memory>
#include <optional>
#include <vector>

#include "cases/case.hpp"
#include "cases/driving/arc_path.hpp"
#include "cases/driving/path_follower.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/traffic/traffic_stream.hpp"
#include "core/vehicle_ranges.hpp"

namespace crashbench {

class Control {
 public:
  /// `c` must outlive this.
  explicit Control(const Case& c);

  /// SUMO's traffic, before a step's integration: reads the FCD up to `t_end` [s], the end of the step,
  /// keeps each vehicle's state then for move_kinematic, and moves the vehicles that enter then (placed
  /// where SUMO has them, the step's start included: no sweep from elsewhere) or leave (parked). A released
  /// vehicle stays: its dynamics move it. Nothing without traffic.
  void begin_step(Fleet& fleet, double t_end);
  /// Before a step's integration: the speed hold's drive force for vehicles still controlled, and each
  /// follower's steer and drive, vehicle by vehicle on `threads`.
  void set_inputs(Fleet& fleet, VehicleRanges& threads) const;
  /// A kinematic vehicle (replayed, held on its path, or SUMO's as begin_step read it) at `t_end` [s], the
  /// end of the step, into `x`; false for a vehicle its dynamics move.
  bool move_kinematic(std::size_t v, double t_end, StateVector& x);
  /// Kinematic this step: held on its control path, or replayed from its log.
  bool kinematic(std::size_t v) const { return replayed(v) || (controlled_[v] && !paths_.empty()); }
  /// Moved by a log, its replay's or SUMO's: impulses change its events, not its motion.
  bool replayed(std::size_t v) const { return replays_[v] != nullptr || sumo_driven(v); }
  /// One of SUMO's vehicles not yet released by a contact.
  bool sumo_driven(std::size_t v) const { return traffic_ && v >= first_traffic_ && !released_[v]; }
  /// The contact `c` was resolved: SUMO's vehicles in it are released to their dynamics; the control it
  /// cuts (its vehicles', or every vehicle's) stops, and the drive force returns to the held one.
  void cut_after(const Contact& c, Fleet& fleet);

 private:
  const Case& case_;
  std::vector<char> controlled_;    ///< per vehicle, the control module still acts (not yet cut)
  bool all_cut_ = false;            ///< cut after any impact has fired: no vehicle is controlled
  std::vector<ArcPath> paths_;      ///< per vehicle with control.hold_path: its road-frame path
  std::vector<double> travelled_;   ///< per vehicle on its path: arc length so far [m]
  std::vector<std::unique_ptr<PathFollower>> followers_;  ///< per vehicle: its pure pursuit, or null
  bool any_follower_ = false;
  std::vector<const ReplayLog*> replays_;                 ///< per vehicle: the log that moves it, or null
  std::unique_ptr<TrafficStream> traffic_;                ///< SUMO's vehicles, or null
  std::size_t first_traffic_ = 0;                         ///< the first of them
  std::vector<char> released_;                            ///< per vehicle: SUMO's, released by a contact
  std::vector<std::optional<StateVector>> sumo_end_;      ///< per SUMO vehicle: at the step's end; none while absent
};

}  // namespace crashbench
