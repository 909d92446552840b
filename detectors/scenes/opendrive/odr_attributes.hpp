#pragma once
// Reading attributes of the OpenDRIVE reader's elements, each problem an Error naming the file, the
// element, its line and the attribute: numbers must be finite and within the bounds a road network can have.
#include <string>
#include <string_view>

#include "detectors/scenes/opendrive/odr_model.hpp"
#include "detectors/scenes/opendrive/odr_xml.hpp"

namespace crashbench::odr {

/// Coordinates, lengths and polynomial coefficients beyond this are no road's [m]; 10,000 km.
inline constexpr double kLargest = 1e7;

/// Reads the attributes of elements of one file.
struct Attributes {
  const std::string& file;

  /// "<geometry> (line 12)", or with `key` "<geometry> (line 12): 'length'": where a problem is.
  static std::string where(const Element& e, std::string_view key = {});
  /// Throws Error at `e` (and `key`) saying `what`.
  [[noreturn]] void fail(const Element& e, std::string_view key, const std::string& what) const;

  /// The attribute as text; throws if it is missing.
  const std::string& text(const Element& e, std::string_view key) const;
  /// The attribute as text, or `fallback`.
  std::string text_or(const Element& e, std::string_view key, std::string fallback) const;
  /// A finite number with |v| <= kLargest; throws if missing or not such a number.
  double number(const Element& e, std::string_view key) const;
  /// The same, or `fallback` when the attribute is missing.
  double number_or(const Element& e, std::string_view key, double fallback) const;
  /// An xs:boolean ("true", "false", "1" or "0"), or `fallback` when the attribute is missing.
  bool boolean_or(const Element& e, std::string_view key, bool fallback) const;
  /// A whole number in [lo, hi].
  int integer(const Element& e, std::string_view key, int lo, int hi) const;
  /// A cubic record: `s_key` (s or sOffset) and a, b, c, d.
  Cubic cubic(const Element& e, std::string_view s_key) const;
};

}  // namespace crashbench::odr
