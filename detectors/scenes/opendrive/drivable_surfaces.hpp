#pragma once
// The drivable surface of every road of a network, indexed in plan, to ask of a point just beyond one road's
// drivable edge whether a drivable lane is there: where a ramp leaves or joins a road without a junction the
// two roads overlap, and a kerb between them would stand in a lane (ASAM's Ex_Entry_Exit.xodr); where a border
// folds back through its own lanes inside a turn, the road's own lane lies beyond it.
#include <vector>

#include "core/math.hpp"

namespace crashbench::odr {

class DrivableSurfaces {
 public:
  /// Adds a triangle of road `road`'s drivable surface.
  void add(int road, const Vec3& a, const Vec3& b, const Vec3& c);
  /// Builds the plan index; call once every triangle is added, before any_at or others_at.
  void index();
  /// Whether any road has drivable surface under (p.x, p.y), within `reach` [m] of p.z.
  bool any_at(const Vec3& p, double reach) const { return others_at(p, kNoRoad, reach); }
  /// Whether a road other than `road` has drivable surface under (p.x, p.y), within `reach` [m] of p.z.
  bool others_at(const Vec3& p, int road, double reach) const;
  /// The index's size: each face counted once for every cell it is listed in.
  std::size_t cell_entries() const { return cell_faces_.size(); }

 private:
  static constexpr int kNoRoad = -1;  // roads are numbered from 0
  struct Face {
    Vec3 a, b, c;
    int road;
  };
  std::vector<Face> faces_;
  Vec2 origin_ = Vec2::Zero();
  double cell_ = 1;
  int columns_ = 0, rows_ = 0;
  std::vector<int> cell_starts_, cell_faces_;  // the faces over cell k: cell_faces_[cell_starts_[k] ... k + 1)
};

}  // namespace crashbench::odr
