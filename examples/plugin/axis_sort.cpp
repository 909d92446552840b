// A detector as a crashbench plugin: the scene's collision triangles sorted along one world axis, and for
// each vehicle a binary search for the triangles whose extent along that axis overlaps the vehicle's
// rectangle (a one-axis sweep and prune). The triangles it keeps go through crashbench's InterferenceSet,
// the interference-line code every built-in triangle detector shares, so it reports the contacts the
// `brute-force` reference reports whenever it finds the same triangles (docs/plugins.md).
// World frame W throughout (X east, Y north, Z up) [m].
#include <algorithm>
#include <memory>
#include <vector>

#include "cases/plugin.hpp"
#include "core/error.hpp"
#include "core/json_reader.hpp"
#include "detectors/scenes/interference.hpp"

namespace {

using crashbench::BoundingRectangle;
using crashbench::Contact;
using crashbench::DetectorStats;
using crashbench::Triangle;
using crashbench::VehiclePose;

/// A triangle with its extent along the sort axis and across it [m], and its index in Scene::triangles:
/// the index is the contact's `feature`, as brute force numbers it, whatever the sorted order.
struct SortedTriangle {
  double lo = 0, hi = 0;              // along the axis
  double across_lo = 0, across_hi = 0;  // along the other horizontal axis
  int index = 0;
};

class AxisSortDetector final : public crashbench::Detector {
 public:
  explicit AxisSortDetector(int axis) : axis_(axis) {}
  std::string_view name() const override { return "axis-sort"; }
  /// Echoed as config.detector in results.json; the factory accepts it back.
  nlohmann::json parameters() const override { return {{"name", "axis-sort"}, {"axis", axis_ == 0 ? "x" : "y"}}; }

  void prepare(const crashbench::Scene& scene, int /*vehicle_count*/) override {
    if (scene.triangles.empty())
      throw crashbench::Error(scene.name, "", "detector 'axis-sort' needs collision triangles");
    triangles_ = scene.triangles;
    surface_ = scene.surface;
    sorted_.clear();
    widest_ = 0;
    const int across = 1 - axis_;
    for (std::size_t i = 0; i < triangles_.size(); ++i) {
      const Triangle& t = triangles_[i];
      const auto [lo, hi] = std::minmax({t.a_W[axis_], t.b_W[axis_], t.c_W[axis_]});
      const auto [across_lo, across_hi] = std::minmax({t.a_W[across], t.b_W[across], t.c_W[across]});
      sorted_.push_back({lo, hi, across_lo, across_hi, static_cast<int>(i)});
      widest_ = std::max(widest_, hi - lo);
    }
    std::sort(sorted_.begin(), sorted_.end(), [](const SortedTriangle& a, const SortedTriangle& b) {
      return a.lo != b.lo ? a.lo < b.lo : a.index < b.index;
    });
  }

  /// Each vehicle alone, from its own pose (so `run --threads` may split the vehicles): no allocation.
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override {
    const int across = 1 - axis_;
    for (std::size_t v = 0; v < poses.size(); ++v) {
      const BoundingRectangle rect = crashbench::bounding_rectangle(poses[v], surface_.get());
      set_.reset(rect);
      // A triangle that starts more than the widest triangle's extent before the rectangle cannot reach it.
      const double from = rect.lo_W[axis_] - widest_;
      auto it = std::lower_bound(sorted_.begin(), sorted_.end(), from,
                                 [](const SortedTriangle& t, double x) { return t.lo < x; });
      for (; it != sorted_.end() && it->lo <= rect.hi_W[axis_]; ++it) {
        ++stats.nodes_visited;
        if (it->hi < rect.lo_W[axis_] || it->across_hi < rect.lo_W[across] || it->across_lo > rect.hi_W[across])
          continue;
        ++stats.primitives_tested;
        set_.add_triangle(triangles_[static_cast<std::size_t>(it->index)], it->index);
      }
      set_.emit(static_cast<int>(v), out);
    }
  }

 private:
  int axis_ = 0;  // 0: X, 1: Y
  std::vector<Triangle> triangles_;
  std::vector<SortedTriangle> sorted_;
  double widest_ = 0;  // the largest extent of a triangle along the axis [m]
  std::shared_ptr<const crashbench::SurfaceQuery> surface_;  // the scene's: the road under each vehicle
  crashbench::InterferenceSet set_;
};

/// The case's `detector` object: {"name": "axis-sort"} or with "axis": "x" (default) or "y", the axis to
/// sort along (the one a scene is longest in). Another key or value is bad input naming the file and field.
std::unique_ptr<crashbench::Detector> make_axis_sort(const crashbench::JsonReader& detector) {
  detector.only_keys({"name", "axis"});
  const auto axis = detector.find("axis");
  return std::make_unique<AxisSortDetector>(axis && axis->choice({"x", "y"}) == "y" ? 1 : 0);
}

void register_parts(crashbench::PluginHost& host) {
  host.add_detector({"axis-sort", "example plugin: triangles sorted along X or Y, a binary search per vehicle",
                     &make_axis_sort});
}

}  // namespace

CRASHBENCH_PLUGIN(register_parts)
