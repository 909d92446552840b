#pragma once
// Contacts (or sweep keys) listed per vehicle, so that "is there already one like this for this vehicle?"
// looks at that vehicle's few entries instead of every entry of the step: the sweep's bookkeeping stays
// O(contacts) when thousands of cars touch at once. Allocation-free once reserved.
#include <cstddef>
#include <vector>

namespace crashbench {

class ByVehicle {
 public:
  static constexpr int kNone = -1;
  /// Sizes for `vehicle_count` vehicles and `entries` entries.
  void reserve(int vehicle_count, std::size_t entries) {
    head_.assign(static_cast<std::size_t>(vehicle_count > 0 ? vehicle_count : 0), kNone);
    tail_.assign(head_.size(), kNone);
    cursor_.assign(head_.size(), kNone);
    next_.reserve(entries);
    vehicles_.reserve(entries);
  }
  /// Forgets every entry (O(entries), not O(vehicles)).
  void clear() {
    for (const int v : vehicles_)
      head_[static_cast<std::size_t>(v)] = tail_[static_cast<std::size_t>(v)] = cursor_[static_cast<std::size_t>(v)] = kNone;
    next_.clear();
    vehicles_.clear();
  }
  /// Appends entry number size() for `vehicle`; a vehicle's entries are walked in the order added.
  void add(int vehicle) {
    if (static_cast<std::size_t>(vehicle) >= head_.size())
      head_.resize(vehicle + 1, kNone), tail_.resize(vehicle + 1, kNone), cursor_.resize(vehicle + 1, kNone);
    const int entry = static_cast<int>(next_.size());
    next_.push_back(kNone);
    vehicles_.push_back(vehicle);
    int& tail = tail_[static_cast<std::size_t>(vehicle)];
    (tail == kNone ? head_[static_cast<std::size_t>(vehicle)] : next_[static_cast<std::size_t>(tail)]) = entry;
    tail = entry;
  }
  /// First entry of `vehicle`, or kNone.
  int first(int vehicle) const {
    return static_cast<std::size_t>(vehicle) < head_.size() ? head_[static_cast<std::size_t>(vehicle)] : kNone;
  }
  /// The entry after `entry` of the same vehicle, or kNone.
  int next(int entry) const { return next_[static_cast<std::size_t>(entry)]; }

  /// An entry of `vehicle` that `accept(entry)` takes, or kNone. The walk starts after the entry last
  /// found for that vehicle and wraps round: a crowd's lookups come in the order the entries were added
  /// (a car's thousand pair keys met again pair by pair), so each costs O(1) instead of a walk over all of
  /// the car's entries, which made a thousand cars at one point quadratic. Any order stays correct; use it
  /// where at most one entry can be taken (a vehicle pair), since it need not give the first.
  template <class Accept>
  int find(int vehicle, Accept accept) {
    if (static_cast<std::size_t>(vehicle) >= head_.size()) return kNone;
    int& cursor = cursor_[static_cast<std::size_t>(vehicle)];
    const int from = cursor == kNone ? head_[static_cast<std::size_t>(vehicle)] : cursor;
    for (int pass = 0, e = from; pass < 2; ++pass, e = head_[static_cast<std::size_t>(vehicle)])
      for (; e != kNone && (pass == 0 || e != from); e = next(e))
        if (accept(e)) {
          cursor = next(e);
          return e;
        }
    return kNone;
  }

 private:
  std::vector<int> head_, tail_;  // per vehicle: first and last entry
  std::vector<int> cursor_;       // per vehicle: where find() walks from next, kNone: the first entry
  std::vector<int> next_;         // per entry: the next of its vehicle
  std::vector<int> vehicles_;     // per entry: its vehicle
};

}  // namespace crashbench
