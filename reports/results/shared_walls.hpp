#pragma once
// Walls written once per scene, not once per case: a matrix of 48 cases on one scene used to repeat its
// wall footprints 48 times (90 % of results.json). A case's "scene_walls" array moves to the document's
// "scenes" object under a key made from the walls themselves, and the case says "scene_walls_ref": key.
// Keyed by content, not by scene name: the same scene name can give other walls (a collision filter).
#include <nlohmann/json.hpp>

#include <string>

#include "cases/run_result.hpp"

namespace crashbench {

/// Takes `case_json`'s "scene_walls" out, leaving "scene_walls_ref"; returns the key (and the walls in
/// `walls`), or "" when the case has no walls array (a case that could not run).
std::string take_scene_walls(nlohmann::json& case_json, nlohmann::json& walls);

/// The key take_scene_walls gives `result`'s walls as its JSON holds them (walls_json), computed from the
/// walls without writing them.
std::string walls_key(const RunResult& result);

/// Applies take_scene_walls to every case of a results document, filling its "scenes" object.
void share_scene_walls(nlohmann::json& doc);

}  // namespace crashbench
