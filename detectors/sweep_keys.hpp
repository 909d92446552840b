#pragma once
// The swept detection's keys (swept.hpp): one per contact a vehicle makes in a step (a vehicle pair, or one
// face of the scene), each with the bracket of fractions it was first seen touching in. How contacts are
// filed under keys, and which keys a touch earlier in the step explains.
#include <vector>

#include "detectors/swept.hpp"

namespace crashbench::sweep_keys {

using Key = SweepScratch::Key;

/// cos 30 deg: two scene contacts of one vehicle whose normals are closer than this are one face.
inline constexpr double kSameFaceCosine = 0.8660254037844386;

/// Whether `c` is `key`'s contact: the same vehicle pair, or the same vehicle on one face of the scene.
bool matches(const Key& key, const Contact& c);

/// The scene's key of entry `e` of key_index.
const Key& scene_key(const SweepScratch& s, int e);

/// Files a new key for `c` (`pair`: its pair index, for a vehicle pair) with the bracket (lo, hi].
void add_key(const Contact& c, int pair, double lo, double hi, SweepScratch& s);

/// Files the contacts of `found` (`pairs`: their pair indices) under their keys; keys not seen before get
/// the bracket (lo, hi]: free at `lo` and touching at `hi` (lo == hi == 0: touching from the start).
void file_keys(const std::vector<Contact>& found, const std::vector<int>& pairs, double lo, double hi, SweepScratch& s);

/// True if `key` is the far side of something its vehicle already touched earlier in the step: the scene
/// with the normal turned round (the CG crossed the wall line in a motion the response will undo).
bool far_side(const Key& key, const SweepScratch& s);

/// True if another key of the same contact touched earlier in the step: a touch between tested poses
/// found before the tested pose that first showed the same face.
bool superseded(const Key& key, const SweepScratch& s);

}  // namespace crashbench::sweep_keys
