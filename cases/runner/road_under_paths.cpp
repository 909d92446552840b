#include "cases/runner/road_under_paths.hpp"

namespace crashbench {

RoadUnderPathsCount::RoadUnderPathsCount(const Case& c) {
  for (const VehicleSetup& v : c.vehicles)
    vehicles_.emplace_back().length = v.params.body.cg_to_front + v.params.body.cg_to_rear;
}

void RoadUnderPathsCount::miss(Vehicle& x, int step, const Vec2& p_W) {
  if (x.misses++ == 0) x.first_miss_step = step, x.first_miss_W = p_W;
}

void RoadUnderPathsCount::settle(Vehicle& x) {
  if (x.pending == 0) return;
  if (x.misses == 0 || x.pending_step < x.first_miss_step) {
    x.first_miss_step = x.pending_step;
    x.first_miss_W = x.pending_W;
  }
  x.misses += x.pending;
  x.pending = 0;
}

void RoadUnderPathsCount::count(std::size_t v, bool on_road, int step, const Vec2& p_W) {
  Vehicle& x = vehicles_[v];
  ++x.steps;
  if (!x.appeared) x.appeared = x.entering = true, x.entry_W = p_W;
  if (!x.entering) {
    if (!on_road) miss(x, step, p_W);
    return;
  }
  if (on_road) {
    x.entering = false;
    if ((p_W - x.entry_W).norm() > x.length) settle(x);  // too far from where it appeared to be its entry
    x.pending = 0;
    return;
  }
  if (x.pending++ == 0) x.pending_step = step, x.pending_W = p_W;
}

void RoadUnderPathsCount::absent(std::size_t v) {
  Vehicle& x = vehicles_[v];
  if (!x.appeared) return;
  settle(x);  // it left without reaching the road
  x.appeared = x.entering = false;
}

RoadUnderPaths RoadUnderPathsCount::result() const {
  RoadUnderPaths out;
  for (std::size_t v = 0; v < vehicles_.size(); ++v) {
    Vehicle x = vehicles_[v];
    settle(x);
    out.steps += x.steps;
    out.without_road += x.misses;
    if (x.first_miss_step < 0 || (out.first_vehicle >= 0 && x.first_miss_step >= out.first_step)) continue;
    out.first_vehicle = static_cast<int>(v);
    out.first_step = x.first_miss_step;
    out.first_W = x.first_miss_W;
  }
  return out;
}

}  // namespace crashbench
