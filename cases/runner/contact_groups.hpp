#pragma once
// A step's contacts in groups that share no vehicle. An impulse changes only its contact's two bodies, so
// one Gauss-Seidel pass over every contact in order gives the same bits as a pass over each group in order,
// and the groups' passes may run on several threads at once (ImpactPass::resolve). In traffic nearly every
// group is a single contact (10,000 cars: 782 groups of 788 contacts a step).
#include <cstddef>
#include <span>
#include <vector>

#include "core/contact.hpp"

namespace crashbench {

class ContactGroups {
 public:
  /// For contacts between `vehicles` vehicles; room for `contacts` contacts before any allocation.
  ContactGroups(std::size_t vehicles, std::size_t contacts);

  /// Groups `contacts`: two are in one group when they share a vehicle, directly or through others (the
  /// scene joins nothing). Groups are numbered in the order of their first contacts. Costs the contacts,
  /// not the vehicles.
  void group(std::span<const Contact> contacts);
  std::size_t size() const { return starts_.empty() ? 0 : starts_.size() - 1; }
  /// Group `g`'s contacts, as indices into the grouped span, in order.
  std::span<const int> operator[](std::size_t g) const {
    return std::span<const int>(by_group_).subspan(starts_[g], starts_[g + 1] - starts_[g]);
  }

 private:
  /// `v`'s group's representative vehicle (union-find with path halving).
  int root(int v);
  void unite(int a, int b);

  std::vector<int> parent_;    ///< per vehicle: its parent; -1 outside the contacts being grouped
  std::vector<int> ordinal_;   ///< per representative vehicle: its group's number; -1 before it has one
  std::vector<int> vehicles_;  ///< the vehicles given a parent, to reset
  std::vector<int> group_of_;  ///< per contact: its group
  std::vector<std::size_t> starts_;  ///< group g's contacts are by_group_[starts_[g], starts_[g + 1])
  std::vector<int> by_group_;        ///< contact indices, group after group, each group's in order
};

}  // namespace crashbench
