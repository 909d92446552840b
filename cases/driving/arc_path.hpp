#pragma once
// The road-frame path of Tongue & Moon's curve case (002, section 4.2): a vehicle whose control holds its
// path travels the arc through its initial pose, tangent to its heading, at its initial speed, with no
// sideslip. The road, not the tyres, keeps it there, as the report's initial conditions need: 29.1 m/s
// on a 30.48 m radius is 2.8 g of lateral acceleration, far beyond its road adhesion of 1.05.
#include "core/vehicle.hpp"

namespace crashbench {

class ArcPath {
 public:
  /// `curvature` [1/m] is signed: positive turns left (counter-clockwise), zero is a straight line.
  ArcPath(const PlanarState& start, double curvature);

  /// The state after travelling `arc_length` [m] along the path.
  PlanarState at(double arc_length) const;
  double speed() const { return speed_; }

 private:
  Vec2 start_W_;
  double start_heading_;
  double curvature_;
  double speed_;
};

}  // namespace crashbench
