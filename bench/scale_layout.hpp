#pragma once
// The traffic-scale layouts that scale_bench (crashbench's step) and box2d_bench (Box2D 2.4's step) both
// run: N sedans in facing pairs, each pair half a metre apart bumper to bumper and closing at 30-40 m/s,
// so every pair collides within the first steps and the pairs then push into their neighbours and
// the walls. As a case file would say it (analytic detector, restitution, bicycle dynamics, RK4, 5 ms),
// parsed by the case loader, so both benches read the same vehicles and the same scene walls.
#include <algorithm>
#include <cmath>
#include <string>

#include "cases/loading/case_loader.hpp"
#include "detectors/scenes/registry/track.hpp"
#include "detectors/scenes/registry/track_layout.hpp"

namespace crashbench::bench {

inline constexpr double kScaleDt = 0.005;      ///< the case default [s]
inline constexpr int kScaleSteps = 100;        ///< one batch: 0.5 s
inline constexpr double kScaleDuration = kScaleSteps * kScaleDt;  ///< [s]
inline constexpr double kPairGap = 0.5;        ///< bumper to bumper within a pair [m]
inline constexpr double kSedanLength = 4.7;    ///< the sedan preset's rectangle length [m]
inline constexpr int kCarsPerLap = 200;        ///< the track layout: at most this many per lap, two lanes

/// Steps of one batch of `layout`: kScaleSteps, except traffic's 4 s (800 steps), since its cars meet
/// only after a few seconds (the run: rear-end collisions and barriers at the bends), and the
/// crowd at one point's 0.1 s (20 steps; issue 29's run).
inline int scale_steps(const std::string& layout) {
  return layout == "traffic" ? 800 : layout == "one-point" ? 20 : kScaleSteps;
}

/// Batches of kScaleSteps a benchmark of `n` cars runs: more at small n, so every n times enough steps.
inline int scale_batches(int n) { return std::max(1, 1000 / n); }

/// A speed in [15, 20) m/s that varies from car to car without a random generator (golden-ratio sequence).
inline double pair_speed(int car) { return 15.0 + 5.0 * std::fmod(0.6180339887 * (car + 1), 1.0); }

/// One car of the layout as a case file's vehicle entry.
inline nlohmann::json car_entry(int index, const Vec2& p_W, double heading_rad) {
  constexpr double kRadToDeg = 57.29577951308232;
  return {{"name", "car" + std::to_string(index)}, {"params", "sedan"}, {"position", {p_W.x(), p_W.y()}},
          {"heading_deg", heading_rad * kRadToDeg}, {"speed", pair_speed(index)}};
}

/// A facing pair centred at `centre_W` along `direction_W` (unit): the first car drives along it, the
/// second against it.
inline void add_pair(nlohmann::json& cars, const Vec2& centre_W, const Vec2& direction_W) {
  const double half = 0.5 * (kSedanLength + kPairGap);
  const double heading = std::atan2(direction_W.y(), direction_W.x());
  const int n = static_cast<int>(cars.size());
  cars.push_back(car_entry(n, centre_W - half * direction_W, heading));
  cars.push_back(car_entry(n + 1, centre_W + half * direction_W, heading + M_PI));
}

/// The L-rail: pairs on a grid of columns 12 m apart (west of the end wall at X = 100 m) and rows 3 m
/// apart (north of the side wall at Y = 0), as square as the count allows. Each pair's line is tilted
/// 3 degrees off X so its collision is not central and spins the cars into their neighbours and the walls.
inline nlohmann::json l_rail_cars(int n) {
  const int pairs = n / 2;
  const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(pairs / 4.0))));
  const Vec2 tilt = unit_at(-3.0 * M_PI / 180.0);
  nlohmann::json cars = nlohmann::json::array();
  for (int k = 0; k < pairs; ++k)
    add_pair(cars, {93.0 - 12.0 * (k % columns), 2.2 + 3.0 * (k / columns)}, tilt);
  return cars;
}

/// Laps of the tiled track a layout of `n` cars needs at kCarsPerLap, and the built-in scene with them.
inline std::pair<int, std::string> track_scene_for(int n) {
  if (n <= kCarsPerLap) return {1, "track"};
  if (n <= 5 * kCarsPerLap) return {5, "track-tiled-10k"};
  if (n <= 54 * kCarsPerLap) return {54, "track-tiled-100k"};
  return {544, "track-tiled-1m"};
}

/// The centre-line sample at arc length `s` along a lap (linear between samples).
inline TrackSample centerline_at(const std::vector<TrackSample>& line, double s) {
  const auto next = std::upper_bound(line.begin(), line.end(), s, [](double v, const TrackSample& t) { return v < t.s; });
  const TrackSample& a = *(next - 1);
  TrackSample out = a;
  out.p_W = a.p_W + (s - a.s) * a.tangent_W;
  return out;
}

