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
    next_.reserve(entries);
    vehicles_.reserve(entries);
  }
  /// Forgets every entry (O(entries), not O(vehicles)).
  void clear() {
    for (const int v : vehicles_) head_[static_cast<std::size_t>(v)] = tail_[static_cast<std::size_t>(v)] = kNone;
    next_.clear();
    vehicles_.clear();
  }
  /// Appends entry number size() for `vehicle`; a vehicle's entries are walked in the order added.
  void add(int vehicle) {
    if (static_cast<std::size_t>(vehicle) >= head_.size()) head_.resize(vehicle + 1, kNone), tail_.resize(vehicle + 1, kNone);
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

 private:
  std::vector<int> head_, tail_;  // per vehicle: first and last entry
  std::vector<int> next_;         // per entry: the next of its vehicle
  std::vector<int> vehicles_;     // per entry: its vehicle
};

}  // namespace crashbench
