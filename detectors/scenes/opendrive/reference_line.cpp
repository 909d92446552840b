#include "detectors/scenes/opendrive/reference_line.hpp"

#include <algorithm>
#include <cmath>

#include "detectors/scenes/opendrive/clothoid.hpp"

namespace crashbench::odr {
namespace {

/// The local (u, v) frame of a record turned to world and moved to its start.
Pose placed(const Geometry& g, double u, double v, double local_hdg) {
  const double c = std::cos(g.hdg), s = std::sin(g.hdg);
  return {Vec2(g.x + c * u - s * v, g.y + s * u + c * v), g.hdg + local_hdg};
}

/// A curve given by its record's own numbers.
class RecordCurve : public Curve {
 public:
  explicit RecordCurve(const Geometry& g) : g_(g) {}

 protected:
  Geometry g_;
};

class Line final : public RecordCurve {
 public:
  using RecordCurve::RecordCurve;
  Pose at(double ds) const override { return placed(g_, ds, 0, 0); }
};

/// A circle of curvature k: the chord of length 2 sin(k ds / 2) / k along the mean heading, which stays
/// accurate as k goes to 0 (sin(x)/x near 1) where the centre-based form divides by a vanishing k.
class Arc final : public RecordCurve {
 public:
  using RecordCurve::RecordCurve;
  Pose at(double ds) const override {
    const double half = 0.5 * g_.curvature * ds;
    const double chord = std::abs(half) < 1e-8 ? ds * (1 - half * half / 6) : std::sin(half) / half * ds;
    return placed(g_, chord * std::cos(half), chord * std::sin(half), 2 * half);
  }
};

class Spiral final : public Curve {
 public:
  explicit Spiral(const Geometry& g)
      : clothoid_(Vec2(g.x, g.y), g.hdg, g.curv_start,
                  g.length > 0 ? (g.curv_end - g.curv_start) / g.length : 0.0, g.length) {}
  Pose at(double ds) const override { return {clothoid_.position(ds), clothoid_.heading(ds)}; }

 private:
  Clothoid clothoid_;
};

class ParamPoly3 final : public RecordCurve {
 public:
  using RecordCurve::RecordCurve;
  Pose at(double ds) const override {
    const double p = g_.normalized ? (g_.length > 0 ? ds / g_.length : 0.0) : ds;
    const double u = g_.au + p * (g_.bu + p * (g_.cu + p * g_.du));
    const double v = g_.av + p * (g_.bv + p * (g_.cv + p * g_.dv));
    const double du = g_.bu + p * (2 * g_.cu + p * 3 * g_.du), dv = g_.bv + p * (2 * g_.cv + p * 3 * g_.dv);
    return placed(g_, u, v, du == 0 && dv == 0 ? 0.0 : std::atan2(dv, du));
  }
};

/// v = a + b u + c u^2 + d u^3 in the local frame, s the arc length along it: u(s) found by Newton's
/// method on the arc length, integrated with Simpson's rule on steps of at most 1/64 m.
class Poly3 final : public RecordCurve {
 public:
  using RecordCurve::RecordCurve;
  Pose at(double ds) const override {
    double u = ds;  // the arc length is at least u: start there and walk back
    for (int i = 0; i < 50; ++i) {
      const double f = arc_length(u) - ds;
      const double step = f / std::hypot(1.0, slope(u));
      u -= step;
      if (std::abs(step) < 1e-12) break;
    }
    return placed(g_, u, g_.a + u * (g_.b + u * (g_.c + u * g_.d)), std::atan(slope(u)));
  }

 private:
  double slope(double u) const { return g_.b + u * (2 * g_.c + u * 3 * g_.d); }
  double arc_length(double u) const {
    const int n = 2 * std::clamp(static_cast<int>(std::ceil(std::abs(u) * 32)), 1, 1 << 20);
    const double h = u / n;
    double sum = std::hypot(1.0, slope(0)) + std::hypot(1.0, slope(u));
    for (int i = 1; i < n; ++i) sum += (i % 2 ? 4 : 2) * std::hypot(1.0, slope(i * h));
    return sum * h / 3;
  }
};

}  // namespace

std::unique_ptr<Curve> make_curve(const Geometry& g) {
  switch (g.kind) {
    case Geometry::Kind::kLine: return std::make_unique<Line>(g);
    case Geometry::Kind::kArc: return std::make_unique<Arc>(g);
    case Geometry::Kind::kSpiral: return std::make_unique<Spiral>(g);
    case Geometry::Kind::kPoly3: return std::make_unique<Poly3>(g);
    case Geometry::Kind::kParamPoly3: return std::make_unique<ParamPoly3>(g);
  }
  return std::make_unique<Line>(g);
}

ReferenceLine::ReferenceLine(const Road& road) {
  for (const Geometry& g : road.plan_view) {
    if (!curves_.empty()) {
      const Pose end = curves_.back()->at(road.plan_view[curves_.size() - 1].length);
      const double gap = (end.p_W - Vec2(g.x, g.y)).norm();
      largest_gap_ = std::max(largest_gap_, gap);
      gaps_ += gap > 1e-3;
    }
    starts_.push_back(g.s);
    curves_.push_back(make_curve(g));
  }
}

Pose ReferenceLine::at(double s) const {
  const auto after = std::upper_bound(starts_.begin(), starts_.end(), s);
  const std::size_t i = after == starts_.begin() ? 0 : static_cast<std::size_t>(after - starts_.begin()) - 1;
  return curves_[i]->at(s - starts_[i]);
}

}  // namespace crashbench::odr
