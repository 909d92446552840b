#pragma once
// Upper bounds on a case's physical inputs: what a road vehicle can have, with room for stress runs.
// Beyond them a number is a typo or an attempt at overflow (1e308 m/s gives inf and NaN within a step);
// the loader refuses it with the bound in the message. The schema states the same numbers.

namespace crashbench::bounds {

inline constexpr double kMass = 1e5;            ///< [kg]: a loaded road train is 1.3e5; cars are 1e3
inline constexpr double kLeastMass = 1.0;       ///< [kg]: lighter, impulses of a car's speed underflow
inline constexpr double kLeastYawInertia = 1.0; ///< [kg m^2]
inline constexpr double kYawInertia = 1e7;      ///< [kg m^2]
inline constexpr double kLength = 50.0;         ///< CG to a bumper or an axle, CG height, roll arm [m]
inline constexpr double kWidth = 5.0;           ///< [m]
inline constexpr double kStiffness = 1e7;       ///< cornering stiffness of an axle [N/rad]
inline constexpr double kRoadMu = 5.0;          ///< tyre-road adhesion [-]; racing slicks reach 2
inline constexpr double kRollStiffness = 1e8;   ///< [N m/rad], also roll damping [N m s/rad]
inline constexpr double kSpeed = 1000.0;        ///< [m/s]: above any car, kept for tunnelling stress runs
inline constexpr double kYawRate = 100.0;       ///< [rad/s]
inline constexpr double kForce = 1e6;           ///< held drive force magnitude [N]
inline constexpr double kPosition = 1e7;        ///< |x|, |y| of a start position or of a replay log's row [m]
inline constexpr double kLeastTimeStep = 1e-5;  ///< [s]: the shortest dt, and the least time between two rows
                                                ///< of a replay log (closer rows imply speeds nothing measured)
inline constexpr double kClockTime = 1e10;      ///< |t| of a replay log's row [s]: room for Unix times

}  // namespace crashbench::bounds
