#include "cases/driving/path_follower.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "cases/driving/csv_text.hpp"
#include "core/error.hpp"

namespace crashbench {
namespace {

/// The trimmed comma-separated fields of `row`.
std::vector<std::string_view> csv_fields(std::string_view row) {
  std::vector<std::string_view> fields;
  for (;;) {
    const std::size_t comma = row.find(',');
    fields.push_back(csv_trimmed(row.substr(0, comma)));
    if (comma == std::string_view::npos) return fields;
    row.remove_prefix(comma + 1);
  }
}

}  // namespace

std::vector<Vec2> read_path_points(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, "", "cannot open the path: expected a readable CSV file with a header naming columns x and y");
  std::string text;
  std::getline(in, text);
  // Copied: the views would point into `text`, which the rows overwrite.
  const std::vector<std::string_view> names = csv_fields(text);
  const std::vector<std::string> header(names.begin(), names.end());
  const auto column = [&](std::string_view name) {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
      throw Error(path, "line 1", fmt::format("expected a header naming columns x and y (e.g. 'x,y' or 't,x,y,heading_deg'), "
                                              "found '{}'", csv_trimmed(text)));
    return static_cast<std::size_t>(it - header.begin());
  };
  const std::size_t x = column("x"), y = column("y");
  std::vector<Vec2> points;
  for (int line = 2; std::getline(in, text); ++line) {
    if (csv_trimmed(text).empty()) continue;
    const std::vector<std::string_view> fields = csv_fields(text);
    if (fields.size() != header.size())
      throw Error(path, csv_line(line), fmt::format("expected {} comma-separated values as the header names, found {}",
                                                    header.size(), fields.size()));
    for (std::size_t i = 0; i < fields.size(); ++i) csv_number(fields[i], path, line, header[i]);
    const Vec2 p(csv_number(fields[x], path, line, "x"), csv_number(fields[y], path, line, "y"));
    if (points.empty() || p != points.back()) points.push_back(p);
  }
  if (points.size() < 2)
    throw Error(path, "", fmt::format("expected a path of at least two distinct points, found {}", points.size()));
  return points;
}

PlanarState follow_start(const FollowSpec& spec) {
  const Vec2 along = (spec.points_W[1] - spec.points_W[0]).normalized();
  PlanarState s;
  s.position_W = spec.points_W[0];
  s.heading = std::atan2(along.y(), along.x());
  s.velocity_W = spec.speeds.front() * along;
  return s;
}

PathFollower::PathFollower(const FollowSpec& spec, double mass, const AxlePositions& axles)
    : spec_(&spec),
      wheelbase_(axles.cg_to_front + axles.cg_to_rear),
      rear_axle_(axles.cg_to_rear),
      max_drive_force_(spec.max_lateral_accel > 0 ? mass * spec.max_lateral_accel : INFINITY) {
  arc_.reserve(spec.points_W.size());
  arc_.push_back(0.0);
  for (std::size_t i = 1; i < spec.points_W.size(); ++i)
    arc_.push_back(arc_.back() + (spec.points_W[i] - spec.points_W[i - 1]).norm());
}

double PathFollower::nearest_arc(const Vec2& p_W) {
  // Forward from the last nearest segment, over the arc the car can cover in a step and the lookahead with
  // room to spare; a closed path wraps round. A car cut off the path finds it again within that window.
  const std::vector<Vec2>& p = spec_->points_W;
  const std::size_t segments = p.size() - 1;
  const double window = 2 * spec_->lookahead + 50.0;  // [m]
  double best = INFINITY, best_arc = arc_[segment_];
  std::size_t best_segment = segment_;
  double covered = 0;
  for (std::size_t k = 0; k < segments && covered <= window; ++k) {
    const std::size_t i = spec_->closed ? (segment_ + k) % segments : segment_ + k;
    if (i >= segments) break;
    const Vec2 ab = p[i + 1] - p[i];
    const double length = arc_[i + 1] - arc_[i];
    const double f = std::clamp((p_W - p[i]).dot(ab) / (length * length), 0.0, 1.0);
    const double d = (p[i] + f * ab - p_W).norm();
    if (d < best) best = d, best_arc = arc_[i] + f * length, best_segment = i;
    covered += length;
  }
  segment_ = best_segment;
  return best_arc;
}

Vec2 PathFollower::point_at(double arc) const {
  const std::vector<Vec2>& p = spec_->points_W;
  const double total = arc_.back();
  if (spec_->closed) arc = std::fmod(arc, total);
  if (arc >= total) return p.back() + (arc - total) * (p.back() - p[p.size() - 2]).normalized();
  const std::size_t i = static_cast<std::size_t>(std::upper_bound(arc_.begin(), arc_.end(), arc) - arc_.begin()) - 1;
  return p[i] + (arc - arc_[i]) / (arc_[i + 1] - arc_[i]) * (p[i + 1] - p[i]);
}

void PathFollower::drive(const PlanarState& s, VehicleInput& input) {
  const Vec2 forward_W = unit_at(s.heading);
  const Vec2 rear_W = s.position_W - rear_axle_ * forward_W;
  const double arc = nearest_arc(rear_W);
  // At speed a fixed lookahead chases the path too tightly and the car weaves at the tyres' limit.
  const double lookahead = std::max(spec_->lookahead, spec_->lookahead_time * s.velocity_B().x());
  const Vec2 to_target_W = point_at(arc + lookahead) - rear_W;
  const double lateral_B = perp(forward_W).dot(to_target_W);
  const double d2 = std::max(to_target_W.squaredNorm(), 1e-12);
  input.steer = std::atan(2 * wheelbase_ * lateral_B / d2);
  // The speed held where the rear axle is on the path, between the points of its segment.
  const double f = std::clamp((arc - arc_[segment_]) / (arc_[segment_ + 1] - arc_[segment_]), 0.0, 1.0);
  const double held = spec_->speeds[segment_] + f * (spec_->speeds[segment_ + 1] - spec_->speeds[segment_]);
  // With a lateral acceleration budget, speeding up and slowing down keep within it too.
  input.drive_force = std::clamp(spec_->speed_gain * (held - s.velocity_B().x()), -max_drive_force_, max_drive_force_);
}

double PathFollower::distance_to_path(const Vec2& p_W) const {
  const std::vector<Vec2>& p = spec_->points_W;
  double best = INFINITY;
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    const Vec2 ab = p[i + 1] - p[i];
    const double f = std::clamp((p_W - p[i]).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
    best = std::min(best, (p[i] + f * ab - p_W).norm());
  }
  return best;
}

}  // namespace crashbench
