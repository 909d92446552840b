#pragma once
// A scene the detectors query. The analytic detector reads `walls`; scene-graph detectors read the graph
// (`osg*`) or the collision triangles extracted from it (`tree`, `brute-force`). Everything is in the
// world frame W (X east, Y north, Z up) in metres: a file's up axis and unit scale are applied at load.
#include <Eigen/Geometry>
#include <osg/Node>
#include <osg/ref_ptr>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/math.hpp"
#include "core/published_step_time.hpp"
#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/collision_filter.hpp"

namespace crashbench {

/// Height of the ground under a point, sampled on a uniform grid (nearest cell) [m]: the surface of
/// scenes made of walls only (SurfaceQuery falls back to it). A cell holds the lowest wall bottom in it;
/// on a scene too large for cells of the size asked for (ground_grid.cpp), a cell holds a plane under its
/// wall bottoms instead, since one level over a large cell of a sloping road lies far below the barriers'
/// feet at its high end.
struct GroundGrid {
  Vec2 origin_W = Vec2::Zero();  ///< lower-left corner of cell (0, 0) [m]
  double cell = 1;               ///< cell edge [m]
  int nx = 0, ny = 0;            ///< cells along X and Y; 0 means flat ground at z = 0
  std::vector<float> z;          ///< nx * ny heights at the cells' centres, row-major in Y [m]
  /// Empty: level cells. Else each cell's plane's slope dz/dx, dz/dy [-], evaluated inside the cell only.
  std::vector<std::array<float, 2>> slope;

  /// A vehicle's last cell and what the grid holds there: while the vehicle stays in it (a cell is metres
  /// wide, a step centimetres), the next query reads none of the grid, whose cells on a scene of kilometres
  /// are cache misses.
  struct CellMemo {
    int i = -1, j = -1;  ///< the cell; -1: none yet
    float z = 0;
    std::array<float, 2> slope{};
  };

  /// Ground height under `p_W` [m]; the nearest edge cell outside the grid (cell 0 for a coordinate that
  /// is not finite), 0 if the grid is empty.
  double at(const Vec2& p_W) const {
    CellMemo memo;
    return at(p_W, memo);
  }
  /// at(), remembering the cell in `memo`: the same bits.
  double at(const Vec2& p_W, CellMemo& memo) const {
    if (nx == 0 || ny == 0) return 0.0;
    // cell_index floors these quotients: a cell the memo holds is theirs exactly when each lies in [i, i + 1).
    const double qx = (p_W.x() - origin_W.x()) / cell, qy = (p_W.y() - origin_W.y()) / cell;
    if (!(memo.i >= 0 && qx >= memo.i && qx < memo.i + 1 && qy >= memo.j && qy < memo.j + 1)) {
      memo.i = cell_index(p_W.x() - origin_W.x(), nx), memo.j = cell_index(p_W.y() - origin_W.y(), ny);
      const std::size_t c = static_cast<std::size_t>(memo.j) * nx + memo.i;
      memo.z = z[c];
      memo.slope = slope.empty() ? std::array<float, 2>{} : slope[c];
    }
    if (slope.empty()) return memo.z;
    const auto within = [h = 0.5 * cell](double d) { return d > -h ? (d < h ? d : h) : -h; };  // NaN: -h
    const double dx = within(p_W.x() - (origin_W.x() + (memo.i + 0.5) * cell));
    const double dy = within(p_W.y() - (origin_W.y() + (memo.j + 0.5) * cell));
    return memo.z + memo.slope[0] * dx + memo.slope[1] * dy;
  }
  /// The cell in [0, n) at `offset` [m] from the origin, clamped in floating point: a cast of a value
  /// outside int's range (or of NaN) is undefined.
  int cell_index(double offset, int n) const {
    const double k = std::floor(offset / cell);
    if (!(k > 0)) return 0;
    return k >= n - 1 ? n - 1 : static_cast<int>(k);
  }
};

class SurfaceQuery;
class SceneBuilds;

struct Scene {
  std::string name;                ///< built-in name or file path
  std::vector<WallSegment> walls;  ///< 2D wall footprints for the analytic detector (may be empty)
  osg::ref_ptr<osg::Node> graph;   ///< the scene graph, Z up, metres (null for analytic-only scenes)
  std::vector<Triangle> triangles; ///< collision triangles extracted from `graph` (degenerate ones dropped)
  /// Which of `graph`'s nodes collide, and (>= 0) how close to vertical a triangle must be to collide
  /// [deg]: what `triangles` was extracted with, for detectors that intersect `graph` itself.
  CollisionFilter collision;
  double vertical_within_deg = -1;
  int sprites = 0;  ///< drawables of `graph` that are sprites (sprites.hpp), left out unless `collision` asks
  /// The drivable surface under the vehicles (surface_query.hpp), shared by every detector; null: flat z = 0.
  std::shared_ptr<const SurfaceQuery> surface;
  /// What detectors built from this scene, kept for the next case on it (scene_builds.hpp); set only on a
  /// scene that no one changes once made. Null: each detector builds its own.
  std::shared_ptr<SceneBuilds> builds;
  double load_seconds = 0;         ///< wall-clock time to read and prepare it [s] (files only)
  std::vector<std::string> notes;  ///< warnings from loading (OSG's notices summarised, a suspect up axis)
  std::vector<std::string> about;  ///< what the file's own reader says about it (OpenDRIVE: roads, lanes, errors)
  /// OpenDRIVE: where roads cross outside junctions at one height (a bridge drawn flat; odr::flat_crossings).
  std::vector<FlatCrossingZone> flat_crossings;
  /// Step times published for this scene (a registered scene's, static), which runs record for the report.
  std::span<const PublishedStepTime> published;
};

}  // namespace crashbench
