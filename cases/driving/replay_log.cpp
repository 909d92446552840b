#include "cases/driving/replay_log.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <numbers>
#include <string_view>

#include "cases/driving/csv_text.hpp"
#include "core/error.hpp"
#include "core/physical_bounds.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

/// The numbers of a data line with exactly three commas (t, x, y, heading_deg), or an Error naming the line.
std::array<double, 4> row_values(std::string_view text, const std::string& path, int line) {
  static constexpr std::array<const char*, 4> kColumns = {"t", "x", "y", "heading_deg"};
  std::array<double, 4> values{};
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::size_t comma = std::min(text.find(','), text.size());
    values[i] = csv_number(csv_trimmed(text.substr(0, comma)), path, line, kColumns[i]);
    text.remove_prefix(std::min(comma + 1, text.size()));
  }
  return values;
}

/// Throws Error naming `source` and the row's line unless row `r` (after `before`, if any) lies inside the
/// bounds a case's own numbers obey (cases/physical_bounds.hpp): a log is input like any other, and a row
/// 1e-300 s after the last one would give the runner an infinite speed.
void check_row_bounds(const ReplayRow& r, const ReplayRow* before, const std::string& source) {
  const auto fail = [&](const std::string& what) { throw Error(source, csv_line(r.line), what); };
  if (!std::isfinite(r.t) || !std::isfinite(r.heading) || !r.position_W.allFinite()) fail("expected finite values");
  if (std::abs(r.t) > bounds::kClockTime)
    fail(fmt::format("expected a time t of at most {:g} s in magnitude, found {} s", bounds::kClockTime, r.t));
  if (r.position_W.cwiseAbs().maxCoeff() > bounds::kPosition)
    fail(fmt::format("expected x and y of at most {:g} m in magnitude, found ({}, {}) m", bounds::kPosition,
                     r.position_W.x(), r.position_W.y()));
  if (!before) return;
  const double gap = r.t - before->t;
  if (!(gap > 0))
    fail(fmt::format("expected times to increase strictly: t = {} s after t = {} s", r.t, before->t));
  if (gap < bounds::kLeastTimeStep)
    fail(fmt::format("expected rows at least {:g} s apart (the shortest dt a case may have), found {:g} s after the "
                     "row before", bounds::kLeastTimeStep, gap));
  const double speed = (r.position_W - before->position_W).norm() / gap;
  if (speed > bounds::kSpeed)
    fail(fmt::format("the move from the row before implies {:g} m/s, more than the {:g} m/s a vehicle may have",
                     speed, bounds::kSpeed));
}

}  // namespace

ReplayLog ReplayLog::read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, "", "cannot open the replay log: expected a readable CSV file with the header " +
                                     std::string(kReplayHeader));
  std::string text;
  int line = 0;
  if (!std::getline(in, text) || csv_trimmed(text) != kReplayHeader)
    throw Error(path, "line 1", fmt::format("expected the header '{}', found '{}'", kReplayHeader, csv_trimmed(text)));
  ++line;
  std::vector<ReplayRow> rows;
  while (std::getline(in, text)) {
    ++line;
    if (csv_trimmed(text).empty()) continue;
    const std::string_view row = csv_trimmed(text);
    if (std::count(row.begin(), row.end(), ',') != 3)
      throw Error(path, csv_line(line), fmt::format("expected 4 comma-separated values ({}), found {}", kReplayHeader,
                                                   std::count(row.begin(), row.end(), ',') + 1));
    const auto v = row_values(row, path, line);
    rows.push_back({v[0], {v[1], v[2]}, v[3] * kDegToRad, line});
  }
  return ReplayLog(std::move(rows), path);
}

ReplayLog::ReplayLog(std::vector<ReplayRow> rows, std::string source) : rows_(std::move(rows)), source_(std::move(source)) {
  if (rows_.size() < 2)
    throw Error(source_, "", fmt::format("expected at least two rows after the header, found {}", rows_.size()));
  for (std::size_t i = 0; i < rows_.size(); ++i) check_row_bounds(rows_[i], i > 0 ? &rows_[i - 1] : nullptr, source_);
  const double t0 = rows_.front().t;
  double raw_before = rows_.front().heading;
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    ReplayRow& r = rows_[i];
    r.t -= t0;
    // The shorter way round from the previous row's heading: the log's own wrapping (at 180 or 360 deg) vanishes.
    const double raw = r.heading;
    if (i > 0) r.heading = rows_[i - 1].heading + std::remainder(raw - raw_before, 2 * std::numbers::pi);
    raw_before = raw;
    if (i > 0 && std::abs(r.heading - rows_[i - 1].heading) > bounds::kYawRate * (r.t - rows_[i - 1].t))
      throw Error(source_, csv_line(r.line),
                  fmt::format("the turn from the row before implies {:g} rad/s, more than the {:g} rad/s a vehicle "
                              "may have", std::abs(r.heading - rows_[i - 1].heading) / (r.t - rows_[i - 1].t),
                              bounds::kYawRate));
  }
}

PlanarState ReplayLog::at(double t) const {
  // The segment [i, i + 1] holding t; outside the log, the first or last segment.
  const auto after = std::upper_bound(rows_.begin() + 1, rows_.end() - 1, t,
                                      [](double time, const ReplayRow& r) { return time < r.t; });
  const ReplayRow& a = *(after - 1);
  const ReplayRow& b = *after;
  const double h = b.t - a.t;
  const double f = (t - a.t) / h;
  PlanarState s;
  s.position_W = a.position_W + f * (b.position_W - a.position_W);
  s.heading = a.heading + f * (b.heading - a.heading);
  s.velocity_W = (b.position_W - a.position_W) / h;
  s.yaw_rate = (b.heading - a.heading) / h;
  return s;
}

void ReplayLog::check_covers(double duration, const std::string& used_by) const {
  if (duration <= span()) return;
  throw Error(source_, csv_line(rows_.back().line),
              fmt::format("the log ends {} s after its first row, before the end of the case ({} s, {}): a replayed "
                          "vehicle is not extrapolated; shorten 'duration' or extend the log", span(), duration, used_by));
}

}  // namespace crashbench
