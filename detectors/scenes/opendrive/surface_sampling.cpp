#include "detectors/scenes/opendrive/surface_sampling.hpp"

#include <Eigen/Geometry>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "core/error.hpp"

namespace crashbench::odr {
namespace {

constexpr double kShortest = 1e-3;  // [m]
constexpr std::array<double, 3> kAlong{0.5, 0.25, 0.75};
constexpr int kDeepest = 41;  // halvings of an interval: 2^-41 of a road's length is below any floor
constexpr std::array<double, 5> kAcross{0.0, 0.25, 0.5, 0.75, 1.0};

/// Distance from p to the triangle a-b-c [m]: to its plane where p's foot lies inside it, else to the
/// nearest edge (which also answers for a triangle of no area).
double distance_to_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = (b - a).cross(c - a);
  const double n2 = n.squaredNorm();
  if (n2 > 0) {
    const Vec3 foot = p - ((p - a).dot(n) / n2) * n;
    // The foot is inside when it lies on the inner side of all three edges.
    if ((b - a).cross(foot - a).dot(n) >= 0 && (c - b).cross(foot - b).dot(n) >= 0 &&
        (a - c).cross(foot - c).dot(n) >= 0)
      return (p - foot).norm();
  }
  return std::min({distance_to_segment(p, a, b), distance_to_segment(p, b, c), distance_to_segment(p, c, a)});
}

/// How far the exact point at (sigma, tau) of the quad A-B-C-D (A-B the inner edge from s0 to s1, D-C the
/// outer, split along A-C) lies from the mesh: on a lane's edge (tau 0 or 1) from that edge's chord, so
/// that the mesh's border follows the lane's; inside it from the quad's two triangles. Never more than its
/// distance to the mesh point of the same parameters, which counts a lane that widens fast (its inner
/// edge short, its outer long) as far off where the two are the same plane.
double distance_to_mesh(const Vec3& exact, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, double tau) {
  if (tau == 0) return distance_to_segment(exact, a, b);
  if (tau == 1) return distance_to_segment(exact, d, c);
  return std::min(distance_to_triangle(exact, a, b, c), distance_to_triangle(exact, a, c, d));
}

struct Sampler {
  const SectionPoints& points;
  std::span<const std::pair<int, int>> strips;
  double tolerance, longest;
  std::size_t most_cuts;
  Sampling out;
  std::vector<Vec3> mid;
  std::array<std::vector<Vec3>, kDeepest + 1> halves;  // the points at each depth's halving, reused

  /// The largest probe distance of the interval [s0, s1] with points p0 and p1 at its ends, or the first
  /// that passes `enough` (the middle probed first: an interval's error is largest there as a rule).
  double error(double s0, double s1, const std::vector<Vec3>& p0, const std::vector<Vec3>& p1, double enough) {
    double worst = 0;
    for (const double sigma : kAlong) {
      points(s0 + sigma * (s1 - s0), mid);
      for (const auto& [i, o] : strips)
        for (const double tau : kAcross) {
          const Vec3 exact = (1 - tau) * mid[i] + tau * mid[o];
          worst = std::max(worst, distance_to_mesh(exact, p0[i], p1[i], p1[o], p0[o], tau));
          if (worst > enough) return worst;
        }
    }
    return worst;
  }

  /// Appends the cuts after s0 up to and including s1.
  void refine(double s0, double s1, const std::vector<Vec3>& p0, const std::vector<Vec3>& p1, int depth) {
    if (out.s.size() > most_cuts)
      throw Error("", fmt::format("s {:.3f}", s0),
                  fmt::format("the surface needs more than {} cuts to stay within {:g} m, all the triangle budget "
                              "leaves: polynomials of absurd size",
                              most_cuts, tolerance));
    // Too long, it is halved whatever its error; past the tolerance too, so its probes stop there; at the
    // floor it is kept, its whole error counted.
    const bool kept_anyway = s1 - s0 < kShortest || depth == kDeepest;
    if (kept_anyway || s1 - s0 <= longest) {
      const double e = error(s0, s1, p0, p1, kept_anyway ? std::numeric_limits<double>::infinity() : tolerance);
      if (kept_anyway || e <= tolerance) {
        out.worst = std::max(out.worst, e);
        out.s.push_back(s1);
        return;
      }
    }
    const double sm = 0.5 * (s0 + s1);
    std::vector<Vec3>& pm = halves[static_cast<std::size_t>(depth)];
    points(sm, pm);
    refine(s0, sm, p0, pm, depth + 1);
    refine(sm, s1, pm, p1, depth + 1);
  }
};

}  // namespace

Sampling sample_section(std::span<const double> breaks, const SectionPoints& points,
                        std::span<const std::pair<int, int>> strips, double tolerance, double longest,
                        std::size_t most_cuts) {
  Sampler sampler{points, strips, tolerance, longest, most_cuts, {}, {}, {}};
  sampler.out.s.push_back(breaks.front());
  std::vector<Vec3> p0, p1;
  for (std::size_t k = 1; k < breaks.size(); ++k) {
    const double lo = breaks[k - 1], hi = breaks[k];
    points(lo, p0);
    points(hi, p1);
    sampler.refine(lo, hi, p0, p1, 0);
  }
  return sampler.out;
}

}  // namespace crashbench::odr
