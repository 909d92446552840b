#include "detectors/scenes/registry/scene_checks.hpp"

#include <fmt/format.h>

#include <osg/Geometry>
#include <osg/NodeVisitor>

#include <cmath>
#include <limits>

#include "core/units.hpp"

namespace crashbench {

std::string up_axis_warning(const std::string& name, const std::vector<Triangle>& triangles, UpAxis read_as) {
  const double facing = std::cos(30 * kDegToRad);
  double area_y = 0, area_z = 0;
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::max()), hi = -lo;
  for (const Triangle& t : triangles) {
    const Vec3 n = (t.b_W - t.a_W).cross(t.c_W - t.a_W);
    const double twice_area = n.norm();
    if (twice_area > 0) {
      if (std::abs(n.y()) >= facing * twice_area) area_y += 0.5 * twice_area;
      if (std::abs(n.z()) >= facing * twice_area) area_z += 0.5 * twice_area;
    }
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) lo = lo.cwiseMin(*v), hi = hi.cwiseMax(*v);
  }
  if (triangles.empty()) return "";
  const Vec3 extent = hi - lo;
  if (!(area_y > 2 * area_z && extent.z() > 10 && extent.z() > 2 * extent.y())) return "";
  const bool read_z = read_as == UpAxis::kZ;
  return fmt::format(
      "{}: the scene looks {}-up but was read {}-up: it stands {:.0f} m tall and {:.0f} m deep (Y), and {:.0f} m2 "
      "of its flat area faces sideways against {:.0f} m2 facing up; set \"up_axis\": \"{}\" (scene info: --up {})",
      name, read_z ? "y" : "z", read_z ? "z" : "y", extent.z(), extent.y(), area_y, area_z, read_z ? "y" : "z",
      read_z ? "y" : "z");
}

namespace {

/// The largest |coordinate| of any float vertex array the scene shows.
class LargestVertex : public osg::NodeVisitor {
 public:
  LargestVertex() : osg::NodeVisitor(TRAVERSE_ACTIVE_CHILDREN) {}
  void apply(osg::Geometry& geometry) override {
    if (const auto* v = dynamic_cast<const osg::Vec3Array*>(geometry.getVertexArray()))
      for (const osg::Vec3& p : *v)
        for (int k = 0; k < 3; ++k) largest = std::max(largest, std::abs(static_cast<double>(p[k])));
  }
  double largest = 0;
};

}  // namespace

std::string float_precision_warning(const std::string& name, osg::Node& graph) {
  LargestVertex finder;
  graph.accept(finder);
  // A float has 24 significant bits: at |x| in [2^e, 2^(e+1)) neighbouring values lie 2^(e-23) apart.
  const double spacing = std::ldexp(1.0, std::ilogb(std::max(finder.largest, 1.0)) - 23);
  if (!(spacing / 2 > 0.01)) return "";
  return fmt::format("{}: vertices lie up to {:.0f} km from the file's origin, where a float vertex is rounded by up "
                     "to {:.2f} m: the geometry is that far off; re-centre the file (an offset in a transform above "
                     "the geometry keeps its precision)", name, finder.largest / 1000, spacing / 2);
}

}  // namespace crashbench
