#pragma once
// TORCS road courses (`.acc`): AC3D with extra multi-texture records. Each object may carry up to four
// `texture "NAME" MODE` lines (MODE: base, tiled, skids, shad; `empty_texture_no_mapping` for none), and
// each surface reference then lists one texture coordinate pair per texture; vertex lines may carry a
// normal after the position; and surfaces are triangle strips (SURF type 4, unknown to AC3D readers).
// We turn the text into plain AC3D (the first real texture, one coordinate pair, positions only,
// triangles) and hand it to OpenSceneGraph's own AC3D reader.
#include <istream>
#include <string>
#include <string_view>

namespace crashbench {

/// Plain AC3D text of the `.acc` text in `in`: per object the first texture line that names a file
/// (its mode word dropped), no other texture line; each `refs` line cut to `index u v`; each vertex line
/// cut to `x y z`; each triangle-strip surface (type 4) split into triangles (type 0, other flags kept) and
/// `numsurf` counting them. Line endings become '\n'. Other lines pass through unchanged.
std::string acc_to_ac3d(std::string_view text);
/// The same of the text in `in`.
std::string acc_to_ac3d(std::istream& in);

/// Registers the `.acc` reader with osgDB (once; safe to call from any thread). Every scene load calls
/// it, so `scene info`, cases and tests read `.acc` like any other format.
void register_acc_reader();

}  // namespace crashbench
