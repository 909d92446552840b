#include "cases/runner/reference_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/units.hpp"

namespace crashbench {
namespace {

/// How far `a` is from `b` in units of the tolerances: the larger of point distance / tolerance and
/// normal angle / tolerance.
double difference(const Contact& a, const Contact& b, const Tolerances& t) {
  const double angle = std::acos(std::clamp(a.normal_W.dot(b.normal_W), -1.0, 1.0)) * kRadToDeg;
  return std::max((a.point_W - b.point_W).norm() / t.agreement_point, angle / t.agreement_normal_deg);
}

/// The smallest difference from `c` to a contact of `others` between the same bodies; +inf if none.
double nearest(const Contact& c, std::span<const Contact> others, const Tolerances& t) {
  double best = std::numeric_limits<double>::infinity();
  for (const Contact& o : others)
    if (o.vehicle == c.vehicle && o.other == c.other) best = std::min(best, difference(c, o, t));
  return best;
}

}  // namespace

ReferenceCheck::ReferenceCheck(const Case& c, const Scene& scene, int total_steps,
                               std::optional<DetectorAgreement>& out)
    : case_(c), agreement_(out) {
  if (c.check_against.empty()) return;
  const int n = static_cast<int>(c.vehicles.size());
  reference_ = make_detector(c.check_against);
  reference_->prepare(scene, n);
  reference_->reserve_pairs(n);
  contacts_.reserve(16 * c.vehicles.size());
  out.emplace();
  out->reference = c.check_against;
  out->timing.ns.reserve(static_cast<std::size_t>(total_steps + 1));
}

double ReferenceCheck::compare(std::span<const VehiclePose> poses, std::span<const Contact> contacts, int step,
                               Clock::time_point& since) {
  if (!reference_) return 0.0;
  contacts_.clear();
  reference_->detect_all(poses, contacts_, stats_);
  DetectorAgreement& a = *agreement_;
  const Tolerances& t = case_.tolerances;
  int missing = 0, extra = 0, moved = 0;
  for (const Contact& c : contacts) {
    const double d = nearest(c, contacts_, t);
    if (std::isinf(d)) ++extra;
    else if (d > 1.0) ++moved;
    if (!std::isinf(d)) a.worst = std::max(a.worst, d);
  }
  for (const Contact& r : contacts_) missing += std::isinf(nearest(r, contacts, t));
  ++a.steps_checked;
  if (missing + extra + moved > 0) {
    if (a.steps_differing++ == 0) a.first_step = step + 1, a.first_time = (step + 1) * case_.dt;
    a.missing += missing, a.extra += extra, a.moved += moved;
  }
  const auto now = Clock::now();
  const double ns = std::chrono::duration<double, std::nano>(now - since).count();
  a.timing.ns.push_back(static_cast<float>(ns));
  since = now;
  return ns;
}

}  // namespace crashbench
