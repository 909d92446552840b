#pragma once
// A fully resolved case: everything the runner needs, in SI units, names already checked.
#include <climits>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cases/measured_crash.hpp"
#include "core/vehicle.hpp"
#include "detectors/scenes/collision_filter.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/scene_placement.hpp"
#include "models/response/invariant_set.hpp"

namespace crashbench {

// Held by pointer, shared by a case's copies: their types live with the code that drives them.
class ReplayLog;         // cases/driving/replay_log.hpp
struct FollowSpec;       // cases/driving/path_follower.hpp
struct TrafficSpec;      // cases/traffic/traffic_spec.hpp

/// How a resolved impulse reaches the vehicle (Knight, chapter 5).
enum class Application {
  kImpulseReset,   ///< velocities reset at once: V2 = V1 + J/m, r2 = r1 + rho x J / Izz
  kForceOverStep,  ///< constant force J/dt and moment rho x J/dt over the next integration step
};

/// A built-in scene by name, or any osgDB-readable file.
struct SceneSpec {
  std::string builtin;          ///< built-in scene name, or empty
  std::string file;             ///< path resolved against the case file, or empty
  std::string up_axis{};        ///< "z", "y", or "" (the format's: y for OBJ, z otherwise)
  double unit_scale = 1.0;      ///< file units to metres [m/unit]
  std::optional<ScenePlacement> placement{};  ///< file only: where its frame stands in the world; unset: as drawn
  CollisionFilter collision{};  ///< file only: which nodes' geometry collides
  /// File only: only triangles this close to vertical collide [deg]; unset, kDefaultVerticalWithinDeg.
  std::optional<double> vertical_within_deg{};
  OpenDriveOptions opendrive{};  ///< OpenDRIVE files only: drivable lane types, edge walls, surface accuracy
};

/// Which surface under its start a vehicle's first step stands on (docs/scenes.md, "The rectangle rides
/// the road"): the highest (default), the lowest (a start line under a footbridge), or the highest at most
/// kStepAllowance above a given height. After the first step each step takes the one nearest below its last.
struct StartSurface {
  bool lowest = false;
  double below_height = std::numeric_limits<double>::infinity();  ///< [m, world Z]; infinity: the highest
};

struct VehicleSetup {
  std::string name;
  VehicleParams params;
  PlanarState initial;      ///< world frame, SI
  double steer = 0;         ///< held front-wheel angle [rad]
  double drive_force = 0;   ///< held drive force [N]
  std::shared_ptr<const ReplayLog> replay;  ///< set: kinematic, moved by this log (shared by copies of the case)
  std::shared_ptr<const FollowSpec> follow; ///< set: steered along this path by pure pursuit (shared likewise)
  StartSurface start_surface;
};

/// Tolerances on the normalised residuals of the invariants (defaults per application mode). Each
/// residual is divided by a scale that does not vanish at rest (docs/invariants.md): the impulse or the
/// weight's impulse over one step m g dt, the approach speed or g dt, the energy or 1/2 m (g dt)^2, each
/// with an absolute floor below.
struct Tolerances {
  double momentum = 1e-9;       ///< linear and angular impulse-momentum, relative to max(|J|, m g dt)
  double restitution = 1e-9;    ///< contact-point normal velocity after vs -e x before, relative to max(|v_n1|, g dt)
  double energy_ratio = 1e-9;   ///< |E2 - P E1| relative to max(E1, 1/2 m (g dt)^2)
  double energy_gain = 1e-9;    ///< (E2 - E1) relative to the same energy scale must not exceed this
  double penetration = 1e-9;    ///< -v_n after relative to max(|v_n before|, g dt) must not exceed this
  double friction = 1e-9;       ///< |jt| - mu jn, relative to max(|J|, m g dt)
  double impulse_floor = 1e-9;  ///< least impulse scale [N s]
  double speed_floor = 1e-9;    ///< least speed scale [m/s]
  double energy_floor = 1e-9;   ///< least energy scale [J]
  double agreement_point = 0.05;      ///< check_against: contact points further apart differ [m]
  double agreement_normal_deg = 1.0;  ///< check_against: normals further apart differ [deg]

