#include "detectors/scenes/interference.hpp"

#include <algorithm>

namespace crashbench {
namespace {

/// Liang-Barsky: narrows [t0, t1] to where p + t (q - p) has  lo <= coordinate <= hi.
bool clip_axis(double p, double d, double lo, double hi, double& t0, double& t1) {
  if (d == 0) return p >= lo && p <= hi;
  double ta = (lo - p) / d, tb = (hi - p) / d;
  if (ta > tb) std::swap(ta, tb);
  t0 = std::max(t0, ta);
  t1 = std::min(t1, tb);
  return t0 <= t1;
}

}  // namespace

BoundingRectangle bounding_rectangle(const VehiclePose& pose, const GroundGrid& ground) {
  BoundingRectangle r;
  r.cg_W = pose.position_W;
  r.forward_W = unit_at(pose.heading);
  r.front = pose.size.cg_to_front;
  r.rear = pose.size.cg_to_rear;
  r.half_width = 0.5 * pose.size.width;
  r.z = ground.at(pose.position_W) + pose.cg_height;
  const Vec2 f = r.forward_W, l = perp(r.forward_W);
  r.corners_W = {r.cg_W + f * r.front + l * r.half_width, r.cg_W - f * r.rear + l * r.half_width,
                 r.cg_W - f * r.rear - l * r.half_width, r.cg_W + f * r.front - l * r.half_width};
  r.lo_W = r.hi_W = r.corners_W[0];
  for (const Vec2& c : r.corners_W) r.lo_W = r.lo_W.cwiseMin(c), r.hi_W = r.hi_W.cwiseMax(c);
  return r;
}

bool slice_triangle(const Triangle& t, double z, Vec2& p_W, Vec2& q_W) {
  const std::array<const Vec3*, 3> v{&t.a_W, &t.b_W, &t.c_W};
  Vec2 hits[2];
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    const Vec3 &a = *v[i], &b = *v[(i + 1) % 3];
    const bool a_below = a.z() < z, b_below = b.z() < z;
    if (a_below == b_below) continue;  // this edge stays on one side (touching counts as above)
    const double s = (z - a.z()) / (b.z() - a.z());
    if (n < 2) hits[n++] = a.head<2>() + s * (b.head<2>() - a.head<2>());
  }
  if (n < 2) return false;
  p_W = hits[0];
  q_W = hits[1];
  return (q_W - p_W).squaredNorm() > 1e-18;
}

bool InterferenceSet::add_triangle(const Triangle& t, int feature) {
  const BoundingRectangle& r = *rect_;
  Vec2 p, q;
  if (!slice_triangle(t, r.z, p, q)) return false;
  // Clip in the body frame of the rectangle.
  const Vec2 f = r.forward_W, l = perp(f);
  const Vec2 pl(f.dot(p - r.cg_W), l.dot(p - r.cg_W)), d = Vec2(f.dot(q - p), l.dot(q - p));
  double t0 = 0, t1 = 1;
  if (!clip_axis(pl.x(), d.x(), -r.rear, r.front, t0, t1)) return false;
  if (!clip_axis(pl.y(), d.y(), -r.half_width, r.half_width, t0, t1)) return false;
  if ((t1 - t0) * (q - p).norm() <= 1e-9) return false;
  add_piece((q - p).normalized(), p + t0 * (q - p), p + t1 * (q - p), feature);
  return true;
}

void InterferenceSet::add_piece(const Vec2& dir_in, const Vec2& p_W, const Vec2& q_W, int feature) {
  const Vec2 dir = (dir_in.x() < 0 || (dir_in.x() == 0 && dir_in.y() < 0)) ? Vec2(-dir_in) : dir_in;
  const double cos_merge = std::cos(kMergeAngle);
  for (int i = 0; i < count_; ++i) {
    Face& face = faces_[i];
    const Vec2 n = perp(face.dir);
    if (face.dir.dot(dir) < cos_merge) continue;
    if (std::abs(n.dot(p_W - face.on_W)) > kMergeOffset || std::abs(n.dot(q_W - face.on_W)) > kMergeOffset) continue;
    for (const Vec2* e : {&p_W, &q_W}) {
      const double t = face.dir.dot(*e);
      if (t < face.ta) face.ta = t, face.a_W = *e;
      if (t > face.tb) face.tb = t, face.b_W = *e;
    }
    face.feature = std::min(face.feature, feature);
    return;
  }
  if (count_ == kMaxFaces) return;  // more faces than a rectangle can meet: keep the first ones
  Face& face = faces_[count_++];
  const bool p_first = dir.dot(p_W) <= dir.dot(q_W);
  face.dir = dir;
  face.on_W = p_W;
  face.a_W = p_first ? p_W : q_W;
  face.b_W = p_first ? q_W : p_W;
  face.ta = dir.dot(face.a_W);
  face.tb = dir.dot(face.b_W);
  face.feature = feature;
}

void InterferenceSet::emit(int vehicle, std::vector<Contact>& out) {
  const BoundingRectangle& r = *rect_;
  const std::size_t first = out.size();
  for (int i = 0; i < count_; ++i) {
    const Face& face = faces_[i];
    Contact c;
    c.vehicle = vehicle;
    c.other = kStaticScene;
    c.point_W = 0.5 * (face.a_W + face.b_W);
    const Vec2 along = face.b_W - face.a_W;
    Vec2 n = along.norm() > 1e-9 ? perp(along.normalized()) : perp(face.dir);
    if (n.dot(r.cg_W - c.point_W) < 0) n = -n;
    c.normal_W = n;
    c.depth = 0;
    for (const Vec2& corner : r.corners_W) c.depth = std::max(c.depth, -n.dot(corner - c.point_W));
    c.feature = face.feature;
    out.push_back(c);
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [](const Contact& a, const Contact& b) {
    return a.point_W.x() != b.point_W.x() ? a.point_W.x() < b.point_W.x() : a.point_W.y() < b.point_W.y();
  });
}

}  // namespace crashbench
