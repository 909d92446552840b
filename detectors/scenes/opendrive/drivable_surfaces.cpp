#include "detectors/scenes/opendrive/drivable_surfaces.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench::odr {
namespace {

constexpr double kFaceCell = 8;         // [m]: a few of a road's triangles (at most 20 m long) a cell
constexpr double kMostCells = 4e6;      // the grid grows its cells past kFaceCell rather than exceed this
constexpr double kOnEdge = 1e-9;        // barycentric slack: a point on a triangle's edge is on it
constexpr double kCellsPerFace = 4;     // the cells a face's plan bounds cover on average, at most

}  // namespace

void DrivableSurfaces::add(int road, const Vec3& a, const Vec3& b, const Vec3& c) { faces_.push_back({a, b, c, road}); }

void DrivableSurfaces::index() {
  if (faces_.empty()) return;
  Vec2 lo = faces_.front().a.head<2>(), hi = lo;
  double face_areas = 0;  // the faces' plan bounds, summed [m^2]
  for (const Face& f : faces_) {
    Vec2 face_lo = f.a.head<2>(), face_hi = face_lo;
    for (const Vec3* v : {&f.b, &f.c}) {
      face_lo = face_lo.cwiseMin(v->head<2>());
      face_hi = face_hi.cwiseMax(v->head<2>());
    }
    lo = lo.cwiseMin(face_lo), hi = hi.cwiseMax(face_hi);
    face_areas += (face_hi - face_lo).prod();
  }
  const Vec2 extent = hi - lo;
  // Cells no finer than the faces fill a few of on average: a lane kilometres wide (the fuzzer's width
  // polynomial of 3.5 + s^2 m) made each face cover half a million 8 m cells, 220 MB for a 1.6 KB file.
  cell_ = std::max({kFaceCell, std::sqrt(extent.x() * extent.y() / kMostCells),
                    std::sqrt(face_areas / (kCellsPerFace * static_cast<double>(faces_.size())))});
  origin_ = lo;
  columns_ = static_cast<int>(extent.x() / cell_) + 1, rows_ = static_cast<int>(extent.y() / cell_) + 1;
  // Each face goes to every cell its plan bounds touch: counted first, then placed (a CSR layout).
  const auto each_cell = [&](const Face& f, auto&& visit) {
    const Vec2 a = f.a.head<2>(), b = f.b.head<2>(), c = f.c.head<2>();
    const Vec2 from = (a.cwiseMin(b).cwiseMin(c) - origin_) / cell_, to = (a.cwiseMax(b).cwiseMax(c) - origin_) / cell_;
    for (int y = static_cast<int>(from.y()); y <= std::min(static_cast<int>(to.y()), rows_ - 1); ++y)
      for (int x = static_cast<int>(from.x()); x <= std::min(static_cast<int>(to.x()), columns_ - 1); ++x)
        visit(y * columns_ + x);
  };
  cell_starts_.assign(static_cast<std::size_t>(columns_) * rows_ + 1, 0);
  for (const Face& f : faces_) each_cell(f, [&](int k) { ++cell_starts_[k + 1]; });
  for (std::size_t k = 1; k < cell_starts_.size(); ++k) cell_starts_[k] += cell_starts_[k - 1];
  cell_faces_.resize(static_cast<std::size_t>(cell_starts_.back()));
  std::vector<int> next(cell_starts_.begin(), cell_starts_.end() - 1);
  for (std::size_t i = 0; i < faces_.size(); ++i) each_cell(faces_[i], [&](int k) { cell_faces_[next[k]++] = int(i); });
}

bool DrivableSurfaces::others_at(const Vec3& p, int road, double reach) const {
  const Vec2 at = (p.head<2>() - origin_) / cell_;
  if (faces_.empty() || !(at.x() >= 0 && at.y() >= 0 && at.x() < columns_ && at.y() < rows_)) return false;
  const int k = static_cast<int>(at.y()) * columns_ + static_cast<int>(at.x());
  for (int i = cell_starts_[k]; i < cell_starts_[k + 1]; ++i) {
    const Face& f = faces_[static_cast<std::size_t>(cell_faces_[i])];
    if (f.road == road) continue;
    // Barycentric coordinates of p in the face's plan triangle; its height there from them.
    const Vec2 a = f.a.head<2>(), ab = f.b.head<2>() - a, ac = f.c.head<2>() - a, ap = p.head<2>() - a;
    const double area = cross(ab, ac);
    if (area == 0) continue;
    const double v = cross(ap, ac) / area, w = cross(ab, ap) / area, u = 1 - v - w;
    if (u < -kOnEdge || v < -kOnEdge || w < -kOnEdge) continue;
    if (std::abs(u * f.a.z() + v * f.b.z() + w * f.c.z() - p.z()) <= reach) return true;
  }
  return false;
}

}  // namespace crashbench::odr
