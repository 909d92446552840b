#pragma once
// A small AC3D road whose only obstacle in the right-hand lane is a tree sprite known by its texture alone:
// the trap of dirt-3 (`RECT...`, tree_gum_arbor_n.png) and aalborg (`OBJ...`, allborg-trees_n.rgb), whose
// node names say nothing. No image file exists: the textures are known by name only.
#include <fstream>
#include <string>

namespace crashbench::testing {

/// The lane the sprite stands in: Y [m] of its centre line.
inline constexpr double kSpriteLaneY = -5.0;
/// Where the sprite stands across the lane [m].
inline constexpr double kSpriteX = 100.0;

/// Writes `path` (.ac or .acc; z-up, metres): a road along X (|Y| <= 8 m, texture asphalt.png), a 2.5 m
/// barrier along each edge (texture tr-barrier-tree_n.png: "tree" in a barrier's name), and at X = 100 a
/// 5 m sprite across the lane Y -7..-3 named RECT0001 with texture trees/tree_gum_arbor_n.png.
inline void write_textured_sprite_scene(const std::string& path) {
  std::ofstream out(path);
  out << "AC3Db\nMATERIAL \"grey\" rgb 0.5 0.5 0.5 amb 0.5 0.5 0.5 emis 0 0 0 spec 0 0 0 shi 0 trans 0\n"
      << "OBJECT world\nkids 4\n";
  const auto quad = [&](const char* name, const char* texture, const double (&v)[4][3]) {
    out << "OBJECT poly\nname \"" << name << "\"\ntexture \"" << texture << "\"\nnumvert 4\n";
    for (const auto& p : v) out << p[0] << ' ' << p[1] << ' ' << p[2] << '\n';
    out << "numsurf 1\nSURF 0x20\nmat 0\nrefs 4\n0 0 0\n1 1 0\n2 1 1\n3 0 1\nkids 0\n";
  };
  quad("road", "asphalt.png", {{-20, -8, 0}, {200, -8, 0}, {200, 8, 0}, {-20, 8, 0}});
  quad("barrier-left", "tr-barrier-tree_n.png", {{-20, 8, 0}, {200, 8, 0}, {200, 8, 2.5}, {-20, 8, 2.5}});
  quad("barrier-right", "tr-barrier-tree_n.png", {{-20, -8, 0}, {200, -8, 0}, {200, -8, 2.5}, {-20, -8, 2.5}});
  quad("RECT0001", "trees/tree_gum_arbor_n.png",
       {{kSpriteX, -7, 0}, {kSpriteX, -3, 0}, {kSpriteX, -3, 5}, {kSpriteX, -7, 5}});
}

}  // namespace crashbench::testing
