#include "detectors/scenes/interference.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace crashbench {

double ground_found_under(const VehiclePose& pose, const SurfaceQuery* surface) {
  double ground = surface ? surface->height_below(pose.position_W, kHighest) : 0.0;
  if (std::isnan(ground)) ground = surface->fallback_at(pose.position_W);
  return ground;
}

BoundingRectangle bounding_rectangle(const VehiclePose& pose, const SurfaceQuery* surface) {
  BoundingRectangle r;
  r.cg_W = pose.position_W;
  r.forward_W = pose.forward_W();
  r.front = pose.size.cg_to_front;
  r.rear = pose.size.cg_to_rear;
  r.half_width = 0.5 * pose.size.width;
  const double ground = ground_under(pose, surface);
  r.z = ground + pose.cg_height;
  r.band = height_band(ground, surface);
  const Vec2 f = r.forward_W, l = perp(r.forward_W);
  r.corners_W = {r.cg_W + f * r.front + l * r.half_width, r.cg_W - f * r.rear + l * r.half_width,
                 r.cg_W - f * r.rear - l * r.half_width, r.cg_W + f * r.front - l * r.half_width};
  r.lo_W = r.hi_W = r.corners_W[0];
  for (const Vec2& c : r.corners_W) r.lo_W = r.lo_W.cwiseMin(c), r.hi_W = r.hi_W.cwiseMax(c);
  return r;
}

// On a cache line of its own: the same code ran 35 % slower (perf, detect_bench's l-rail) placed 16 or 48 bytes
// into one, whenever an unrelated change moved it.
__attribute__((aligned(64))) bool slice_triangle(const Triangle& t, double z, Vec2& p_W, Vec2& q_W) {
  // Touching counts as above. The plane crosses two edges or none: those at the one vertex on its own
  // side. The ends are the crossings in edge order a-b, b-c, c-a, each from the edge's first vertex.
  const Vec3 &a = t.a_W, &b = t.b_W, &c = t.c_W;
  const bool a_below = a.z() < z, b_below = b.z() < z, c_below = c.z() < z;
  if (a_below == b_below && b_below == c_below) return false;
  const auto crossing = [z](const Vec3& from, const Vec3& to) -> Vec2 {
    const double s = (z - from.z()) / (to.z() - from.z());
    return from.head<2>() + s * (to.head<2>() - from.head<2>());
  };
  if (b_below == c_below)  // a alone
    p_W = crossing(a, b), q_W = crossing(c, a);
  else if (a_below == c_below)  // b alone
    p_W = crossing(a, b), q_W = crossing(b, c);
  else  // c alone
    p_W = crossing(b, c), q_W = crossing(c, a);
  return (q_W - p_W).squaredNorm() > 1e-18;
}

namespace {

/// Whether the segment a-b (body frame) lies wholly beyond one side of `r`, a micrometre clear of it: the
/// clipping below would reject it too, and these four comparisons spare its divisions (most slices that
/// reach the tests lie beside the car, not across it).
bool beside(const Vec2& a, const Vec2& b, const BoundingRectangle& r) {
  constexpr double kClear = 1e-6;  // [m]: far beyond the roundings of a and b
  const double front = r.front + kClear, rear = -r.rear - kClear, side = r.half_width + kClear;
  return (a.x() > front && b.x() > front) || (a.x() < rear && b.x() < rear) || (a.y() > side && b.y() > side) ||
         (a.y() < -side && b.y() < -side);
}

}  // namespace

bool InterferenceSet::add_triangle(const Triangle& t, int feature) {
  const BoundingRectangle& r = *rect_;
  Vec2 p, q;
  if (!r.band.reaches(t) || !slice_triangle(t, r.z, p, q)) return false;
  // Clip in the body frame of the rectangle.
  const Vec2 f = r.forward_W, l = perp(f);
  const Vec2 pl(f.dot(p - r.cg_W), l.dot(p - r.cg_W)), d = Vec2(f.dot(q - p), l.dot(q - p));
  if (beside(pl, pl + d, r)) return false;
  double t0 = 0, t1 = 1;
  if (!clip_to_slab(pl.x(), d.x(), -r.rear, r.front, t0, t1)) return false;
  if (!clip_to_slab(pl.y(), d.y(), -r.half_width, r.half_width, t0, t1)) return false;
  if ((t0 == 0 && t1 == 1) || (t1 - t0) * (q - p).norm() <= 1e-9) {
    enclosed_ = true;  // it met the rectangle: wholly inside (no edge crosses it), or a nanometre of it inside
    return false;
  }
  const Piece piece{(q - p).normalized(), p + t0 * (q - p), p + t1 * (q - p), feature, 0};  // root: sort_pieces
  if (count_ < kMaxPieces) {
    pieces_[count_++] = piece;
    return true;
  }
  // More pieces than a rectangle meets in practice: keep the first kMaxPieces in piece order, not in the
  // order they came, so that the contacts still do not depend on it. A heap with the last kept on top: a
  // hostile mesh of thousands of slivers under one car costs a few comparisons a sliver, not a scan.
  if (!heaped_) std::make_heap(pieces_.begin(), pieces_.end(), piece_before), heaped_ = true;
  if (!piece_before(piece, pieces_.front())) return true;
  std::pop_heap(pieces_.begin(), pieces_.end(), piece_before);
  pieces_.back() = piece;
  std::push_heap(pieces_.begin(), pieces_.end(), piece_before);
  return true;
}

