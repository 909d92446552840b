#pragma once
// The surface rule of detectors/scenes/surface_query.hpp worked out by scanning every triangle, written
// apart from the query (barycentric coordinates, heights interpolated from the corners), for tests that
// hold the query's grid to it. Within `eps` of a face's edge or of the step allowance's ceiling a point may
// rightly go either way, so the reference answers with a range: the strict answer (faces the point is well
// inside, well under the ceiling) and the loose one (faces it is on or near); the query must lie between.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench::testing {

class SurfaceBruteForce {
 public:
  /// The surface faces of `all`: what SurfaceQuery indexes with the same `tolerance_deg`.
  SurfaceBruteForce(const std::vector<Triangle>& all, double tolerance_deg) {
    for (const Triangle& t : all)
      if (!is_degenerate(t) && !is_vertical(t, tolerance_deg)) faces_.push_back(t);
  }

  /// The strict and loose highest heights under `p_W` no more than kStepAllowance above `z_hint` (-inf: none).
  std::pair<double, double> highest(const Vec2& p_W, double z_hint) const {
    const double ceiling = z_hint + kStepAllowance;
    double strict = -kInf, loose = -kInf;
    for (const Triangle& t : faces_) {
      const std::optional<std::pair<double, double>> hit = height_at(t, p_W);  // {z, smallest barycentric}
      if (!hit) continue;
      const auto [z, inside] = *hit;
      if (inside >= -kEps && z <= ceiling + kEps) loose = std::max(loose, z);
      if (inside > kEps && z < ceiling - kEps) strict = std::max(strict, z);
    }
    return {strict, loose};
  }

  /// The strict and loose lowest heights under `p_W` (+inf: none); loose <= strict.
  std::pair<double, double> lowest(const Vec2& p_W) const {
    double strict = kInf, loose = kInf;
    for (const Triangle& t : faces_) {
      const std::optional<std::pair<double, double>> hit = height_at(t, p_W);
      if (!hit) continue;
      if (hit->second >= -kEps) loose = std::min(loose, hit->first);
      if (hit->second > kEps) strict = std::min(strict, hit->first);
    }
    return {strict, loose};
  }

  std::size_t faces() const { return faces_.size(); }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  static constexpr double kEps = 1e-9;

  /// The height of `t`'s plane at `p_W` and the smallest of p's barycentric coordinates in t's footprint
  /// (negative outside); none when p is far outside.
  static std::optional<std::pair<double, double>> height_at(const Triangle& t, const Vec2& p) {
    const double x1 = t.a_W.x(), y1 = t.a_W.y(), x2 = t.b_W.x(), y2 = t.b_W.y(), x3 = t.c_W.x(), y3 = t.c_W.y();
    const double det = (y2 - y3) * (x1 - x3) + (x3 - x2) * (y1 - y3);
    const double l1 = ((y2 - y3) * (p.x() - x3) + (x3 - x2) * (p.y() - y3)) / det;
    const double l2 = ((y3 - y1) * (p.x() - x3) + (x1 - x3) * (p.y() - y3)) / det;
    const double l3 = 1.0 - l1 - l2;
    const double inside = std::min({l1, l2, l3});
    if (inside < -1e-3) return std::nullopt;
    return std::pair{l1 * t.a_W.z() + l2 * t.b_W.z() + l3 * t.c_W.z(), inside};
  }

  std::vector<Triangle> faces_;
};

/// Checks `q` against the reference at `p_W` with `z_hint`; returns the query's answer (NaN: none).
inline double expect_highest_as_brute_force(const SurfaceQuery& q, const SurfaceBruteForce& brute, const Vec2& p_W,
                                            double z_hint, const std::string& where) {
  const double got = q.height_below(p_W, z_hint);
  const auto [strict, loose] = brute.highest(p_W, z_hint);
  const double g = std::isnan(got) ? -std::numeric_limits<double>::infinity() : got;
  EXPECT_TRUE(g >= strict - 1e-9 && g <= loose + 1e-9)
      << where << " at (" << p_W.x() << ", " << p_W.y() << ") hint " << z_hint << ": query " << got
      << ", scanning every face " << strict << " (well inside) to " << loose << " (on an edge)";
  return got;
}

/// Checks `q.lowest_at` against the reference at `p_W`.
inline void expect_lowest_as_brute_force(const SurfaceQuery& q, const SurfaceBruteForce& brute, const Vec2& p_W,
                                         const std::string& where) {
  const double got = q.lowest_at(p_W);
  const auto [strict, loose] = brute.lowest(p_W);
  const double g = std::isnan(got) ? std::numeric_limits<double>::infinity() : got;
  EXPECT_TRUE(g <= strict + 1e-9 && g >= loose - 1e-9)
      << where << " at (" << p_W.x() << ", " << p_W.y() << "): lowest " << got << ", scanning every face " << loose
      << " to " << strict;
}

