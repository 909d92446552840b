#include "cases/runner/contact_groups.hpp"

#include <algorithm>

namespace crashbench {

ContactGroups::ContactGroups(std::size_t vehicles, std::size_t contacts)
    : parent_(vehicles, -1), ordinal_(vehicles, -1) {
  vehicles_.reserve(vehicles);
  group_of_.reserve(contacts);
  starts_.reserve(contacts + 1);
  by_group_.reserve(contacts);
}

int ContactGroups::root(int v) {
  auto at = [this](int u) -> int& { return parent_[static_cast<std::size_t>(u)]; };
  if (at(v) < 0) {  // first seen: a group of its own
    at(v) = v;
    vehicles_.push_back(v);
  }
  while (at(v) != v) {
    at(v) = at(at(v));
    v = at(v);
  }
  return v;
}

void ContactGroups::unite(int a, int b) {
  a = root(a), b = root(b);
  if (a != b) parent_[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
}

void ContactGroups::group(std::span<const Contact> contacts) {
  for (const Contact& c : contacts) c.other == kStaticScene ? void(root(c.vehicle)) : unite(c.vehicle, c.other);
  // Number the groups by their first contacts, count their contacts, then list them by a counting sort
  // that keeps each group's in order.
  group_of_.resize(contacts.size());
  starts_.assign(1, 0);
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    int& ordinal = ordinal_[static_cast<std::size_t>(root(contacts[i].vehicle))];
    if (ordinal < 0) {
      ordinal = static_cast<int>(starts_.size() - 1);
      starts_.push_back(0);
    }
    group_of_[i] = ordinal;
    ++starts_[static_cast<std::size_t>(ordinal) + 1];
  }
  for (std::size_t g = 1; g < starts_.size(); ++g) starts_[g] += starts_[g - 1];
  by_group_.resize(contacts.size());
  for (std::size_t i = contacts.size(); i-- > 0;)
    by_group_[--starts_[static_cast<std::size_t>(group_of_[i]) + 1]] = static_cast<int>(i);
  // Filled from the back, starts_[g + 1] came down to group g's first place: each moves one down.
  for (std::size_t g = 0; g + 1 < starts_.size(); ++g) starts_[g] = starts_[g + 1];
  starts_.back() = contacts.size();
  for (const int v : vehicles_) parent_[static_cast<std::size_t>(v)] = -1, ordinal_[static_cast<std::size_t>(v)] = -1;
  vehicles_.clear();
}

}  // namespace crashbench
