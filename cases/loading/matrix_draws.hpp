#pragma once
// Seeded draws for a matrix: a `vary` field given a distribution instead of a list of values takes
// `draws.count` values, drawn jointly with the matrix's other distributions (draw i sets every drawn
// field at once), so an uncertainty band over four unknown inputs is `count` cases, not count^4.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/json_reader.hpp"

namespace crashbench {

/// {"uniform": [low, high]} or {"normal": [mean, sd]}, the latter optionally "within": [low, high]
/// (draws outside are drawn again: a truncated normal).
struct Distribution {
  enum class Kind { uniform, normal };
  Kind kind = Kind::uniform;
  double first = 0, second = 0;  ///< uniform: low, high; normal: mean, standard deviation
  std::optional<std::pair<double, double>> within;
};

/// The matrix's `draws`: how many joint draws and the seed they come from.
struct DrawPlan {
  std::size_t count = 0;
  std::uint64_t seed = 0;
};

/// A `vary` value that is an object is a distribution (a list is values).
inline bool names_distribution(const JsonReader& field) { return field.is_object(); }

Distribution parse_distribution(const JsonReader& field);
DrawPlan parse_draw_plan(const JsonReader& field);

/// Draw `index` of the field at `path`. Counter-based: it depends only on the seed, the path and the
/// index, so raising `count` keeps the earlier draws and adding a drawn field leaves the others' draws
/// alone. Integer arithmetic up to the final scaling, so every platform draws the same uniforms.
double draw_value(const Distribution& distribution, std::uint64_t seed, const std::string& path, std::size_t index);

}  // namespace crashbench
