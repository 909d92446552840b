#pragma once
// The no_tunnelling invariant, checked every step for every vehicle whatever the detector found: the CG's
// path over the step must not cross a collision wall (the scene's analytic walls, and the vertical
// collision triangles cut at the vehicle's CG height), and no vehicle's CG may pass through another
// vehicle's body (its path relative to the other crossing the other's centre lines). The path is the chord
// from the CG at the start of the step to the CG at its end; a car that bounced off a wall has both ends
// on its own side, so only a pass-through crosses. No allocation per step unless a crossing is found.
#include <span>
#include <vector>

#include "cases/case.hpp"
#include "core/contact.hpp"
#include "detectors/scenes/scene.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {

/// One pass-through: which vehicle crossed what, and when.
struct Tunnelling {
  double time = 0;           ///< end of the step in which it crossed [s]
  int vehicle = 0;           ///< the vehicle whose CG crossed
  int other = kStaticScene;  ///< the vehicle it passed through, or kStaticScene for a wall
  int feature = -1;          ///< the wall: index into Scene::walls, or walls.size() + collision triangle index
  WallSegment wall;          ///< that wall at CG height, world frame [m] (walls only)
};

class TunnellingCheck {
 public:
  /// Collects the walls each vehicle of `vehicles` can meet in `scene` at its CG height.
  TunnellingCheck(const Scene& scene, std::span<const VehicleSetup> vehicles);
  /// Checks the step from `before` to `after` (StateVector entries 0, 1, 2 = X, Y [m], heading [rad]) that
  /// ends at `time` [s]; appends the first crossing of each vehicle, if any, to `out`.
  void check(std::span<const StateVector> before, std::span<const StateVector> after, double time,
             std::vector<Tunnelling>& out);
  /// Vehicle-steps checked so far.
  long long checked() const { return checked_; }

 private:
  struct Wall {
    Vec2 a_W, b_W, lo_W, hi_W;  // ends and bounds [m]
    int feature;
  };
  /// The walls at one CG height, by lo_W.x, with the running maximum of hi_W.x for range queries.
  struct WallSet {
    double cg_height = 0;
    std::vector<Wall> walls;
    std::vector<double> max_hi_x;
  };
  void add_walls(const Scene& scene, double cg_height);
  bool cross_walls(int vehicle, const Vec2& p0, const Vec2& p1, double time, std::vector<Tunnelling>& out) const;
  void cross_vehicles(std::span<const StateVector> before, std::span<const StateVector> after, double time,
                      std::vector<Tunnelling>& out);

  std::vector<WallSet> sets_;
  std::vector<int> set_of_vehicle_;
  std::vector<RectangleSize> sizes_;
  std::vector<double> reach_;        // per vehicle: CG to farthest corner [m]
  std::vector<int> order_;           // vehicles by the low X of their swept box, nearly sorted step to step
  std::vector<double> lo_x_, hi_x_;  // per vehicle: swept box along X this step [m]
  std::vector<char> crossed_;        // per vehicle: already reported this step
  long long checked_ = 0;
};

}  // namespace crashbench
