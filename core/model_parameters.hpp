#pragma once
// The parameters a vehicle's dynamics model owns (tyres, roll, resistance, ...): opaque to the rest of
// the bench. The model reads them from the vehicle's `params`, validates and echoes them
// (models/dynamics/vehicle_dynamics.hpp); a new model brings its own struct and touches nothing here.
// Held inline, so copying a vehicle allocates nothing and a fleet's parameters stay contiguous.
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace crashbench {

/// One tag per parameter struct: the address of a static of the instantiation.
template <class Parameters>
const void* parameters_tag() {
  static constexpr char kTag = 0;
  return &kTag;
}

class ModelParameters {
 public:
  /// Room for 16 doubles: the largest built-in struct (four-dof's tyres and roll) holds 12.
  static constexpr std::size_t kCapacity = 16 * sizeof(double);

  /// Holds `p`, replacing what was held.
  template <class Parameters>
  void emplace(const Parameters& p) {
    static_assert(std::is_trivially_copyable_v<Parameters>, "a model's parameters are plain numbers");
    static_assert(sizeof(Parameters) <= kCapacity, "more than ModelParameters::kCapacity: keep a table index");
    static_assert(alignof(Parameters) <= alignof(double));
    std::memcpy(bytes_, &p, sizeof(Parameters));
    tag_ = parameters_tag<Parameters>();
  }
  /// What is held, when it is a `Parameters`; nullptr otherwise.
  template <class Parameters>
  const Parameters* find() const {
    return tag_ == parameters_tag<Parameters>() ? reinterpret_cast<const Parameters*>(bytes_) : nullptr;
  }
  /// What is held, which must be a `Parameters` (the model validated its vehicles before stepping; a
  /// mismatch throws Error rather than reading another model's numbers).
  template <class Parameters>
  const Parameters& get() const {
    if (const Parameters* held = find<Parameters>()) return *held;
    throw_not_held();
  }
  /// True when nothing is held (a model without parameters of its own, such as free-body).
  bool empty() const { return tag_ == nullptr; }

 private:
  [[noreturn]] static void throw_not_held();
  const void* tag_ = nullptr;
  alignas(double) std::byte bytes_[kCapacity] = {};
};

}  // namespace crashbench
