#include "testkit/toi_corpus.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

namespace crashbench::toi {
namespace {

using Real = long double;
using RVec = Eigen::Matrix<Real, 2, 1>;

/// A convex shape at one instant: a rectangle's four corners counter-clockwise, or a segment's two ends.
struct Shape {
  std::array<RVec, 4> v;
  int n = 4;
};

Shape rectangle_at(const Sweep& s, Real f) {
  const RVec cg = s.cg0_W.cast<Real>() + f * (s.cg1_W - s.cg0_W).cast<Real>();
  const Real psi = s.heading0 + f * (static_cast<Real>(s.heading1) - s.heading0);
  const RVec x(std::cos(psi), std::sin(psi)), y(-x.y(), x.x());
  const Real front = s.size.cg_to_front, rear = s.size.cg_to_rear, half = 0.5L * s.size.width;
  return {{cg + front * x + half * y, cg - rear * x + half * y, cg - rear * x - half * y, cg + front * x - half * y}, 4};
}

Shape wall() { return {{RVec(kWallX0, 0), RVec(kWallX1, 0), RVec::Zero(), RVec::Zero()}, 2}; }

/// Largest gap between the shapes' projections over the edge normals of both: > 0 exactly when they are
/// apart (separating axes) and then at most their distance; <= 0 minus the least overlap when they meet.
Real separation(const Shape& a, const Shape& b) {
  Real best = -1e300L;
  for (const Shape* s : {&a, &b}) {
    const int edges = s->n == 4 ? 2 : 1;  // a rectangle's other two edges repeat these normals
    for (int e = 0; e < edges; ++e) {
      const RVec d = s->v[(e + 1) % s->n] - s->v[e];
      const RVec u = RVec(-d.y(), d.x()) / std::hypot(d.x(), d.y());
      Real a_lo = 1e300L, a_hi = -1e300L, b_lo = 1e300L, b_hi = -1e300L;
      for (int i = 0; i < a.n; ++i) a_lo = std::min(a_lo, u.dot(a.v[i])), a_hi = std::max(a_hi, u.dot(a.v[i]));
      for (int i = 0; i < b.n; ++i) b_lo = std::min(b_lo, u.dot(b.v[i])), b_hi = std::max(b_hi, u.dot(b.v[i]));
      best = std::max(best, std::max(b_lo - a_hi, a_lo - b_hi));
    }
  }
  return best;
}

Real separation_at(const Motion& m, Real f) {
  return separation(rectangle_at(m.a, f), m.pair ? rectangle_at(m.b, f) : wall());
}

/// How fast any point of the rectangle moves, at most [m per step].
Real speed_bound(const Sweep& s) {
  const Real reach = std::hypot(std::max(s.size.cg_to_front, s.size.cg_to_rear), 0.5 * s.size.width);
  return (s.cg1_W - s.cg0_W).cast<Real>().norm() + std::abs(static_cast<Real>(s.heading1) - s.heading0) * reach;
}

/// Points of segment or polygon `clip` inside the convex polygon `rect` (Sutherland-Hodgman), as a list.
std::vector<RVec> clip_to(const Shape& rect, const Shape& clip) {
  std::vector<RVec> poly(clip.v.begin(), clip.v.begin() + clip.n);
  for (int e = 0; e < 4 && !poly.empty(); ++e) {
    const RVec p = rect.v[e], d = rect.v[(e + 1) % 4] - p;
    const auto inside = [&](const RVec& q) { return d.x() * (q.y() - p.y()) - d.y() * (q.x() - p.x()) >= 0; };
    std::vector<RVec> out;
    const std::size_t count = poly.size(), edges = clip.n == 2 && count == 2 ? 1 : count;
    for (std::size_t i = 0; i < edges; ++i) {
      const RVec s = poly[i], t = poly[(i + 1) % count];
      const Real ds = d.x() * (s.y() - p.y()) - d.y() * (s.x() - p.x()), dt = d.x() * (t.y() - p.y()) - d.y() * (t.x() - p.x());
      if (inside(s)) out.push_back(s);
      if ((ds >= 0) != (dt >= 0)) out.push_back(s + (ds / (ds - dt)) * (t - s));
      if (edges == 1 && inside(t)) out.push_back(t);
    }
    poly = out;
  }
  return poly;
}

/// The shapes' common part at f: the wall's piece inside the rectangle, or the common polygon [m].
std::vector<Vec2> common_part(const Motion& m, Real f) {
  std::vector<Vec2> out;
  for (const RVec& p : clip_to(rectangle_at(m.a, f), m.pair ? rectangle_at(m.b, f) : wall())) out.push_back(p.cast<double>());
  return out;
}

/// Where in [lo, hi] the separation is least, by golden sections (one minimum there assumed).
Real least_separation(const Motion& m, Real lo, Real hi) {
  const Real phi = (std::sqrt(5.0L) - 1) / 2;
  for (int i = 0; i < 50; ++i) {  // 0.618^50: 4e-11 of the interval
    const Real x1 = hi - phi * (hi - lo), x2 = lo + phi * (hi - lo);
    if (separation_at(m, x1) < separation_at(m, x2))
      hi = x2;
    else
      lo = x1;
  }
  return 0.5L * (lo + hi);
}

}  // namespace

std::array<Vec2, 4> corners(const Sweep& s, double f) {
  const Shape r = rectangle_at(s, f);
  return {r.v[0].cast<double>(), r.v[1].cast<double>(), r.v[2].cast<double>(), r.v[3].cast<double>()};
}

double distance_to_region(const Vec2& p_W, const std::vector<Vec2>& region_W) {
  if (region_W.empty()) return std::numeric_limits<double>::infinity();
  if (region_W.size() == 1) return (p_W - region_W[0]).norm();
  // Inside a polygon (counter-clockwise, from clipping): no edge has p on its right.
  bool inside = region_W.size() > 2;
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < region_W.size(); ++i) {
    const Vec2 a = region_W[i], b = region_W[(i + 1) % region_W.size()], d = b - a;
    const double t = d.squaredNorm() > 0 ? std::clamp((p_W - a).dot(d) / d.squaredNorm(), 0.0, 1.0) : 0.0;
    best = std::min(best, (p_W - (a + t * d)).norm());
    if (d.x() * (p_W.y() - a.y()) - d.y() * (p_W.x() - a.x()) < 0) inside = false;
  }
  return inside ? 0.0 : best;
}

