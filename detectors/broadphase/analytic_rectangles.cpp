#include "detectors/broadphase/analytic_rectangles.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "detectors/broadphase/footprint_overlap.hpp"

namespace crashbench {

bool PlacedRectangle::contains(const Vec2& p_W) const {
  const Vec2 p_B = to_body(p_W);
  return p_B.x() >= x_min_B && p_B.x() <= x_max_B && std::abs(p_B.y()) <= half_width;
}

PlacedRectangle place_rectangle(const VehiclePose& pose) {
  PlacedRectangle r;
  r.cg_W = pose.position_W;
  r.forward_W = pose.forward_W();
  r.left_W = perp(r.forward_W);
  r.x_min_B = -pose.size.cg_to_rear;
  r.x_max_B = pose.size.cg_to_front;
  r.half_width = 0.5 * pose.size.width;
  const double xs[4] = {r.x_min_B, r.x_max_B, r.x_max_B, r.x_min_B};
  const double ys[4] = {-r.half_width, -r.half_width, r.half_width, r.half_width};
  r.box_min_W = Vec2::Constant(std::numeric_limits<double>::infinity());
  r.box_max_W = -r.box_min_W;
  for (int k = 0; k < 4; ++k) {
    r.corners_W[k] = r.cg_W + xs[k] * r.forward_W + ys[k] * r.left_W;
    r.box_min_W = r.box_min_W.cwiseMin(r.corners_W[k]);
    r.box_max_W = r.box_max_W.cwiseMax(r.corners_W[k]);
  }
  return r;
}

void rectangle_bounds(const VehiclePose& pose, Vec2& lo_W, Vec2& hi_W) {
  const Vec2 forward = pose.forward_W();
  const RectangleSize& s = pose.size;
  rectangle_box({pose.position_W + 0.5 * (s.cg_to_front - s.cg_to_rear) * forward, forward,
                 0.5 * (s.cg_to_front + s.cg_to_rear), 0.5 * s.width},
                lo_W, hi_W);
  lo_W.array() -= 1e-6, hi_W.array() += 1e-6;
}

PreparedWall prepare_wall(const WallSegment& wall, int index) {
  const Vec2 d = wall.b_W - wall.a_W;
  const double length = d.norm();
  if (!(length > 0) || !std::isfinite(length))
    throw Error("", "/walls/" + std::to_string(index), "expected a wall of finite, non-zero length");
  PreparedWall w;
  w.a_W = wall.a_W;
  w.b_W = wall.b_W;
  w.left_normal_W = perp(d) / length;
  w.box_min_W = wall.a_W.cwiseMin(wall.b_W);
  w.box_max_W = wall.a_W.cwiseMax(wall.b_W);
  return w;
}

/// Shallower than this a contact is a touch [m]: far below any overlap a step makes, far above rounding.
constexpr double kTouchingDepth = 1e-9;

bool wall_contact(const PreparedWall& wall, const PlacedRectangle& r, Contact& c) {
  const Vec2 a_B = r.to_body(wall.a_W);
  const Vec2 d_B = r.direction_to_body(wall.b_W - wall.a_W);
  double t0 = 0, t1 = 1;
  if (!clip_to_slab(a_B.x(), d_B.x(), r.x_min_B, r.x_max_B, t0, t1) ||
      !clip_to_slab(a_B.y(), d_B.y(), -r.half_width, r.half_width, t0, t1))
    return false;
  // The normal points to the CG's side of the wall line (the left side if the CG is on the line).
  const bool cg_left = (r.cg_W - wall.a_W).dot(wall.left_normal_W) >= 0;
  const Vec2 n = cg_left ? wall.left_normal_W : Vec2(-wall.left_normal_W);
  double lowest = 0;
  for (const Vec2& corner : r.corners_W) lowest = std::min(lowest, (corner - wall.a_W).dot(n));
  c.depth = lowest < 0 ? -lowest : 0.0;
  if (c.depth < kTouchingDepth) {
    // Just touching (a swept contact at its time of impact): a wall along the touched face lies on the
    // slab's edge to rounding, where the clip falls anywhere along the face (a head-on hit would get a
    // lever arm and spin). Knight's interference line is then the face's length of wall: clip against the
    // slabs widened by the touching depth.
    t0 = 0, t1 = 1;
    clip_to_slab(a_B.x(), d_B.x(), r.x_min_B - kTouchingDepth, r.x_max_B + kTouchingDepth, t0, t1);
    clip_to_slab(a_B.y(), d_B.y(), -r.half_width - kTouchingDepth, r.half_width + kTouchingDepth, t0, t1);
  }
  c.point_W = wall.a_W + 0.5 * (t0 + t1) * (wall.b_W - wall.a_W);
  c.normal_W = n;
  return true;
}

namespace {
// Projection of rectangle `r` on unit axis `u`: centre and half extent [m].
struct Interval {
  double center, radius;
};
Interval project(const PlacedRectangle& r, const Vec2& u) {
  const double half_length = 0.5 * (r.x_max_B - r.x_min_B);
  return {r.center_W().dot(u), half_length * std::abs(r.forward_W.dot(u)) + r.half_width * std::abs(r.left_W.dot(u))};
}

// Least-penetration axis of two rectangles (separating axis theorem); false if an axis separates them.
bool least_penetration(const PlacedRectangle& a, const PlacedRectangle& b, Vec2& normal, double& depth, int& axis) {
  const Vec2 axes[4] = {a.forward_W, a.left_W, b.forward_W, b.left_W};
  depth = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 4; ++k) {
    const Interval ia = project(a, axes[k]), ib = project(b, axes[k]);
    const double reach = ia.radius + ib.radius;
    // Pushing a along +u out of b takes `push_plus`, along -u `push_minus`.
    const double push_plus = reach - (ia.center - ib.center), push_minus = reach + (ia.center - ib.center);
    if (push_plus < 0 || push_minus < 0) return false;
    const double pen = std::min(push_plus, push_minus);
    if (pen < depth) {
      depth = pen;
      axis = k;
      const bool plus = push_plus < push_minus || (push_plus == push_minus && ia.center >= ib.center);
      normal = plus ? axes[k] : Vec2(-axes[k]);
    }
  }
  return true;
}

// Up to 16 points where the edges of two rectangles cross, without repeats.
struct Crossings {
  std::array<Vec2, 16> points;
  int count = 0;
  void add(const Vec2& p) {
    constexpr double kSame = 1e-9;  // [m]: a corner on an edge is found from both of its edges
    for (int i = 0; i < count; ++i)
      if ((points[i] - p).cwiseAbs().maxCoeff() <= kSame) return;
    points[count++] = p;
  }
};

// Adds the crossing of closed segments p + s r and q + t e, unless they are parallel.
void cross_edges(const Vec2& p, const Vec2& r, const Vec2& q, const Vec2& e, Crossings& out) {
  const double denom = cross(r, e);
  if (denom * denom <= 1e-24 * r.squaredNorm() * e.squaredNorm()) return;  // |sin| <= 1e-12
  // s = s_num / |denom| and t likewise; compare before dividing (same verdict, fewer divisions).
  const double sign = denom > 0 ? 1.0 : -1.0, abs_denom = sign * denom;
  const double s_num = sign * cross(q - p, e), t_num = sign * cross(q - p, r);
  if (s_num >= 0 && s_num <= abs_denom && t_num >= 0 && t_num <= abs_denom) out.add(p + (s_num / abs_denom) * r);
}

// Mean of the corners of one rectangle inside the other (one inside the other, or touching); else the
// midpoint of the centres. Used only when no edges cross.
Vec2 fallback_point(const PlacedRectangle& a, const PlacedRectangle& b) {
  Vec2 sum = Vec2::Zero();
  int n = 0;
  for (int k = 0; k < 4; ++k) {
    if (b.contains(a.corners_W[k])) sum += a.corners_W[k], ++n;
    if (a.contains(b.corners_W[k])) sum += b.corners_W[k], ++n;
  }
  return n > 0 ? Vec2(sum / n) : Vec2(0.5 * (a.center_W() + b.center_W()));
}

// Distance from `p_W` to the closed rectangle `r` [m]: 0 inside.
double corner_gap(const PlacedRectangle& r, const Vec2& p_W) {
  const Vec2 p_B = r.to_body(p_W);
  const double dx = std::max({r.x_min_B - p_B.x(), 0.0, p_B.x() - r.x_max_B});
  const double dy = std::max(std::abs(p_B.y()) - r.half_width, 0.0);
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace

double rectangle_gap(const PlacedRectangle& a, const PlacedRectangle& b) {
  // Apart exactly where rectangle_contact finds no contact: the same separating axes.
  Vec2 normal;
  double depth = 0;
  int axis = 0;
  if (least_penetration(a, b, normal, depth, axis)) return 0.0;
  double gap = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 4; ++k) gap = std::min({gap, corner_gap(b, a.corners_W[k]), corner_gap(a, b.corners_W[k])});
  return gap;
}

bool rectangle_contact(const PlacedRectangle& a, const PlacedRectangle& b, Contact& c) {
  Vec2 normal = Vec2::UnitX();
  double depth = 0;
  int axis = 0;
  if (!least_penetration(a, b, normal, depth, axis)) return false;
  Crossings crossings;
  for (int i = 0; i < 4; ++i) {
    const Vec2& p = a.corners_W[i];
    const Vec2 r = a.corners_W[(i + 1) % 4] - p;
    for (int j = 0; j < 4; ++j) cross_edges(p, r, b.corners_W[j], b.corners_W[(j + 1) % 4] - b.corners_W[j], crossings);
  }
  Vec2 sum = Vec2::Zero();
  for (int i = 0; i < crossings.count; ++i) sum += crossings.points[i];
  c.point_W = crossings.count > 0 ? Vec2(sum / crossings.count) : fallback_point(a, b);
  c.normal_W = normal;
  c.depth = depth;
  c.feature = axis;
  return true;
}

}  // namespace crashbench
