#pragma once
// One value per thread, each on cache lines of its own. Kept side by side in a plain vector, two threads'
// values share a line, and every write by one (a counter, a vector's end as it grows) takes the line from
// the other's core: in the two-thread traffic step, the sweep's per-thread substep bounds alone cost as
// much as the growth rates they sit beside (false sharing).
#include <cstddef>
#include <iterator>
#include <vector>

namespace crashbench {

template <class T>
class PerThread {
  /// The line size of the x86-64 and AArch64 cores we run on (std::hardware_destructive_interference_size
  /// varies with compiler flags, which GCC warns of).
  static constexpr std::size_t kLine = 64;
  struct alignas(kLine) Slot {
    T value;
  };

 public:
  /// Visits the values in thread order (a forward iterator over the slots' values).
  template <class Value, class SlotT>
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = Value*;
    using reference = Value&;
    Iterator() = default;
    explicit Iterator(SlotT* slot) : slot_(slot) {}
    reference operator*() const { return slot_->value; }
    pointer operator->() const { return &slot_->value; }
    Iterator& operator++() {
      ++slot_;
      return *this;
    }
    Iterator operator++(int) { return Iterator(slot_++); }
    bool operator==(const Iterator& other) const { return slot_ == other.slot_; }

   private:
    SlotT* slot_ = nullptr;
  };
  using iterator = Iterator<T, Slot>;
  using const_iterator = Iterator<const T, const Slot>;

  PerThread() = default;
  explicit PerThread(std::size_t threads) : slots_(threads) {}

  /// `threads` values: those kept keep theirs, new ones are value-initialised.
  void resize(std::size_t threads) { slots_.resize(threads); }
  /// `threads` copies of `value`.
  void assign(std::size_t threads, const T& value) { slots_.assign(threads, Slot{value}); }
  std::size_t size() const { return slots_.size(); }
  T& operator[](std::size_t thread) { return slots_[thread].value; }
  const T& operator[](std::size_t thread) const { return slots_[thread].value; }
  iterator begin() { return iterator(slots_.data()); }
  iterator end() { return iterator(slots_.data() + slots_.size()); }
  const_iterator begin() const { return const_iterator(slots_.data()); }
  const_iterator end() const { return const_iterator(slots_.data() + slots_.size()); }

 private:
  std::vector<Slot> slots_;
};

}  // namespace crashbench
