// check_against: the reference detector runs on the same poses each step, timed apart from the step,
// and its contacts are compared with the case's detector's (docs/invariants.md, detector agreement).
#include "cases/simulation.hpp"

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

void Simulation::prepare_reference() {
  if (case_.check_against.empty()) return;
  reference_ = make_detector(case_.check_against);
  reference_->prepare(scene_, static_cast<int>(x_.size()));
  reference_->reserve_pairs(static_cast<int>(x_.size()));
  reference_contacts_.reserve(16 * x_.size());
  result_.agreement.emplace();
  result_.agreement->reference = case_.check_against;
  result_.agreement->timing.ns.reserve(static_cast<std::size_t>(total_steps_ + 1));
}

double Simulation::compare_with_reference(Clock::time_point& since) {
  if (!reference_) return 0.0;
  reference_contacts_.clear();
  reference_->detect_all(poses_, reference_contacts_, reference_stats_);
  DetectorAgreement& a = *result_.agreement;
  const Tolerances& t = case_.tolerances;
  int missing = 0, extra = 0, moved = 0;
  for (const Contact& c : contacts_) {
    const double d = nearest(c, reference_contacts_, t);
    if (std::isinf(d)) ++extra;
    else if (d > 1.0) ++moved;
    if (!std::isinf(d)) a.worst = std::max(a.worst, d);
  }
  for (const Contact& r : reference_contacts_) missing += std::isinf(nearest(r, contacts_, t));
  ++a.steps_checked;
  if (missing + extra + moved > 0) {
    if (a.steps_differing++ == 0) a.first_step = step_ + 1, a.first_time = (step_ + 1) * case_.dt;
    a.missing += missing, a.extra += extra, a.moved += moved;
  }
  const auto now = Clock::now();
  const double ns = std::chrono::duration<double, std::nano>(now - since).count();
  a.timing.ns.push_back(static_cast<float>(ns));
  since = now;
  return ns;
}

}  // namespace crashbench
