#pragma once
// Unit conversions used only at the edges (case files, reports). Inside, everything is SI.
#include <numbers>

namespace crashbench {

inline constexpr double kGravity = 9.80665;           // standard gravity [m/s^2]
inline constexpr double kMphToMps = 0.44704;          // 1 mph in m/s (exact)
inline constexpr double kFootToMeter = 0.3048;        // 1 ft in m (exact)
inline constexpr double kMpsToKmh = 3.6;             // 1 m/s in km/h (exact)
inline constexpr double kDegToRad = std::numbers::pi / 180.0;
inline constexpr double kRadToDeg = 180.0 / std::numbers::pi;

}  // namespace crashbench
