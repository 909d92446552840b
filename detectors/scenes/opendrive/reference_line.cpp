#include "detectors/scenes/opendrive/reference_line.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

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

/// v = a + b u + c u^2 + d u^3 in the local frame, s the arc length along it: the arc length tabulated
/// once every 1/16 m of u (Simpson's rule on each step), then u(s) by Newton's method from the table's entry
/// below s, so that an evaluation costs a few short integrations whatever the record's length.
class Poly3 final : public RecordCurve {
 public:
  explicit Poly3(const Geometry& g) : RecordCurve(g) {
    constexpr double kStep = 1.0 / 16;
    constexpr std::size_t kMostEntries = 1 << 20;
    const double step = std::max(kStep, g.length / kMostEntries);
    table_.push_back({0, 0});
    while (table_.back().second < g.length && table_.size() < kMostEntries) {
      const double u = table_.back().first;
      table_.push_back({u + step, table_.back().second + arc_length(u, u + step)});
    }
  }
  Pose at(double ds) const override {
    const auto after = std::upper_bound(table_.begin(), table_.end(), ds,
                                        [](double v, const std::pair<double, double>& e) { return v < e.second; });
    const auto& [u0, s0] = after == table_.begin() ? table_.front() : *(after - 1);
    double u = u0 + (ds - s0);  // the arc length grows at least as fast as u: start past the answer
    for (int i = 0; i < 50; ++i) {
      const double step = (arc_length(u0, u) - (ds - s0)) / std::hypot(1.0, slope(u));
      u -= step;
      if (std::abs(step) < 1e-12) break;
    }
    return placed(g_, u, g_.a + u * (g_.b + u * (g_.c + u * g_.d)), std::atan(slope(u)));
  }

 private:
  double slope(double u) const { return g_.b + u * (2 * g_.c + u * 3 * g_.d); }
  /// Simpson's rule over [a, b] with 16 steps (b - a is at most a table step and the last stretch).
  double arc_length(double a, double b) const {
    constexpr int n = 16;
    const double h = (b - a) / n;
    double sum = std::hypot(1.0, slope(a)) + std::hypot(1.0, slope(b));
    for (int i = 1; i < n; ++i) sum += (i % 2 ? 4 : 2) * std::hypot(1.0, slope(a + i * h));
    return sum * h / 3;
  }
  std::vector<std::pair<double, double>> table_;  ///< (u, arc length to u)
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
      gaps_ += gap > kPlanViewTolerance;
      const double turn = std::remainder(g.hdg - end.hdg, 2 * std::numbers::pi);
      if (std::abs(turn) > kKinkTolerance) kinks_.push_back({g.s, turn});
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
