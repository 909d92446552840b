#pragma once
// Small helpers for the response-model tests: bodies, a wall contact, and the post-impact state
// computed by plain impulse-momentum algebra (independent of the models' own helpers).
#include <cmath>

#include "core/contact.hpp"
#include "core/units.hpp"
#include "core/vehicle.hpp"
#include "models/response/response_model.hpp"

namespace crashbench::testing {

/// The model `name` built by its registry factory from {"model": name} plus `params` (its own keys).
inline std::unique_ptr<ResponseModel> make_model(std::string_view name, nlohmann::json params = nlohmann::json::object()) {
  params["model"] = std::string(name);
  return make_response_model(JsonReader(params, "test.json", "/response"));
}

/// A mid-size sedan: 1500 kg, 2500 kg m^2, CG 2.3 m behind the front, 2.4 m ahead of the rear, 1.8 m wide.
inline constexpr double kMass = 1500.0, kYawInertia = 2500.0, kFront = 2.3, kRear = 2.4, kHalfWidth = 0.9;

inline Body make_body(double mass, double inertia, Vec2 position_W, double heading, Vec2 velocity_W,
                      double yaw_rate) {
  Body b;
  b.mass = mass;
  b.yaw_inertia = inertia;
  b.state.position_W = position_W;
  b.state.heading = heading;
  b.state.velocity_W = velocity_W;
  b.state.yaw_rate = yaw_rate;
  return b;
}

inline Contact make_contact(Vec2 point_W, Vec2 normal_W) {
  Contact c;
  c.point_W = point_W;
  c.normal_W = normal_W.normalized();
  return c;
}

/// The body after impulse `J` at `point`: plain m dV = J, Izz dr = rho x J.
struct After {
  Vec2 v;
  double r;
};
inline After after(const Body& body, const Vec2& J, const Vec2& point) {
  const Vec2 rho = point - body.state.position_W;
  return {body.state.velocity_W + J / body.mass,
          body.state.yaw_rate + (rho.x() * J.y() - rho.y() * J.x()) / body.yaw_inertia};
}

/// Velocity of the material point at `point` for CG velocity v and yaw rate r: v + r z x rho.
inline Vec2 point_velocity(const Body& body, const Vec2& v, double r, const Vec2& point) {
  const Vec2 rho = point - body.state.position_W;
  return {v.x() - r * rho.y(), v.y() + r * rho.x()};
}

inline double energy(const Body& body, const Vec2& v, double r) {
  return 0.5 * body.mass * v.squaredNorm() + 0.5 * body.yaw_inertia * r * r;
}

}  // namespace crashbench::testing
