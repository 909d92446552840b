#pragma once
// Small TORCS-style tracks for tests: road objects whose one surface is a triangle strip (SURF type 4) over
// left/right vertex pairs, written y-up as TORCS writes them.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "core/vehicle.hpp"

namespace crashbench::testing {

/// One AC3D object with one triangle strip: its vertices are `vertices_W` (world x, y) at `heights_W`
/// (empty: 1 m each) in order, referenced in `refs` order (empty: 0, 1, 2, ...).
struct StripObject {
  std::string name;
  std::vector<Vec2> vertices_W;
  std::vector<int> refs;
  std::vector<double> heights_W = {};
};

/// Strip vertices: for each centre, the left one (centre + half_width x `left_W`, a unit vector) then the right.
inline std::vector<Vec2> pairs_across(const std::vector<Vec2>& centres_W, const std::vector<Vec2>& left_W,
                                      double half_width) {
  std::vector<Vec2> out;
  for (std::size_t i = 0; i < centres_W.size(); ++i) {
    out.push_back(centres_W[i] + half_width * left_W[i]);
    out.push_back(centres_W[i] - half_width * left_W[i]);
  }
  return out;
}

/// AC3D text of `objects`, y-up: world (x, y, h) is file (x, h, -y).
inline std::string acc_text(const std::vector<StripObject>& objects) {
  std::string out = "AC3Db\nMATERIAL \"\" rgb 1 1 1  amb 1 1 1  emis 0 0 0  spec 0 0 0  shi 0  trans 0\n";
  out += fmt::format("OBJECT world\nkids {}\n", objects.size());
  for (const StripObject& o : objects) {
    out += fmt::format("OBJECT poly\nname \"{}\"\ntexture \"road.rgb\" base\nnumvert {}\n", o.name, o.vertices_W.size());
    for (std::size_t i = 0; i < o.vertices_W.size(); ++i)
      out += fmt::format("{} {} {}\n", o.vertices_W[i].x(), o.heights_W.empty() ? 1.0 : o.heights_W[i], -o.vertices_W[i].y());
    std::vector<int> refs = o.refs;
    if (refs.empty())
      for (int i = 0; i < static_cast<int>(o.vertices_W.size()); ++i) refs.push_back(i);
    out += fmt::format("numsurf 1\nSURF 0x14\nmat 0\nrefs {}\n", refs.size());
    for (const int r : refs) out += fmt::format("{} 0 0\n", r);
    out += "kids 0\n";
  }
  return out;
}

}  // namespace crashbench::testing
