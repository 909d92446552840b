// A toy response model as a crashbench plugin: a frictionless impulse along the contact normal with a
// fixed coefficient of restitution, the textbook rigid-body collision impulse, for a vehicle against the
// scene or against another vehicle. World frame W throughout (X east, Y north, yaw counter-clockwise).
#include <memory>

#include "cases/plugin.hpp"
#include "core/json_reader.hpp"

namespace {

using crashbench::Body;
using crashbench::Contact;
using crashbench::Resolution;
using crashbench::ResolutionStatus;
using crashbench::Vec2;

constexpr double kRestitution = 0.4;  // [-] normal velocity of the contact point after / before

/// Velocity of the point at arm `r_W` from the body's CG [m/s]: v + omega x r.
Vec2 point_velocity(const Body& body, const Vec2& r_W) {
  return body.state.velocity_W + body.state.yaw_rate * crashbench::perp(r_W);
}

/// 1/m + (r x n)^2 / Izz: how much a unit impulse along n at arm r changes the point's normal speed [1/kg].
double inverse_normal_mass(const Body& body, const Vec2& r_W, const Vec2& n_W) {
  const double arm = crashbench::cross(r_W, n_W);
  return 1.0 / body.mass + arm * arm / body.yaw_inertia;
}

class ToyBounce final : public crashbench::ResponseModel {
 public:
  std::string_view name() const override { return "toy-bounce"; }
  /// What results.json echoes as the parameters it ran with: it has none of its own.
  nlohmann::json parameters() const override { return {{"model", "toy-bounce"}}; }

  Resolution resolve(const Body& a, const Body* b, const Contact& c) const override {
    const Vec2 r_a = c.point_W - a.state.position_W;
    Vec2 v_rel = point_velocity(a, r_a);  // of a's contact point relative to the obstacle [m/s]
    double k = inverse_normal_mass(a, r_a, c.normal_W);
    if (b) {
      const Vec2 r_b = c.point_W - b->state.position_W;
      v_rel -= point_velocity(*b, r_b);
      k += inverse_normal_mass(*b, r_b, c.normal_W);
    }
    Resolution r;
    r.restitution = kRestitution;  // the bench checks n.v2 = -e n.v1 at the contact point
    r.mu_used = 0;                 // frictionless
    const double v_n = v_rel.dot(c.normal_W);  // < 0: approaching (the normal points towards a)
    if (v_n >= 0) {
      r.status = ResolutionStatus::kSeparating;
      return r;
    }
    r.impulse.linear_W = -(1 + kRestitution) * v_n / k * c.normal_W;  // on a; -J acts on b [N s]
    r.impulse.point_W = c.point_W;
    r.mu_limit = 0;  // frictionless: the friction bound allows no tangential impulse
    r.invariants = crashbench::impulse_invariants(r);  // momentum, restitution, no energy gain, ...
    return r;
  }
};

/// The registry passes the case's `response` object; this toy has no parameters of its own, so any other
/// key is bad input naming the file and the field.
std::unique_ptr<crashbench::ResponseModel> make_toy_bounce(const crashbench::JsonReader& response) {
  response.only_keys({"model"});
  return std::make_unique<ToyBounce>();
}

void register_parts(crashbench::PluginHost& host) {
  host.add_response_model({"toy-bounce", "example plugin: frictionless normal impulse with e = 0.4",
                           &make_toy_bounce});
}

}  // namespace

CRASHBENCH_PLUGIN(register_parts)
