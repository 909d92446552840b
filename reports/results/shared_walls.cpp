#include "reports/results/shared_walls.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "reports/results/results_json.hpp"

namespace crashbench {
namespace {

/// FNV-1a of `bytes` into `h`.
void hash_bytes(std::uint64_t& h, const void* bytes, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) h = (h ^ static_cast<const unsigned char*>(bytes)[i]) * 1099511628211ull;
}

/// `d`'s bits into `h` as one word, a quarter of FNV's byte steps over the tiled track's 200,000 numbers:
/// xor, multiply by an odd constant (low bits reach high ones), fold the high half down (and back).
void hash_double(std::uint64_t& h, double d) {
  h = (h ^ std::bit_cast<std::uint64_t>(d)) * 0x9e3779b97f4a7c15ull;
  h ^= h >> 32;
}

/// `value` into `h`: a number by its double's bits (hash_double; the files print doubles exactly, so a
/// number read back hashes as the run's), an array element by element and then its end, anything else by
/// its text (the strings non-finite numbers are written as).
void hash_value(std::uint64_t& h, const nlohmann::json& value) {
  if (value.is_number()) return hash_double(h, value.get<double>());
  if (value.is_array()) {
    for (const nlohmann::json& element : value) hash_value(h, element);
    return hash_bytes(h, "]", 1);
  }
  const std::string text = value.dump();
  hash_bytes(h, text.data(), text.size());
}

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;

std::string key_text(std::uint64_t hash) { return fmt::format("walls-{:016x}", hash); }

/// The walls' key, from their content: the same walls give the same key in every file and run. Hashed from
/// the numbers, not from the walls' printed text, which took 28 % of a 48-case matrix's run (200,000
/// numbers printed per case on the tiled track, only to be hashed).
std::string key_of(const nlohmann::json& walls) {
  std::uint64_t h = kFnvOffset;
  hash_value(h, walls);
  return key_text(h);
}

}  // namespace

std::string walls_key(const RunResult& result) {
  // hash_value's walk over the JSON walls_json writes: [[ax, ay, bx, by], ...], a non-finite number as
  // its string.
  std::uint64_t h = kFnvOffset;
  for (const WallSegment& w : result.scene_walls) {
    for (const double d : {w.a_W.x(), w.a_W.y(), w.b_W.x(), w.b_W.y()})
      std::isfinite(d) ? hash_double(h, d) : hash_value(h, non_finite_text(d));
    hash_bytes(h, "]", 1);
  }
  hash_bytes(h, "]", 1);
  return key_text(h);
}

std::string take_scene_walls(nlohmann::json& case_json, nlohmann::json& walls) {
  const auto it = case_json.find("scene_walls");
  if (it == case_json.end() || !it->is_array()) return "";
  walls = std::move(*it);
  case_json.erase(it);
  std::string key = key_of(walls);
  case_json["scene_walls_ref"] = key;
  return key;
}

void share_scene_walls(nlohmann::json& doc) {
  nlohmann::json& scenes = doc["scenes"];
  if (!scenes.is_object()) scenes = nlohmann::json::object();
  for (auto& c : doc["cases"]) {
    nlohmann::json walls;
    const std::string key = take_scene_walls(c, walls);
    if (!key.empty() && !scenes.contains(key)) scenes[key] = {{"walls", std::move(walls)}};
  }
}

}  // namespace crashbench