Reference solve(const Motion& m) {
  Reference r;
  const Real bound = speed_bound(m.a) + (m.pair ? speed_bound(m.b) : 0);
  // The separation at kSamples + 1 even times. Between two samples it falls at most `bound` per unit of
  // time from either end, so an interval whose ends are far enough apart for that is free.
  constexpr int kSamples = 1024;
  constexpr Real h = 1.0L / kSamples, kTouch = 1e-10L;  // [fraction of the step], [m]
  std::array<Real, kSamples + 1> d;
  for (int i = 0; i <= kSamples; ++i) d[static_cast<std::size_t>(i)] = separation_at(m, i * h);
  // The deepest point: the best sample, refined by golden sections over its neighbours.
  const auto best = std::min_element(d.begin(), d.end());
  const Real best_f = static_cast<Real>(best - d.begin()) * h;
  const Real deepest = least_separation(m, std::max<Real>(0, best_f - h), std::min<Real>(1, best_f + h));
  r.min_distance = static_cast<double>(std::min(*best, separation_at(m, deepest)));
  if (r.min_distance > kTouch) return r;  // never touches: no first contact to look for
  // First contact: in the first interval that is not free, where the separation is taken to have one
  // minimum (a thousandth of the step: a turn of 2.5 milliradians at most); its least value by golden
  // sections, and if it touches, the first touch by bisection between the interval's start and it.
  for (int i = 0; i < kSamples && r.toi < 0; ++i) {
    const Real a = d[static_cast<std::size_t>(i)], b = d[static_cast<std::size_t>(i + 1)];
    if ((a + b - bound * h) / 2 > kTouch) continue;
    const Real least = least_separation(m, i * h, (i + 1) * h);
    const bool dips = separation_at(m, least) <= kTouch;
    if (!dips && b > kTouch) continue;
    Real free = i * h, touching = dips ? least : (i + 1) * h;
    for (int k = 0; k < 100; ++k) {
      const Real mid = 0.5L * (free + touching);
      (separation_at(m, mid) > kTouch ? free : touching) = mid;
    }
    r.toi = static_cast<double>(touching);
  }
  if (r.toi < 0) return r;
  // The first moment kRegionDepth deep: bisection between the first contact and the first later sample
  // that deep (or the deepest point); a graze never gets there.
  Real g = r.toi;
  if (r.min_distance <= -kRegionDepth) {
    Real far = deepest;
    for (int i = static_cast<int>(std::ceil(r.toi / h)); i <= kSamples; ++i)
      if (d[static_cast<std::size_t>(i)] <= -kRegionDepth) {
        far = std::min(far, i * h);
        break;
      }
    Real near = r.toi;
    for (int i = 0; i < 100; ++i) {
      const Real mid = 0.5L * (near + far);
      (separation_at(m, mid) > -kRegionDepth ? near : far) = mid;
    }
    g = far;
    r.toi_deep = static_cast<double>(far);
  }
  r.region_W = common_part(m, g);
  Vec2 sum = Vec2::Zero();
  for (const Vec2& p : r.region_W) sum += p;
  if (!r.region_W.empty()) r.point_W = sum / static_cast<double>(r.region_W.size());
  return r;
}

