#include "validation/wall_impact.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/units.hpp"
#include "models/response/brach_planar.hpp"

namespace crashbench {
namespace {

// A friction cap no impact reaches: brach_impulse then applies the critical (sticking) ratio.
constexpr double kUncapped = 1e9;

Body car(double mass, double yaw_inertia, double speed) {
  Body b;
  b.mass = mass;
  b.yaw_inertia = yaw_inertia;
  b.state.velocity_W = Vec2(speed, 0);
  return b;
}

// The barrier's contact normal (from the barrier towards the car, so against the car's +x travel).
Vec2 normal_of(const IihsRow& row, const WallReading& r) {
  const double g = r.gamma_side * row.gamma_deg * kDegToRad;
  const Vec2 along(std::cos(g), std::sin(g));
  const Vec2 n = r.gamma_is_normal ? along : perp(along);
  return n.x() <= 0 ? n : Vec2(-n);
}

}  // namespace

std::string WallReading::name() const {
  return fmt::format("phi {}, Gamma the {}'s angle {}, mu {}", phi_side > 0 ? "ccw" : "cw",
                     gamma_is_normal ? "normal" : "surface", gamma_side > 0 ? "ccw" : "cw",
                     mu_of_critical ? "% of critical" : "%/100 as a cap");
}

std::vector<WallReading> all_readings() {
  std::vector<WallReading> out;
  for (const bool mu : {true, false})
    for (const bool normal : {false, true})
      for (const double gs : {1.0, -1.0})
        for (const double ps : {1.0, -1.0}) out.push_back({ps, normal, gs, mu});
  return out;
}

Contact wall_contact(const IihsRow& row, const WallReading& reading) {
  Contact c;
  const double phi = reading.phi_side * row.phi_deg * kDegToRad;
  c.point_W = row.d * Vec2(std::cos(phi), std::sin(phi));
  c.normal_W = normal_of(row, reading);
  c.other = kStaticScene;
  return c;
}

WallOutcome wall_impact(const IihsRow& row, const WallReading& reading, double mass, double yaw_inertia, double e,
                        double mu_percent) {
  WallOutcome o;
  const Body a = car(mass, yaw_inertia, row.speed);
  const Contact c = wall_contact(row, reading);
  const BrachImpulse critical = brach_impulse(a, nullptr, c, e, kUncapped);
  if (critical.status != ResolutionStatus::kOk) return o;
  o.critical_ratio = std::abs(critical.tangential_ratio);
  const double cap = reading.mu_of_critical ? mu_percent / 100 * o.critical_ratio : mu_percent / 100;
  const BrachImpulse j = brach_impulse(a, nullptr, c, e, cap);
  if (j.status != ResolutionStatus::kOk) return o;
  const Vec2 n = c.normal_W.normalized();
  const Vec2 impulse = j.normal * n + j.tangential * perp(n);
  o.delta_v_B = impulse / mass;
  o.yaw_rate = cross(c.point_W, impulse) / yaw_inertia;
  o.ok = true;
  return o;
}

double wall_error(const WallOutcome& o, const IihsRow& row, double k2) {
  if (!o.ok) return 1e9;
  // The velocity change's own metric: the kinetic energy of the miss, m (dvx^2 + dvy^2) + I dr^2, over m
  // and relative to the measured change's, so a yaw rate error counts as the CG speed error of the same
  // energy (k^2 = I / m).
  const double ex = std::abs(o.delta_v_B.x()) - row.dvx;
  const double ey = std::abs(o.delta_v_B.y()) - row.dvy;
  const double er = (std::abs(o.yaw_rate) * kRadToDeg - row.omega_deg_s) * kDegToRad;
  const double wr = row.omega_deg_s * kDegToRad;
  return std::sqrt((ex * ex + ey * ey + k2 * er * er) / (row.dvx * row.dvx + row.dvy * row.dvy + k2 * wr * wr));
}

WallFit fit_wall(const IihsRow& row, const WallReading& reading, double mass, double yaw_inertia) {
  WallFit best{0, 0, 1e18};
  double e_lo = 0, e_hi = 1, m_lo = 0, m_hi = 100;
  // A 41 x 41 grid, then the same grid over the two cells about the best point, five times: the
  // spacing falls from 0.025 in e (2.5 points in mu) to under 1e-5.
  for (int round = 0; round < 6; ++round) {
    const double de = (e_hi - e_lo) / 40, dm = (m_hi - m_lo) / 40;
    for (int i = 0; i <= 40; ++i)
      for (int k = 0; k <= 40; ++k) {
        const double e = e_lo + i * de, mu = m_lo + k * dm;
        const double err = wall_error(wall_impact(row, reading, mass, yaw_inertia, e, mu), row, yaw_inertia / mass);
        if (err < best.error) best = {e, mu, err};
      }
    e_lo = std::max(0.0, best.e - 2 * de), e_hi = std::min(1.0, best.e + 2 * de);
    m_lo = std::max(0.0, best.mu_percent - 2 * dm), m_hi = std::min(100.0, best.mu_percent + 2 * dm);
  }
  return best;
}

}  // namespace crashbench
