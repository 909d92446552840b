#pragma once
// The vehicle-dynamics seam: state derivative for given parameters and inputs. Each model parses and
// validates its own `dynamics` object (its factory) and echoes the options it used (parameters()).
#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "core/json_reader.hpp"
#include "core/registry.hpp"
#include "core/vehicle.hpp"
#include "models/dynamics/contact_spring.hpp"
#include "models/dynamics/tyre_params.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {

/// A front road-wheel angle [rad] with its cosine and sine, taken once when it is set: the tyre models
/// read them at every integrator stage (four per RK4 step), where the angle does not change. Converts
/// from and to double, so `input.steer = 0.03` and `std::abs(input.steer)` read as for a plain angle.
class SteerAngle {
 public:
  SteerAngle(double angle = 0) : angle_(angle), unit_(unit_at(angle)) {}  // NOLINT: implicit on purpose
  operator double() const { return angle_; }                              // NOLINT: implicit on purpose
  /// (cos, sin) of the angle: the steered wheel's x axis in the body frame.
  const Vec2& unit() const { return unit_; }

 private:
  double angle_;
  Vec2 unit_;
};

/// Inputs held constant over one integration step.
struct VehicleInput {
  SteerAngle steer;                       ///< front road-wheel angle, body frame
  double drive_force = 0;                 ///< longitudinal force at the rear axle, body x [N]
  Vec2 collision_force_W = Vec2::Zero();  ///< constant force from a collision, at the CG [N], world frame
  double collision_moment = 0;            ///< its moment about the CG [N m]
  /// Continuing contacts, evaluated at every integrator stage (VehicleOde adds their loads to the
  /// collision force and moment); the caller owns the springs for the step.
  std::span<const ContactSpring> springs;
};

/// The vehicles of one integrator batch (OdeBatch): each one's parameters and input, i < size.
struct VehicleBatch {
  int size = 0;
  std::array<const VehicleParams*, kOdeBatchSize> params{};
  std::array<const VehicleInput*, kOdeBatchSize> input{};
};

/// Room for what a model derives from a batch's parameters and inputs once per step and reads at every
/// stage (VehicleDynamics::prepare, derivatives): plain numbers of the model's own type.
class BatchScratch {
 public:
  static constexpr std::size_t kCapacity = 2048;  // [bytes]

  /// A value-initialised `T` in the room, replacing what it held.
  template <class T>
  T& emplace() {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>, "plain numbers");
    static_assert(sizeof(T) <= kCapacity && alignof(T) <= 16);
    return *new (bytes_) T{};
  }
  /// The `T` emplace<T>() put there.
  template <class T>
  const T& get() const {
    return *std::launder(reinterpret_cast<const T*>(bytes_));
  }

 private:
  alignas(16) std::byte bytes_[kCapacity];
};

/// The most the ground forces (the tyres) can change a body's planar velocity and yaw rate within one
/// step, whatever its state and inputs.
struct GroundForceBound {
  double velocity = 0;  ///< |dV| [m/s]
  double yaw_rate = 0;  ///< |dr| [rad/s]
};

/// Tyres whose total force is capped at road_mu m g, acting at the axles: road_mu g dt and
/// road_mu m g dt max(a, b) / Izz.
GroundForceBound tyre_friction_bound(const VehicleParams& p, const TyreParams& tyres, double dt);

/// Where a vehicle's axles are: the lengths a path follower steers by (cases/driving/path_follower.hpp).
struct AxlePositions {
  double cg_to_front = 0;  ///< CG to the front axle [m]
  double cg_to_rear = 0;   ///< CG to the rear axle [m]
};