bool InterferenceSet::piece_before(const Piece& a, const Piece& b) {
  // By the bits, not the values: a total order even with -0 and NaN, so only pieces of the same bits tie.
  // The geometry first and the feature last: detectors number the same triangle differently (the scene's
  // index, OSG's primitive index in its drawable), and ordered by it their pieces summed and bounded a face
  // differently (esmini's test_road_corner_outline.xodr: a box face 0.5 m inside an edge wall, both ending
  // on one rectangle edge, gave osg and brute force different contact points).
  const auto key = [](const Piece& x) {
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    return std::array{bits(x.p_W.x()), bits(x.p_W.y()), bits(x.q_W.x()),
                      bits(x.q_W.y()), bits(x.dir.x()), bits(x.dir.y())};
  };
  const auto key_a = key(a), key_b = key(b);
  return key_a != key_b ? key_a < key_b : a.feature < b.feature;
}

void InterferenceSet::sort_pieces() {
  // Only pieces of the same bits tie (piece_before), so the unstable sort gives one order.
  std::sort(pieces_.begin(), pieces_.begin() + count_, piece_before);
  for (int i = 0; i < count_; ++i) pieces_[i].root = i;
}

bool InterferenceSet::same_face(const Piece& a, const Piece& b) const {
  if (std::abs(a.dir.dot(b.dir)) < std::cos(kMergeAngle)) return false;
  const Vec2 na = perp(a.dir), nb = perp(b.dir);
  return std::abs(na.dot(b.p_W - a.p_W)) <= kMergeOffset && std::abs(na.dot(b.q_W - a.p_W)) <= kMergeOffset &&
         std::abs(nb.dot(a.p_W - b.p_W)) <= kMergeOffset && std::abs(nb.dot(a.q_W - b.p_W)) <= kMergeOffset;
}

int InterferenceSet::find(int i) {
  while (pieces_[i].root != i) i = pieces_[i].root = pieces_[pieces_[i].root].root;
  return i;
}

Contact InterferenceSet::face_contact(int root, int vehicle) const {
  // The face's direction: its pieces' directions, signs aligned, summed.
  Vec2 dir = Vec2::Zero();
  for (int i = 0; i < count_; ++i)
    if (pieces_[i].root == root) dir += pieces_[i].dir.dot(pieces_[root].dir) < 0 ? Vec2(-pieces_[i].dir) : pieces_[i].dir;
  dir.normalize();
  Vec2 a = pieces_[root].p_W, b = a;
  int feature = pieces_[root].feature;
  for (int i = 0; i < count_; ++i) {
    if (pieces_[i].root != root) continue;
    for (const Vec2* e : {&pieces_[i].p_W, &pieces_[i].q_W}) {
      if (dir.dot(*e) < dir.dot(a)) a = *e;
      if (dir.dot(*e) > dir.dot(b)) b = *e;
    }
    feature = std::min(feature, pieces_[i].feature);
  }
  const BoundingRectangle& r = *rect_;
  Contact c;
  c.vehicle = vehicle;
  c.other = kStaticScene;
  c.point_W = 0.5 * (a + b);
  Vec2 n = (b - a).norm() > 1e-9 ? perp((b - a).normalized()) : perp(dir);
  if (n.dot(r.cg_W - c.point_W) < 0) n = -n;
  c.normal_W = n;
  c.depth = 0;
  for (const Vec2& corner : r.corners_W) c.depth = std::max(c.depth, -n.dot(corner - c.point_W));
  c.feature = feature;
  return c;
}

void InterferenceSet::emit(int vehicle, std::vector<Contact>& out) {
  if (count_ == 0) return;  // most queries: nothing to sort or join
  sort_pieces();
  // Single linkage: join every pair of pieces on the same face.
  for (int i = 0; i < count_; ++i)
    for (int j = i + 1; j < count_; ++j)
      if (same_face(pieces_[i], pieces_[j])) {
        const int ri = find(i), rj = find(j);
        if (ri != rj) pieces_[std::max(ri, rj)].root = std::min(ri, rj);
      }
  for (int i = 0; i < count_; ++i) find(i);
  const std::size_t first = out.size();
  for (int i = 0; i < count_; ++i)
    if (pieces_[i].root == i) out.push_back(face_contact(i, vehicle));
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [](const Contact& a, const Contact& b) {
    return a.point_W.x() != b.point_W.x() ? a.point_W.x() < b.point_W.x() : a.point_W.y() < b.point_W.y();
  });
}

}  // namespace crashbench
