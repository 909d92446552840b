#include "cases/traffic/traffic_stream.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "cases/traffic/sumo_frame.hpp"
#include "core/error.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

/// `b - a` taken the shorter way round [rad].
double turn(double a, double b) { return std::remainder(b - a, 2.0 * std::numbers::pi); }

}  // namespace

TrafficStream::TrafficStream(const TrafficSpec& spec, std::vector<double> cg_to_front)
    : spec_(spec), cg_to_front_(std::move(cg_to_front)), reader_(spec.fcd_file), rows_(spec.ids.size()) {
  index_.reserve(spec.ids.size());
  for (std::size_t i = 0; i < spec.ids.size(); ++i) index_.emplace(spec.ids[i], i);
}

void TrafficStream::advance_to(double t) {
  while (!ended_ && (timestep_ < 0 || time_after_ <= t)) {
    if (!reader_.next(frame_)) {
      ended_ = true;
      break;
    }
    ++timestep_;
    time_before_ = time_after_;
    time_after_ = frame_.time - spec_.first_time;
    for (std::size_t k = 0; k < frame_.count; ++k) {
      const sumo::FcdVehicle& row = frame_.vehicles[k];
      const auto found = index_.find(row.id);
      if (found == index_.end() && spec_.left_out.contains(row.id)) continue;
      if (found == index_.end())
        throw Error(reader_.file(), fmt::format("<vehicle> (line {}): 'id'", row.line),
                    fmt::format("vehicle '{}' was not in the file when the case was loaded: the FCD changed since", row.id));
      const std::size_t i = found->second;
      Rows& r = rows_[i];
      r.before = r.after;
      // Unwrapped from the row before: a heading that jumps by a turn between steps would sweep the car
      // the long way round.
      const PlanarState s = sumo::state_of(row, cg_to_front_[i], spec_.scene_from_sumo);
      const double heading =
          r.before.timestep == timestep_ - 1 ? r.before.heading + turn(r.before.heading, s.heading) : s.heading;
      r.after = {s.position_W, heading, row.speed, timestep_};
    }
  }
}

bool TrafficStream::state_at(std::size_t i, double t, PlanarState& out) const {
  const Rows& r = rows_[i];
  // In both timesteps around t: the last two read.
  if (ended_ || r.after.timestep != timestep_ || r.before.timestep != timestep_ - 1 || t < time_before_) return false;
  const double interval = time_after_ - time_before_;
  const double reach = std::max(r.before.speed, r.after.speed) * interval + kJumpAllowance;
  if ((r.after.cg_W - r.before.cg_W).norm() > reach) return false;  // teleported
  const double f = std::clamp((t - time_before_) / interval, 0.0, 1.0);
  const double yaw = turn(r.before.heading, r.after.heading);
  out.position_W = r.before.cg_W + f * (r.after.cg_W - r.before.cg_W);
  out.heading = r.before.heading + f * yaw;
  out.velocity_W = (r.before.speed + f * (r.after.speed - r.before.speed)) * unit_at(out.heading);
  out.yaw_rate = yaw / interval;
  return true;
}

}  // namespace crashbench