class VehicleDynamics {
 public:
  virtual ~VehicleDynamics() = default;
  virtual std::string_view name() const = 0;
  /// The model's `dynamics` object as it runs, defaults filled in and "model" included; its factory
  /// accepts it back and builds the same model (results.json echoes it as config.dynamics).
  virtual nlohmann::json parameters() const = 0;
  virtual StateVector derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const = 0;
  /// Fills `scratch` with what derivatives() reads of `batch` at every stage of a step (its parameters and
  /// inputs hold over the step). Nothing by default.
  virtual void prepare(const VehicleBatch& batch, BatchScratch& scratch) const { (void)batch, (void)scratch; }
  /// derivative() of every vehicle of `batch` at x[i], into dx[i], with the same bits; `scratch` is what
  /// prepare() left. The default takes them one by one; a model may interleave or vectorise them.
  virtual void derivatives(const VehicleBatch& batch, const BatchScratch& scratch, const StateVector* x,
                           StateVector* dx) const;
  /// One classical RK4 step of `dt` [s] of every vehicle of `batch` (no input with springs) in place, with
  /// the bits Rk4Integrator::step gives each through derivative(); `scratch` is what prepare() left.
  /// False (the default): the model has no such step, and the integrator takes its stages through
  /// derivatives(). A model whose lanes hold a vehicle's whole state keeps it in registers over the four
  /// stages instead of storing, reloading and transposing it at each.
  virtual bool rk4_step(const VehicleBatch& batch, const BatchScratch& scratch, double dt, StateVector* x) const {
    return (void)batch, (void)scratch, (void)dt, (void)x, false;
  }
  /// Throws Error naming the first parameter this model cannot run with (call once, before stepping).
  /// The default accepts anything.
  virtual void validate(const VehicleParams& p) const { (void)p; }
  /// False for a model on which VehicleInput::steer acts not at all: a vehicle that must steer (one
  /// following a path) is refused with it.
  virtual bool steers() const { return true; }
  /// GroundForceBound over `dt` [s] for a vehicle of parameters `p`: the force-mode audit charges to the
  /// collision force only what lies beyond twice it (the step integrated with and without that force;
  /// docs/invariants.md). Zero for a model without ground forces. The default, for a model that does not
  /// say, probes a car sliding at 45 deg: zero if the model leaves it alone, otherwise it throws Error
  /// (the audit cannot tell the model's ground forces from the collision's).
  virtual GroundForceBound ground_force_bound(const VehicleParams& p, double dt) const;

  // The model's own vehicle parameters (p.model): it reads, validates and echoes them. None by default.
  /// The keys of a vehicle's `params` this model reads beyond those every model shares (mass, yaw
  /// inertia, the rectangle, CG height). "resistance" may also be written beside `params`, as before.
  virtual std::vector<std::string> vehicle_keys() const { return {}; }
  /// Reads this model's keys of `params` into p.model, over what it holds when that is this model's;
  /// with `complete` (a vehicle without a preset) every key the model requires must be present. Reads
  /// no other key: `params` may hold other models' keys (a preset serves every model). Throws Error
  /// naming the file and pointer of a bad value.
  virtual void read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const {
    (void)params, (void)complete, (void)p;
  }
  /// The parameters of `p` this model reads, under the keys read_vehicle_parameters takes, so that
  /// results.json echoes them and the echo builds the same vehicle back.
  virtual nlohmann::json vehicle_parameters(const VehicleParams& p) const {
    (void)p;
    return nlohmann::json::object();
  }
  /// Where the axles of `p` are, for a model a path follower can steer; none by default.
  virtual std::optional<AxlePositions> axles(const VehicleParams& p) const {
    (void)p;
    return std::nullopt;
  }
  /// Scales the model's own lengths along the body by `k` (SUMO's vehicle types size a car by its
  /// length; the shared rectangle is scaled by the caller). Nothing by default.
  virtual void stretch(VehicleParams& p, double k) const { (void)p, (void)k; }
};

/// The `Parameters` a model reads its keys over: what p.model holds when it is one, a default otherwise.
template <class Parameters>
Parameters held_or_default(const VehicleParams& p) {
  const Parameters* held = p.model.find<Parameters>();
  return held ? *held : Parameters{};
}

/// Throws Error unless p.model holds a `Parameters` (read by `model`'s read_vehicle_parameters).
template <class Parameters>
void require_own_parameters(const VehicleParams& p, std::string_view model) {
  if (!p.model.find<Parameters>())
    throw Error("", "params", std::string("the vehicle's parameters were not read by dynamics model '") +
                                  std::string(model) + "': read them with its read_vehicle_parameters");
}

/// Packs / unpacks the planar part of a StateVector (roll entries are left untouched / ignored).
StateVector to_state_vector(const PlanarState& s);
PlanarState to_planar_state(const StateVector& x);

/// Builds a model from its own `dynamics` object (the whole object, "model" included); throws Error
/// naming the file and JSON pointer of the first option it rejects.
using DynamicsFactory = std::unique_ptr<VehicleDynamics> (*)(const JsonReader& dynamics);
/// The dynamics models, built-ins first; plugins add theirs here (docs/plugins.md).
Registry<RegistryEntry<DynamicsFactory>>& dynamics_registry();
/// All registered dynamics models: free-body, bicycle, ...
std::span<const RegistryEntry<DynamicsFactory>> dynamics_models();

/// The model a case's `dynamics` names: a name, read as {"model": name}, or {"model": name, ...options}
/// built by that model's factory. Errors name the file and the JSON pointer.
std::unique_ptr<VehicleDynamics> make_dynamics(const JsonReader& dynamics);
/// The model `name` with its default options (throws Error for an unknown name).
std::unique_ptr<VehicleDynamics> make_dynamics(std::string_view name);

}  // namespace crashbench
