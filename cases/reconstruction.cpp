#include "cases/reconstruction.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cases/prescribed_contact.hpp"
#include "core/json_reader.hpp"
#include "models/response/brach_planar.hpp"

namespace crashbench {
namespace {

constexpr int kMaxIterations = 50;
constexpr double kRatioSettled = 1e-13;

Body body_of(const VehicleSetup& v, const PlanarState& state) {
  return {v.params.mass, v.params.yaw_inertia, state};
}

/// t.J / n.J of a resolution on `contact` (t = perp(n)).
double tangential_ratio(const Resolution& r, const Contact& contact) {
  const Vec2 n = contact.normal_W.normalized();
  const double jn = n.dot(r.impulse.linear_W);
  return jn > 0 ? perp(n).dot(r.impulse.linear_W) / jn : 0.0;
}

/// Largest velocity difference between `a` and `b`, the yaw rate counted at `half_length` from the CG [m/s].
double velocity_gap(const PlanarState& a, const PlanarState& b, double half_length) {
  return std::max((a.velocity_W - b.velocity_W).norm(), std::abs(a.yaw_rate - b.yaw_rate) * half_length);
}

double half_length(const VehicleSetup& v) { return 0.5 * (v.params.body.cg_to_front + v.params.body.cg_to_rear); }

}  // namespace

Reconstruction reconstruct(const Case& c) {
  if (c.vehicles.size() != 2) throw Error(c.source_file, "/vehicles", "a reconstruction needs exactly two vehicles");
  if (!c.contact)
    throw Error(c.source_file, "/contact", "a reconstruction needs the collision geometry: a 'contact' block");
  const PrescribedContact& pc = *c.contact;
  if (pc.other == kStaticScene)
    throw Error(c.source_file, "/contact", "a reconstruction needs a contact between the two vehicles, not with a wall");
  const VehicleSetup& va = c.vehicles[pc.vehicle];
  const VehicleSetup& vb = c.vehicles[pc.other];
  const std::vector<VehicleParams> params{c.vehicles[0].params, c.vehicles[1].params};
  const auto model = make_response_model(JsonReader(c.response, c.source_file, "/response"));
  model->prepare(params, c.dt);

  Reconstruction out;
  out.post_a = va.initial, out.post_b = vb.initial;
  const Body post_a = body_of(va, out.post_a), post_b = body_of(vb, out.post_b);
  const Contact contact = place_contact(pc, out.post_a, &out.post_b);
  // e depends on the geometry only (angle of attack on the crush plane), so the model gives it on the
  // post-impact states already; the tangential ratio depends on the pre-impact sliding: iterate on it.
  out.restitution = model->resolve(post_a, &post_b, contact).restitution;
  if (!(out.restitution > 0))
    throw Error(c.source_file, "/response",
                "a reconstruction needs a model that imposes a restitution e > 0 at the contact point (with e = 0 "
                "every approach speed ends at the same post-impact state); '" + c.response_model + "' gives " +
                    std::to_string(out.restitution));
  Body pre_a = post_a, pre_b = post_b;
  for (out.iterations = 1;; ++out.iterations) {
    const BodyPairStates pre = brach_backward(post_a, post_b, contact, out.restitution, out.tangential_ratio);
    pre_a.state = pre.a, pre_b.state = pre.b;
    const double ratio = tangential_ratio(model->resolve(pre_a, &pre_b, contact), contact);
    const bool settled = std::abs(ratio - out.tangential_ratio) <= kRatioSettled;
    out.tangential_ratio = ratio;
    if (settled) break;
    if (out.iterations == kMaxIterations)
      throw Error(c.source_file, "/response", "the tangential impulse ratio did not settle in 50 passes");
  }
  out.pre_a = pre_a.state, out.pre_b = pre_b.state;

  // Forward check through the model itself: the recovered states must give back the given ones.
  const Resolution forward = model->resolve(pre_a, &pre_b, contact);
  pre_a.apply_impulse(forward.impulse.linear_W, contact.point_W);
  pre_b.apply_impulse(-forward.impulse.linear_W, contact.point_W);
  const double scale = std::max({out.post_a.velocity_W.norm(), out.post_b.velocity_W.norm(), 1.0});
  out.forward_residual = std::max(velocity_gap(pre_a.state, out.post_a, half_length(va)),
                                  velocity_gap(pre_b.state, out.post_b, half_length(vb))) / scale;
  return out;
}

}  // namespace crashbench