/// Calls place(k, point_W, tangent_W) for k = 0 ... count - 1: `count` places spread evenly along the
/// laps a layout of `n` cars uses, alternating between the lanes 3 m left and right of the centre line,
/// with the centre line's tangent there. Laps are tiled as the track generator tiles its copies (columns
/// of kTrackTileSpacing, row by row).
template <class Place>
void along_laps(int n, int count, Place&& place) {
  const int laps = track_scene_for(n).first;
  const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(laps))));
  const std::vector<TrackSample> line = track_centerline(kTrackSegments);
  const int per_lap = (count + laps - 1) / laps;
  const double lap_length = line.back().s + (line.front().p_W - line.back().p_W).norm();
  for (int k = 0; k < count; ++k) {
    const int lap = k / per_lap, slot = k % per_lap;
    const Vec2 offset(kTrackTileSpacing * (lap % columns), kTrackTileSpacing * (lap / columns));
    const TrackSample t = centerline_at(line, lap_length * slot / per_lap);
    place(k, offset + t.p_W + (slot % 2 == 0 ? 3.0 : -3.0) * t.left_W(), t.tangent_W);
  }
}

/// The track: pairs spread along the laps (along_laps), each along the centre line's tangent, so the
/// curves run cars into the barriers.
inline nlohmann::json track_cars(int n) {
  nlohmann::json cars = nlohmann::json::array();
  along_laps(n, n / 2, [&](int, const Vec2& p_W, const Vec2& tangent_W) { add_pair(cars, p_W, tangent_W); });
  return cars;
}

/// Traffic: `n` cars spread along the laps (along_laps; about 185 a lap at 10,000), all driving the lap's
/// way along its tangent at 15-30 m/s, so faster cars run into slower ones and, unsteered, every car
/// runs into a barrier at the next bend.
inline nlohmann::json traffic_cars(int n) {
  nlohmann::json cars = nlohmann::json::array();
  along_laps(n, n, [&](int k, const Vec2& p_W, const Vec2& tangent_W) {
    nlohmann::json car = car_entry(k, p_W, std::atan2(tangent_W.y(), tangent_W.x()));
    car["speed"] = 15.0 + 15.0 * std::fmod(0.6180339887 * (k + 1), 1.0);
    cars.push_back(car);
  });
  return cars;
}

/// A pathological but legal crowd (issue 29): `n` sedans at rest at one point, every pair touching.
inline nlohmann::json one_point_cars(int n) {
  nlohmann::json cars = nlohmann::json::array();
  for (int k = 0; k < n; ++k) cars.push_back({{"params", "sedan"}, {"position", {0, 0}}, {"heading_deg", 0}, {"speed", 0}});
  return cars;
}

/// The case file for `layout` ("l-rail", "track", "traffic" or "one-point", on open road) with `n` cars
/// (n even), run for `duration` [s] and recording every `record_every` steps.
inline nlohmann::json scale_case_json(const std::string& layout, int n, double duration, int record_every,
                                      const std::string& detector = "analytic") {
  const bool rail = layout == "l-rail";
  if (layout == "one-point") {
    nlohmann::json c = scale_case_json("l-rail", 0, duration, record_every, detector);
    c["name"] = "one-point-" + std::to_string(n);
    c["scene"] = "open-road";
    c["vehicles"] = one_point_cars(n);
    return c;
  }
  return {{"name", layout + "-" + std::to_string(n)},
          {"scene", rail ? std::string("l-rail") : track_scene_for(n).second},  // traffic: the track's
          {"detector", detector},
          {"response", {{"model", "restitution"}}},
          {"dynamics", "bicycle"},
          {"integrator", "rk4"},
          {"dt", kScaleDt},
          {"duration", duration},
          {"record_every", record_every},
          {"vehicles", rail ? l_rail_cars(n) : layout == "traffic" ? traffic_cars(n) : track_cars(n)}};
}

/// The benches' case: one batch (scale_steps), two trajectory samples per car (start and end), since at
/// 100,000 cars every step would hold gigabytes.
inline Case scale_case(const std::string& layout, int n, const std::string& detector = "analytic") {
  InputLimits limits;
  limits.max_vehicles = 100'000;  // the bench goes past the default cap of one case (--max-vehicles)
  const int steps = scale_steps(layout);
  return parse_case(scale_case_json(layout, n, steps * kScaleDt, steps, detector), layout + ".json", limits);
}

}  // namespace crashbench::bench
