#include <gtest/gtest.h>

#include <cmath>

#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {
namespace {

TEST(SteerAngle, KeepsTheAngleAndItsCosineAndSineFromEachAssignment) {
  VehicleInput u;
  EXPECT_EQ(double(u.steer), 0.0);
  EXPECT_EQ(u.steer.unit(), Vec2(1, 0));
  for (const double angle : {0.3, -0.04, 1.2, -1.5}) {
    u.steer = angle;
    EXPECT_EQ(double(u.steer), angle);
    EXPECT_EQ(u.steer.unit().x(), std::cos(angle));
    EXPECT_EQ(u.steer.unit().y(), std::sin(angle));
  }
  const VehicleInput copy = u;
  EXPECT_EQ(copy.steer.unit(), u.steer.unit()) << "a copied input keeps the last angle's cosine and sine";
}

}  // namespace
}  // namespace crashbench
