// Invariants of both wall models over a grid of hits: angles 0..90 deg, contact points along the
// front and the right side, yaw rates, side slip, e, mu and P. Post states by plain algebra.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "models/response/energy_loss.hpp"
#include "models/response/restitution.hpp"
#include "tests/models/response/response_fixtures.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;

struct Hit {
  Body car;
  Contact contact;
};

std::vector<Hit> grid_hits() {
  std::vector<Vec2> offsets_B;
  for (double y : {-kHalfWidth, -0.45, 0.0, 0.45, kHalfWidth}) offsets_B.emplace_back(kFront, y);
  for (double x : {-kRear, -1.2, 0.0, 1.2}) offsets_B.emplace_back(x, -kHalfWidth);
  std::vector<Hit> hits;
  for (int deg = 0; deg <= 90; deg += 10)
    for (const Vec2& rho_B : offsets_B)
      for (double yaw_rate : {-0.6, 0.0, 0.6})
        for (double slip : {0.0, 0.15}) {
          const double heading = -deg * kDegToRad;  // wall y = 0 below, normal +Y
          const Body car = make_body(kMass, kYawInertia, {0.0, 3.0}, heading, 20.0 * unit_at(heading + slip), yaw_rate);
          hits.push_back({car, make_contact(car.state.position_W + rotation(heading) * rho_B, {0.0, 1.0})});
        }
  return hits;
}

struct Counts {
  int approaching = 0, sticking = 0, slipping = 0, reversed_by_normal = 0, energy_ok = 0, fallback = 0;
};

// Checks the invariants every wall model keeps; returns n.v_p after and before through the out-params.
void check_common(const Hit& h, const Resolution& r, double mu, double& vn1, double& vn2) {
  const Vec2 n = h.contact.normal_W, p = h.contact.point_W, J = r.impulse.linear_W;
  const Vec2 vp1 = point_velocity(h.car, h.car.state.velocity_W, h.car.state.yaw_rate, p);
  vn1 = n.dot(vp1);
  if (vn1 >= 0) {
    EXPECT_EQ(r.status, ResolutionStatus::kSeparating);
    EXPECT_TRUE(J.isZero());
    return;
  }
  ASSERT_TRUE(std::isfinite(J.x()) && std::isfinite(J.y()));
  const auto post = after(h.car, J, p);
  const Vec2 vp2 = point_velocity(h.car, post.v, post.r, p);
  vn2 = n.dot(vp2);
  const double speed = vp1.norm(), jn = n.dot(J), jt = J.dot(perp(n));
  EXPECT_GT(jn, 0.0);
  EXPECT_GE(vn2, -1e-9 * speed);  // the contact point leaves (or rests on) the wall
  const double e1 = energy(h.car, h.car.state.velocity_W, h.car.state.yaw_rate);
  EXPECT_LE(energy(h.car, post.v, post.r), e1 * (1 + 1e-12));
  EXPECT_LE(std::abs(jt), mu * jn * (1 + 1e-12) + 1e-12 * J.norm());
  EXPECT_GE(r.mu_used, 0.0);
  EXPECT_LE(r.mu_used, mu * (1 + 1e-12));
  EXPECT_NEAR(std::abs(jt), r.mu_used * jn, 1e-9 * J.norm());
  // Friction never pushes the point the way it already slides.
  const double slide1 = vp1.dot(perp(n));
  if (std::abs(slide1) > 1e-9 * speed) {
    EXPECT_LE(jt * slide1, 1e-12 * J.norm() * speed);
  }
}

// Runs `model` on every hit, checks the common invariants, and hands approaching hits to `extra`.
template <class Extra>
void for_each_approaching(const ResponseModel& model, double mu, const std::vector<Hit>& hits, Counts& counts,
                          Extra extra) {
  for (const Hit& h : hits) {
    const Resolution r = model.resolve(h.car, nullptr, h.contact);
    double vn1 = 0, vn2 = 0;
    check_common(h, r, mu, vn1, vn2);
    if (vn1 >= 0) continue;
    ++counts.approaching;
    extra(h, r, vn1, vn2);
  }
}

TEST(WallGrid, RestitutionKeepsItsInvariants) {
  const auto hits = grid_hits();
  Counts counts;
  for (double e : {0.0, 0.3, 0.8, 1.0})
    for (double mu : {0.0, 0.3, 0.8}) {
      KnightLaws params;
      params.restitution = AngleLaw::fixed(e);
      params.friction = AngleLaw::fixed(mu);
      for_each_approaching(RestitutionModel(params), mu, hits, counts, [&](const Hit& h, const Resolution& r,
                                                                           double vn1, double vn2) {
        EXPECT_NEAR(vn2, -e * vn1, 1e-9 * std::abs(vn1));
        // Capped friction never reverses the sliding; only the normal impulse alone may (then mu_used = 0).
        const Vec2 n = h.contact.normal_W, t = perp(n), p = h.contact.point_W;
        const auto post = after(h.car, r.impulse.linear_W, p);
        const double s1 = t.dot(point_velocity(h.car, h.car.state.velocity_W, h.car.state.yaw_rate, p));
        const double s2 = t.dot(point_velocity(h.car, post.v, post.r, p));
        const double speed = std::hypot(s1, vn1);
        if (std::abs(s1) > 1e-9 * speed && (s1 > 0 ? s2 : -s2) < -1e-9 * speed) {
          ++counts.reversed_by_normal;
          EXPECT_EQ(r.mu_used, 0.0) << "friction reversed the sliding";
        }
        if (r.mu_used > 1e-6 && r.mu_used < mu - 1e-6) ++counts.sticking;
        if (mu > 0 && r.mu_used == mu) ++counts.slipping;
      });
    }
  EXPECT_GT(counts.approaching, 1000);
  EXPECT_GT(counts.sticking, 10);
  EXPECT_GT(counts.slipping, 10);
  EXPECT_GT(counts.reversed_by_normal, 10);
}

TEST(WallGrid, EnergyLossKeepsItsInvariants) {
  const auto hits = grid_hits();
  Counts counts;
  for (double P : {0.04, 0.5, 0.95})
    for (double mu : {0.0, 0.3, 0.8}) {
      KnightLaws params;
      params.energy_kept = AngleLaw::fixed(P);
      params.friction = AngleLaw::fixed(mu);
      for_each_approaching(EnergyLossModel(params), mu, hits, counts, [&](const Hit& h, const Resolution& r,
                                                                          double vn1, double vn2) {
        const auto post = after(h.car, r.impulse.linear_W, h.contact.point_W);
        const double e1 = energy(h.car, h.car.state.velocity_W, h.car.state.yaw_rate);
        if (r.status == ResolutionStatus::kOk) {
          ++counts.energy_ok;
          EXPECT_NEAR(energy(h.car, post.v, post.r) / e1, P, 1e-9);
        } else {
          ++counts.fallback;
          EXPECT_TRUE(r.status == ResolutionStatus::kNoRealRoot || r.status == ResolutionStatus::kRootPenetrates);
          EXPECT_NEAR(vn2, 0.0, 1e-9 * std::abs(vn1));
        }
      });
    }
  EXPECT_GT(counts.energy_ok, 500);
  EXPECT_GT(counts.fallback, 10);
}

}  // namespace
}  // namespace crashbench
