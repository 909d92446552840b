// Brach's planar model over a few thousand randomised impacts (fixed seed): conservation laws,
// no energy gain, restitution at the contact point, friction bound, backward recovers forward.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "models/response/brach_planar.hpp"

namespace crashbench {
namespace {

struct Impact {
  Body a, b;
  Contact c;
  double e = 0, mu = 0;
};

Impact random_impact(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  auto body = [&]() {
    Body x;
    x.mass = 600 + 3000 * unit(rng);
    x.yaw_inertia = x.mass * (0.8 + 2.5 * unit(rng));
    x.state.position_W = {20 * u(rng), 20 * u(rng)};
    x.state.heading = 3.2 * u(rng);
    x.state.velocity_W = {30 * u(rng), 30 * u(rng)};
    x.state.yaw_rate = 2 * u(rng);
    return x;
  };
  Impact i{body(), body(), {}, unit(rng), 1.2 * unit(rng)};
  if (unit(rng) < 0.2) i.mu = 0;
  if (unit(rng) < 0.1) i.e = std::round(i.e);  // the ends e = 0 and e = 1 too
  // Contact point within a car length of both CGs; normal at random.
  i.b.state.position_W = i.a.state.position_W + Vec2(4 * u(rng), 4 * u(rng));
  i.c.point_W = 0.5 * (i.a.state.position_W + i.b.state.position_W) + Vec2(1.5 * u(rng), 1.5 * u(rng));
  i.c.normal_W = unit_at(3.2 * u(rng));
  return i;
}

// Linear momentum, angular momentum about the world origin and kinetic energy of the pair.
struct Totals {
  Vec2 p;
  double h, energy;
};

Totals totals(const Body& a, const Body& b, const BodyPairStates& s) {
  auto part = [](const Body& body, const PlanarState& st) {
    return Totals{body.mass * st.velocity_W,
                  body.yaw_inertia * st.yaw_rate + body.mass * cross(st.position_W, st.velocity_W),
                  0.5 * body.mass * st.velocity_W.squaredNorm() + 0.5 * body.yaw_inertia * st.yaw_rate * st.yaw_rate};
  };
  const Totals x = part(a, s.a), y = part(b, s.b);
  return {x.p + y.p, x.h + y.h, x.energy + y.energy};
}

Vec2 contact_velocity(const BodyPairStates& s, const Vec2& p) {
  return s.a.point_velocity_W(p - s.a.position_W) - s.b.point_velocity_W(p - s.b.position_W);
}

TEST(BrachPlanarProperty, RandomImpactsKeepTheInvariants) {
  std::mt19937_64 rng(20080521);
  int resolved = 0, sticking = 0, sliding = 0;
  for (int k = 0; k < 4000; ++k) {
    const Impact i = random_impact(rng);
    const BodyPairStates pre{i.a.state, i.b.state};
    const BrachImpulse j = brach_impulse(i.a, &i.b, i.c, i.e, i.mu);
    const BodyPairStates post = brach_forward(i.a, i.b, i.c, i.e, i.mu);
    ASSERT_GE(j.normal, 0.0) << k;  // never pulls the bodies together
    ASSERT_TRUE(post.a.velocity_W.allFinite() && post.b.velocity_W.allFinite()) << k;
    if (j.status != ResolutionStatus::kOk) continue;
    ++resolved;
    const Totals t0 = totals(i.a, i.b, pre), t1 = totals(i.a, i.b, post);
    const double p_scale = i.a.mass * pre.a.velocity_W.norm() + i.b.mass * pre.b.velocity_W.norm();
    const double h_scale = std::abs(i.a.yaw_inertia * pre.a.yaw_rate) + std::abs(i.b.yaw_inertia * pre.b.yaw_rate) +
                           i.a.mass * pre.a.position_W.norm() * pre.a.velocity_W.norm() +
                           i.b.mass * pre.b.position_W.norm() * pre.b.velocity_W.norm();
    EXPECT_LE((t1.p - t0.p).norm(), 1e-9 * p_scale) << k;
    EXPECT_LE(std::abs(t1.h - t0.h), 1e-9 * h_scale) << k;
    EXPECT_LE(t1.energy, t0.energy * (1 + 1e-12)) << k << " e=" << i.e << " mu=" << i.mu;
    const Vec2 n = i.c.normal_W, t = perp(n);
    const Vec2 v0 = contact_velocity(pre, i.c.point_W), v1 = contact_velocity(post, i.c.point_W);
    EXPECT_NEAR(n.dot(v1), -i.e * n.dot(v0), 1e-9 * v0.norm()) << k;
    EXPECT_LE(std::abs(j.tangential), i.mu * j.normal * (1 + 1e-12)) << k;
    // Friction never drives the sliding backwards beyond sticking.
    if (j.tangential_ratio != 0) {
      EXPECT_GE(t.dot(v1) * t.dot(v0), -1e-9 * v0.squaredNorm()) << k;
      EXPECT_LT(j.tangential * t.dot(v0), 1e-9 * std::abs(j.normal * v0.norm())) << k;
      (std::abs(t.dot(v1)) < 1e-9 * v0.norm() ? sticking : sliding)++;
    }
    if (i.e < 0.02) continue;  // backward is ill-conditioned near e = 0
    Body a_post = i.a, b_post = i.b;
    a_post.state = post.a;
    b_post.state = post.b;
    const BodyPairStates back = brach_backward(a_post, b_post, i.c, i.e, j.tangential_ratio);
    const double v_scale = pre.a.velocity_W.norm() + pre.b.velocity_W.norm() + 1;
    EXPECT_LE((back.a.velocity_W - pre.a.velocity_W).norm(), 1e-8 * v_scale) << k;
    EXPECT_LE((back.b.velocity_W - pre.b.velocity_W).norm(), 1e-8 * v_scale) << k;
    EXPECT_NEAR(back.a.yaw_rate, pre.a.yaw_rate, 1e-8 * v_scale) << k;
    EXPECT_NEAR(back.b.yaw_rate, pre.b.yaw_rate, 1e-8 * v_scale) << k;
  }
  // The sample exercises every branch: resolved impacts, sticking and sliding friction.
  EXPECT_GT(resolved, 1500);
  EXPECT_GT(sticking, 100);
  EXPECT_GT(sliding, 100);
}

}  // namespace
}  // namespace crashbench
