#include "cases/runner/impulse_shares.hpp"

namespace crashbench {

void ImpulseShares::sum(const EventLog& events, std::size_t first, std::size_t last) {
  for (std::size_t i = first; i < last; ++i) {
    const ImpactEvent& e = events[i];
    sum_[static_cast<std::size_t>(e.contact.vehicle)] = 0;
    if (e.two_body()) sum_[static_cast<std::size_t>(e.contact.other)] = 0;
  }
  for (std::size_t i = first; i < last; ++i) {
    const ImpactEvent& e = events[i];
    const double j = e.resolution.impulse.linear_W.norm();
    sum_[static_cast<std::size_t>(e.contact.vehicle)] += j;
    if (e.two_body()) sum_[static_cast<std::size_t>(e.contact.other)] += j;
  }
}

}  // namespace crashbench