std::vector<Motion> make_corpus(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  const auto log_uniform = [&](double lo, double hi) { return std::exp(uniform(std::log(lo), std::log(hi))); };
  const auto size = [&] {
    const double scale = log_uniform(0.2, 5);
    return RectangleSize{2.25 * scale * uniform(0.7, 1.3), 2.45 * scale * uniform(0.7, 1.3), 1.8 * scale * uniform(0.7, 1.3)};
  };
  // The gap at the moment of closest approach: deep hits, shallow hits, grazes and near misses.
  const auto gap = [&](int i) {
    switch (i % 5) {
      case 0: return -log_uniform(1e-3, 0.5);
      case 1: return -log_uniform(1e-6, 1e-3);
      case 2: return uniform(-1e-6, 1e-6);
      case 3: return log_uniform(1e-6, 1e-2);
      default: return log_uniform(1e-2, 1.0);
    }
  };
  // A graze: the touching point moves along the face at the moment of closest approach, turning little.
  bool graze = false;
  const auto motion = [&](Sweep& s, const Vec2& cg_at, double heading_at, double at) {
    const double travel = log_uniform(1e-3, 1.5), direction = uniform(-std::numbers::pi, std::numbers::pi);  // up to 300 m/s at 5 ms
    const double turn = graze ? uniform(-0.01, 0.01) : uniform(0, 1) < 0.3 ? uniform(-2.5, 2.5) : uniform(-0.05, 0.05);
    const Vec2 dp = travel * Vec2(std::cos(direction), std::sin(direction));
    s.cg0_W = cg_at - at * dp, s.cg1_W = s.cg0_W + dp;
    s.heading0 = heading_at - at * turn, s.heading1 = s.heading0 + turn;
  };
  // Makes the point `touching_W` of `s` at `at` move along `normal` as fast as `along_normal` [m/step].
  const auto tangent = [](Sweep& s, const Vec2& touching_W, const Vec2& normal, double at, double along_normal) {
    const Vec2 cg_at = s.cg0_W + at * (s.cg1_W - s.cg0_W), r = touching_W - cg_at;
    const double turn = s.heading1 - s.heading0;
    Vec2 dp = s.cg1_W - s.cg0_W;
    dp += (along_normal - (dp + turn * Vec2(-r.y(), r.x())).dot(normal)) * normal;
    s.cg0_W = cg_at - at * dp, s.cg1_W = s.cg0_W + dp;
  };
  std::vector<Motion> out;
  while (static_cast<int>(out.size()) < count) {
    const int i = static_cast<int>(out.size());
    Motion m;
    m.pair = i % 3 == 2;
    m.a.size = size();
    const double at = uniform(0.02, 0.98), g = gap(i);
    graze = i % 5 == 2;
    // Headings near a quarter turn give edge-first hits.
    const double heading = uniform(0, 1) < 0.15 ? std::round(uniform(-2, 2)) * std::numbers::pi / 2 + uniform(-1e-3, 1e-3) : uniform(-std::numbers::pi, std::numbers::pi);
    if (!m.pair) {
      // The lowest corner `g` above the wall's line at `at`, near or past the wall's ends.
      Sweep probe{Vec2::Zero(), Vec2::Zero(), heading, heading, m.a.size};
      double lowest = 1e300, x_of_lowest = 0;
      for (const Vec2& c : corners(probe, 0)) if (c.y() < lowest) lowest = c.y(), x_of_lowest = c.x();
      const Vec2 cg_at(uniform(kWallX0 - 1, kWallX1 + 1) - x_of_lowest, g - lowest);  // wall ends included
      motion(m.a, cg_at, heading, at);
      if (graze) tangent(m.a, cg_at + Vec2(x_of_lowest, lowest), Vec2::UnitY(), at, 0.0);
    } else {
      // b's corner deepest towards a, `g` outside one of a's edges.
      m.b.size = size();
      const double a_heading = uniform(-std::numbers::pi, std::numbers::pi);
      Sweep a_probe{kPairOrigin_W, kPairOrigin_W, a_heading, a_heading, m.a.size};
      const std::array<Vec2, 4> ac = corners(a_probe, 0);
      const int e = static_cast<int>(uniform(0, 4)) % 4;
      const Vec2 p = ac[e] + uniform(-0.1, 1.1) * (ac[(e + 1) % 4] - ac[e]);
      const Vec2 outward = Vec2((ac[(e + 1) % 4] - ac[e]).y(), -(ac[(e + 1) % 4] - ac[e]).x()).normalized();
      Sweep b_probe{Vec2::Zero(), Vec2::Zero(), heading, heading, m.b.size};
      Vec2 deepest = Vec2::Zero();
      double most = 1e300;
      for (const Vec2& c : corners(b_probe, 0)) if (c.dot(outward) < most) most = c.dot(outward), deepest = c;
      motion(m.a, kPairOrigin_W, a_heading, at);
      motion(m.b, p + g * outward - deepest, heading, at);
      if (graze) {
        m.a.heading1 = m.a.heading0 = a_heading;  // a's edge keeps its direction: b's corner glides along it
        tangent(m.b, p + g * outward, outward, at, (m.a.cg1_W - m.a.cg0_W).dot(outward));
      }
    }
    if (separation_at(m, 0) <= 1e-5L) continue;  // only motions that start apart
    m.reference = solve(m);
    out.push_back(m);
  }
  return out;
}

}  // namespace crashbench::toi