  /// The tolerance a residual of `invariant` is compared with: its field above (0 for no_tunnelling, which
  /// is all or nothing).
  double of(Invariant invariant) const {
    switch (invariant) {
      case Invariant::kLinearMomentum:
      case Invariant::kAngularMomentum:
      case Invariant::kSystemMomentum: return momentum;
      case Invariant::kRestitution: return restitution;
      case Invariant::kEnergyRatio: return energy_ratio;
      case Invariant::kNoEnergyGain: return energy_gain;
      case Invariant::kNoPenetration: return penetration;
      case Invariant::kFrictionBound: return friction;
      case Invariant::kNoTunnelling: return 0.0;
    }
    return 0.0;
  }
};

/// Defaults for force-over-one-step application: the tyres act during the same step and answer the
/// collision force. Their answer within what they can carry (2 road_mu m g dt, docs/invariants.md) is not
/// charged to the event; drag and the tyres' nonlinearity leave the rest.
Tolerances force_mode_tolerances();

/// A closed interval of simulated time [s].
struct TimeWindow {
  double earliest = 0;  ///< [s]
  double latest = 0;    ///< [s]
};

/// What a case expects of its run besides the invariants; guards against passing because nothing moved,
/// and pins a published sequence (a paper's first contact time) so that a drift fails the case.
struct Expectations {
  int impacts_min = 0;
  int impacts_max = INT_MAX;
  std::optional<TimeWindow> first_impact_time;  ///< the first event's time must lie in it
};

/// Tongue & Moon's control module (002, section 2.1.4): until a collision it holds each vehicle's initial
/// speed with a proportional drive force, or keeps it on its road-frame path (ArcPath); after it, no control.
struct ControlModule {
  enum class Cut : std::uint8_t { kAnyImpact, kOwnImpact, kNever };
  double gain = 0;                      ///< drive force per speed error [N/(m/s)]; 0 = no speed hold
  std::optional<double> path_curvature; ///< set: every vehicle travels its arc of this curvature [1/m]
  Cut cut = Cut::kAnyImpact;            ///< after which impact the control stops
};

/// A contact given by the case, resolved at t = 0 on the initial states before any motion: for reproducing a
/// published impact whose crush plane the paper chose (Zhou, Peng & Lu 2008 set Gamma = theta_2).
struct PrescribedContact {
  int vehicle = 0;                 ///< the struck vehicle; the point is in its body frame
  int other = 1;                   ///< the other vehicle, or kStaticScene: a wall (the normal a world angle)
  Vec2 point_B = Vec2::Zero();     ///< contact point in `vehicle`'s body frame [m]
  bool normal_along_other = true;  ///< normal = `other`'s heading (it pushes `vehicle` along it)
  double normal_heading = 0;       ///< otherwise: the normal's direction in the world [rad]
  bool place_other_front = false;  ///< move `other` so its front-bumper centre is at the point
};

/// One published column of results, to show beside the models' in the report's impact table: the struck
/// vehicle's (Contact::vehicle's) states at the end of an impact, in its body frame at impact.
struct PublishedColumn {
  std::string label;               ///< e.g. "CarSim"
  std::optional<Vec2> velocity_B;  ///< (u forward, v left) [m/s]
  std::optional<double> yaw_rate;  ///< [rad/s]
  std::optional<double> roll_rate; ///< [rad/s]
};

/// A paper's table of results for this case (Zhou, Peng & Lu 2008, Table 2). Shown, not checked: the
/// tests and `expect` decide what must match.
struct PublishedResults {
  std::string source;                    ///< the paper and table
  int impact = 1;                        ///< the impact (1-based) the values belong to
  std::vector<PublishedColumn> columns;
};

struct Case {
  std::string name;
  std::string description;
  std::string source_file;
  SceneSpec scene;
  std::string detector = "analytic";
  /// The detector's options as it echoes them (Detector::parameters), "name" = `detector`; the runner builds
  /// the detector from this, so code that changes `detector` changes this too.
  nlohmann::json detector_params = {{"name", "analytic"}};
  std::string response_model;
  nlohmann::json response;  ///< the model's own parameters as it echoes them (ResponseModel::parameters)
  Application application = Application::kForceOverStep;
  std::string dynamics = "bicycle";
  /// The dynamics model's options as it echoes them (VehicleDynamics::parameters), "model" = `dynamics`;
  /// the runner builds the model from this, as for the detector.
  nlohmann::json dynamics_params = {{"model", "bicycle"}};
  std::string integrator = "rk4";
  double dt = 0.005;        ///< [s]
  double duration = 0;      ///< [s]
  int record_every = 1;     ///< trajectory sample every N steps
  std::vector<VehicleSetup> vehicles;
  ControlModule control;
  std::optional<PrescribedContact> contact;
  Tolerances tolerances;
  Expectations expect;
  std::optional<PublishedResults> published;
  std::optional<MeasuredCrash> measured;  ///< a staged crash test's measurements, scored in the report
  std::string check_against;  ///< a reference detector run on every step too (detector_agreement), or empty
  /// SUMO's vehicles, driven by their FCD until their first contact (cases/traffic/), or null.
  std::shared_ptr<const TrafficSpec> traffic;
};

std::string_view to_string(Application application);

}  // namespace crashbench
