#include "detectors/scenes/torcs_track_anchor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/error.hpp"

namespace crashbench {
namespace {

constexpr double kOnTheRoad = 0.5;     // [m]: start to cross-section, as the strips' join tolerance
constexpr double kSameWidth = 0.05;    // [m]: half widths that agree
constexpr double kAcross = 0.01;       // the start's cross-section: |dx| at most this fraction of its length

bool named_like(const std::string& name, const std::string& prefix) {
  return name.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), name.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

}  // namespace

std::vector<RoadCrossSection> read_road_cross_sections(std::istream& in, const std::string& file,
                                                       const std::string& road_prefix) {
  std::vector<RoadCrossSection> out;
  std::string line, name;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("OBJECT", 0) == 0) {
      name.clear();
    } else if (line.rfind("name ", 0) == 0) {
      name = line.substr(5);
      name.erase(std::remove(name.begin(), name.end(), '"'), name.end());
    } else if (line.rfind("numvert ", 0) == 0) {
      const long count = std::strtol(line.c_str() + 8, nullptr, 10);
      std::vector<Vec2> vertices;
      for (long i = 0; i < count && std::getline(in, line); ++i) {
        ++number;
        std::istringstream v(line);
        double x = 0, y = 0, z = 0;
        if (!(v >> x >> y >> z)) throw Error(file, fmt::format("line {}", number), "expected a vertex 'x y z'");
        vertices.emplace_back(x, -z);  // y-up, as TORCS writes: world (x, -z, y)
      }
      if (!named_like(name, road_prefix)) continue;
      for (std::size_t k = 0; k + 1 < vertices.size(); k += 2) out.push_back({vertices[k], vertices[k + 1]});
    }
  }
  return out;
}

Anchoring anchor_to_scene(Centreline& line, double width, const std::vector<RoadCrossSection>& road,
                          const std::string& definition, const std::string& scene) {
  if (road.empty())
    throw Error(scene, "", "no road objects (named tkmn..., any case): cannot check the definition " + definition +
                               " against it; expected a TORCS track's scene");
  const Vec2 start = line.points_W.front();
  Anchoring a;
  a.start_gap = std::numeric_limits<double>::infinity();
  for (const RoadCrossSection& c : road)
    if (std::abs(c.half_width() - 0.5 * width) <= kSameWidth) a.start_gap = std::min(a.start_gap, (c.middle() - start).norm());
  if (a.start_gap <= kOnTheRoad) return a;
  const RoadCrossSection& first = road.front();
  const Vec2 across = first.second_W - first.first_W;
  if (std::abs(first.half_width() - 0.5 * width) > kSameWidth || std::abs(across.x()) > kAcross * across.norm())
    throw Error(definition, "", fmt::format("its start line ({:.2f}, {:.2f}) is not on the road of {} (the nearest "
                                            "road cross-section {:.0f} m wide lies {:.2f} m away, and the scene's first "
                                            "one is no start line): expected the scene built from this definition; "
                                            "--strips reads the scene's own road", start.x(), start.y(), scene, width,
                                            a.start_gap));
  a.shift_W = first.middle() - start;
  for (Vec2& p : line.points_W) p += a.shift_W;
  return a;
}

Centreline torcs_centreline_on_scene(const std::string& definition, const std::string& scene,
                                     const std::string& road_prefix, Anchoring* placed) {
  const TorcsTrack track = read_torcs_track(definition);
  Centreline line = torcs_centreline(track);
  std::ifstream in(scene, std::ios::binary);
  if (!in) throw Error(scene, "", "cannot open the track file");
  const Anchoring a = anchor_to_scene(line, track.width, read_road_cross_sections(in, scene, road_prefix), definition, scene);
  if (placed) *placed = a;
  return line;
}

}  // namespace crashbench
