#pragma once
// One bit per cell of a grid whose cells list items through offsets (cell c holds [start[c], start[c+1])):
// whether the cell holds any. A query checks the bit, small enough to stay cached, before the cell's
// offsets and items, which on a large scene are cache misses and on a road are mostly empty.
#include <cstdint>
#include <span>
#include <vector>

#include "core/huge_pages.hpp"

namespace crashbench {

class CellOccupancy {
 public:
  /// From the offsets of nx * ny cells (nx * ny + 1 entries).
  void build(std::span<const std::uint32_t> cell_start) {
    const std::size_t cells = cell_start.empty() ? 0 : cell_start.size() - 1;
    build(cells, [&](std::size_t c) { return cell_start[c + 1] > cell_start[c]; });
  }
  /// A bit for each of `cells` cells: set where `has(cell)`.
  template <class Has>
  void build(std::size_t cells, Has&& has) {
    bits_.assign((cells + 63) / 64, 0);
    for (std::size_t c = 0; c < cells; ++c)
      if (has(c)) bits_[c / 64] |= std::uint64_t{1} << (c % 64);
  }
  bool operator()(std::size_t cell) const { return bits_[cell / 64] >> (cell % 64) & 1; }
  /// The word holding the cell's bit, to prefetch.
  const std::uint64_t* word(std::size_t cell) const { return &bits_[cell / 64]; }

 private:
  GridVector<std::uint64_t> bits_;
};

}  // namespace crashbench
