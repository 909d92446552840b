#pragma once
// Contacts (or sweep keys) listed per vehicle, so that "is there already one like this for this vehicle?"
// looks at that vehicle's few entries instead of every entry of the step: the sweep's bookkeeping stays
// O(contacts) when thousands of cars touch at once. Allocation-free once reserved.
#include <cstddef>
#include <cstdint>
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

/// Entries keyed by a vehicle pair (vehicle, other): whether a pair has one is answered in O(1), found
/// or not. A walk over a vehicle's entries costs as many tests as the vehicle has entries, and filing a
/// thousand new pair keys per car that way was quadratic. Open addressing with linear probing; clear() is
/// O(1) (a generation count), so a step with few pairs does not pay for the capacity a crowd once needed.
/// Allocation-free once reserved for the entries a step holds; past that it grows.
class PairIndex {
 public:
  static constexpr int kNone = -1;
  /// Room for `entries` pairs without growing.
  void reserve(std::size_t entries) {
    std::size_t capacity = 16;
    while (capacity < 2 * entries) capacity *= 2;
    if (capacity > slots_.size()) rebuild(capacity);
  }
  /// Forgets every pair.
  void clear() {
    size_ = 0;
    if (++generation_ != 0) return;
    // After 2^32 clears the count wraps round: slots of generation 0 would look in use.
    for (Slot& s : slots_) s.generation = 0;
    generation_ = 1;
  }
  /// The entry stored for (vehicle, other), or kNone.
  int find(int vehicle, int other) const {
    if (slots_.empty()) return kNone;
    const std::uint64_t key = pack(vehicle, other);
    for (std::size_t i = slot_of(key);; i = (i + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[i];
      if (s.generation != generation_) return kNone;
      if (s.key == key) return s.entry;
    }
  }
  /// Stores `entry` for (vehicle, other), which holds none yet.
  void add(int vehicle, int other, int entry) {
    if (2 * (size_ + 1) > slots_.size()) rebuild(slots_.empty() ? 16 : 2 * slots_.size());
    put(pack(vehicle, other), entry);
    ++size_;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t generation = 0;  // the slot is in use when it equals generation_
    int entry = kNone;
  };
  static std::uint64_t pack(int vehicle, int other) {
    return (std::uint64_t{static_cast<std::uint32_t>(vehicle)} << 32) | static_cast<std::uint32_t>(other);
  }
  std::size_t slot_of(std::uint64_t key) const {
    // Fibonacci hashing: the top bits of key * 2^64 / phi spread consecutive pairs over the table.
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & (slots_.size() - 1);
  }
  void put(std::uint64_t key, int entry) {
    std::size_t i = slot_of(key);
    while (slots_[i].generation == generation_) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = {key, generation_, entry};
  }
  /// Moves the pairs in use into a table of `capacity` slots (a power of two).
  void rebuild(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    const std::uint32_t in_use = generation_;
    generation_ = 1;
    for (const Slot& s : old)
      if (s.generation == in_use) put(s.key, s.entry);
  }

  std::vector<Slot> slots_;
  std::uint32_t generation_ = 1;
  std::size_t size_ = 0;
};

}  // namespace crashbench