/// Drives `points_W` in order, each query hinted with the last answer as the runner does (kHighest after
/// a point with no surface), and checks every answer and the lowest surface against the reference.
inline void expect_drive_as_brute_force(const SurfaceQuery& q, const SurfaceBruteForce& brute,
                                        const std::vector<Vec2>& points_W, const std::string& where) {
  double hint = kHighest;
  for (const Vec2& p : points_W) {
    const double z = expect_highest_as_brute_force(q, brute, p, hint, where);
    hint = std::isnan(z) ? kHighest : z;
    expect_highest_as_brute_force(q, brute, p, kHighest, where + " (no hint)");
    expect_lowest_as_brute_force(q, brute, p, where);
    if (::testing::Test::HasFailure()) return;  // one scene's first disagreement says enough
  }
}

/// How a drive's points were answered: with a surface, and of those without a scan of the cell (by the
/// remembered face or a face next to it, and its rivals: SurfaceQuery::answering_face).
struct RememberedFaceUse {
  std::size_t with_surface = 0, without_scan = 0;
};

/// Drives `points_W` in order as the runner does, hinted with the last answer and the face that gave it,
/// and checks that each answer is, bit for bit, the cell scan's (the query with no face remembered).
inline RememberedFaceUse expect_remembered_face_as_scan(const SurfaceQuery& q, const std::vector<Vec2>& points_W,
                                                        const std::string& where) {
  double hint = kHighest;
  int face = -1;
  RememberedFaceUse use;
  for (const Vec2& p : points_W) {
    if (q.answering_face(face, p) >= 0) ++use.without_scan;
    const double scanned = q.height_below(p, hint);
    const double remembered = q.height_below(p, hint, face);
    const bool same = std::isnan(scanned) ? std::isnan(remembered) : remembered == scanned;
    EXPECT_TRUE(same) << where << " at (" << p.x() << ", " << p.y() << ") hint " << hint << ": the cell scan "
                      << scanned << ", the remembered face " << remembered;
    if (!same) return use;  // one scene's first disagreement says enough
    if (!std::isnan(remembered)) ++use.with_surface;
    hint = std::isnan(remembered) ? kHighest : remembered;
  }
  return use;
}

/// A real road's lanes stepped as the runner steps them (`steps_W`, in order): the remembered face gives
/// the scan's bits on every step (expect_remembered_face_as_scan), nine lane centres in ten lie on the road
/// and nine of those in ten are answered without a scan, and a sample of at most `sample` steps agrees with
/// `brute`. Prints the share answered without a scan.
inline void expect_lanes_answered(const SurfaceQuery& q, const SurfaceBruteForce& brute,
                                  const std::vector<Vec2>& steps_W, const std::string& where, std::size_t sample) {
  ASSERT_FALSE(steps_W.empty()) << where;
  const RememberedFaceUse use = expect_remembered_face_as_scan(q, steps_W, where);
  EXPECT_GT(use.with_surface, steps_W.size() * 9 / 10) << where << ": lane centres lie on the road";
  EXPECT_GT(use.without_scan, use.with_surface * 9 / 10) << where << ": nine steps in ten need no scan";
  const std::size_t stride = steps_W.size() / sample + 1;
  std::vector<Vec2> sample_W;
  for (std::size_t k = 0; k < steps_W.size(); k += stride) sample_W.push_back(steps_W[k]);
  expect_drive_as_brute_force(q, brute, sample_W, where + " lanes");
  const double without = 100.0 * static_cast<double>(use.without_scan) / static_cast<double>(use.with_surface);
  std::printf("%s: %zu surface faces, %zu steps, %.1f %% answered without a scan\n", where.c_str(), brute.faces(),
              steps_W.size(), without);
}

/// `n` x `n` points over the bounds of `faces`' footprints, and a margin beyond.
inline std::vector<Vec2> grid_over(const std::vector<Triangle>& faces, int n) {
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::max()), hi = -lo;
  for (const Triangle& t : faces)
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) lo = lo.cwiseMin(v->head<2>()), hi = hi.cwiseMax(v->head<2>());
  const Vec2 margin = 0.05 * (hi - lo);
  lo -= margin, hi += margin;
  std::vector<Vec2> points;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) points.push_back(lo + Vec2((hi - lo).x() * (i + 0.37) / n, (hi - lo).y() * (j + 0.61) / n));
  return points;
}

}  // namespace crashbench::testing
