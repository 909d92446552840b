// Reconstruction (Brach's backward solve through a case): post-impact states made by running the model
// forward from known pre-impact states go back to those states, with and without friction, and cases that
// cannot be reconstructed are refused with the field named.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/prescribed_contact.hpp"
#include "cases/reconstruction.hpp"
#include "core/json_reader.hpp"
#include "models/response/response_model.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

nlohmann::json zhou_case() { return read_json_file(testing::source_path("cases/library/zhou-rear-end.json")); }

/// `doc` with both vehicles' states replaced by `pre` run forward through the case's model: the case a
/// reconstruction starts from. Returns the pre-impact states it started from in `pre`.
nlohmann::json post_impact_case(nlohmann::json doc, std::array<PlanarState, 2>& pre) {
  const Case c = parse_case(doc, "zhou.json");
  const auto model = make_response_model(JsonReader(c.response, c.source_file, "/response"));
  const std::vector<VehicleParams> params{c.vehicles[0].params, c.vehicles[1].params};
  model->prepare(params, c.dt);
  Body a{params[0].mass, params[0].yaw_inertia, c.vehicles[0].initial};
  Body b{params[1].mass, params[1].yaw_inertia, c.vehicles[1].initial};
  // Non-zero yaw rates, so every column of Brach's system takes part.
  a.state.yaw_rate = 0.3, b.state.yaw_rate = -0.2;
  pre = {a.state, b.state};
  const Contact contact = place_contact(*c.contact, a.state, &b.state);
  const Resolution r = model->resolve(a, &b, contact);
  EXPECT_EQ(r.status, ResolutionStatus::kOk);
  a.apply_impulse(r.impulse.linear_W, contact.point_W);
  b.apply_impulse(-r.impulse.linear_W, contact.point_W);
  for (std::size_t i = 0; i < 2; ++i) {
    nlohmann::json& v = doc["vehicles"][i];
    const PlanarState& post = i == 0 ? a.state : b.state;
    v.erase("speed");
    v["position"] = {post.position_W.x(), post.position_W.y()};
    v["velocity"] = {post.velocity_W.x(), post.velocity_W.y()};
    v["yaw_rate_deg_s"] = post.yaw_rate * 180.0 / std::numbers::pi;
  }
  doc["contact"]["place_other_front"] = false;
  return doc;
}

Reconstruction expect_recovers(const nlohmann::json& forward_doc) {
  std::array<PlanarState, 2> pre;
  const nlohmann::json doc = post_impact_case(forward_doc, pre);
  const Reconstruction r = reconstruct(parse_case(doc, "post.json"));
  const double scale = pre[1].velocity_W.norm();
  EXPECT_LT((r.pre_a.velocity_W - pre[0].velocity_W).norm(), 1e-9 * scale);
  EXPECT_LT((r.pre_b.velocity_W - pre[1].velocity_W).norm(), 1e-9 * scale);
  EXPECT_NEAR(r.pre_a.yaw_rate, pre[0].yaw_rate, 1e-9);
  EXPECT_NEAR(r.pre_b.yaw_rate, pre[1].yaw_rate, 1e-9);
  EXPECT_LT(r.forward_residual, 1e-12);
  // Guard against passing because nothing happened: the impact changed the states.
  EXPECT_GT((r.post_b.velocity_W - r.pre_b.velocity_W).norm(), 1.0);
  return r;
}

TEST(Reconstruction, RecoversZhouPreImpactStatesWithoutFriction) {
  EXPECT_EQ(expect_recovers(zhou_case()).tangential_ratio, 0.0);
}

TEST(Reconstruction, RecoversPreImpactStatesWhenFrictionActs) {
  nlohmann::json doc = zhou_case();
  doc["response"]["friction"] = 0.3;
  doc["response"]["restitution"] = 0.4;
  // The contact point slides, so friction acts and the fixed point on the tangential ratio is exercised.
  const Reconstruction r = expect_recovers(doc);
  EXPECT_GT(std::abs(r.tangential_ratio), 0.01);
  EXPECT_GT(r.iterations, 1);
}

TEST(Reconstruction, RefusesWithoutRestitution) {
  nlohmann::json doc = zhou_case();
  doc["response"]["restitution"] = 0.0;
  try {
    reconstruct(parse_case(doc, "zhou.json"));
    FAIL() << "e = 0 was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/response");
  }
}

TEST(Reconstruction, RefusesWithoutContactOrWithThreeVehicles) {
  nlohmann::json no_contact = zhou_case();
  no_contact.erase("contact");
  EXPECT_THROW(reconstruct(parse_case(no_contact, "zhou.json")), Error);
  nlohmann::json three = zhou_case();
  three["vehicles"].push_back(three["vehicles"][0]);
  try {
    reconstruct(parse_case(three, "zhou.json"));
    FAIL() << "three vehicles were accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/vehicles");
  }
}

}  // namespace
}  // namespace crashbench
