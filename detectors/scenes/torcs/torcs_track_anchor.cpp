#include "detectors/scenes/torcs/torcs_track_anchor.hpp"

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
// [m]: road objects whose end cross-sections lie this close are one road (corkscrew's TKMN5991 ends 4.5 m
// before TKMN01 begins, listed 550 cross-sections later).
constexpr double kObjectGap = 10.0;

/// Whether `p` lies in the triangle a, b, c (either winding, edges included).
bool in_triangle(const Vec2& p, const Vec2& a, const Vec2& b, const Vec2& c) {
  const auto side = [](const Vec2& o, const Vec2& u, const Vec2& v) {
    return (u.x() - o.x()) * (v.y() - o.y()) - (u.y() - o.y()) * (v.x() - o.x());
  };
  const double s1 = side(a, b, p), s2 = side(b, c, p), s3 = side(c, a, p);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

/// From `p` to the road between cross-sections `a` and `b` (0 on it) [m].
double to_road_piece(const Vec2& p, const RoadCrossSection& a, const RoadCrossSection& b) {
  if (in_triangle(p, a.first_W, a.second_W, b.second_W) || in_triangle(p, a.first_W, b.second_W, b.first_W)) return 0;
  return std::min({distance_to_segment(p, a.first_W, a.second_W), distance_to_segment(p, a.second_W, b.second_W),
                   distance_to_segment(p, b.second_W, b.first_W), distance_to_segment(p, b.first_W, a.first_W)});
}

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
  int number = 0, objects = 0;
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
      for (std::size_t k = 0; k + 1 < vertices.size(); k += 2) out.push_back({vertices[k], vertices[k + 1], objects});
      ++objects;
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

OffRoad off_road(const Centreline& line, const std::vector<RoadCrossSection>& road, double tolerance) {
  // Each piece of road (two consecutive cross-sections of one object, an object's last one alone, or two
  // objects' ends close together) with its box, so that most pieces are passed over by their box alone.
  struct Piece {
    const RoadCrossSection *a, *b;
    Vec2 lo, hi;
  };
  std::vector<Piece> pieces;
  const auto add = [&](const RoadCrossSection& a, const RoadCrossSection& b) {
    pieces.push_back({&a, &b, a.first_W.cwiseMin(a.second_W).cwiseMin(b.first_W).cwiseMin(b.second_W),
                      a.first_W.cwiseMax(a.second_W).cwiseMax(b.first_W).cwiseMax(b.second_W)});
  };
  std::vector<std::size_t> ends;  // the first and last cross-section of each object
  for (std::size_t i = 0; i < road.size(); ++i) {
    const bool joined = i + 1 < road.size() && road[i + 1].object == road[i].object;
    const bool first = i == 0 || road[i - 1].object != road[i].object;
    if (first) ends.push_back(i);
    if (!joined) ends.push_back(i);
    add(road[i], joined ? road[i + 1] : road[i]);
  }
  // One object's end to another's, where the road runs on from one object into the next.
  for (const std::size_t i : ends)
    for (const std::size_t j : ends)
      if (road[i].object < road[j].object && (road[i].middle() - road[j].middle()).norm() <= kObjectGap)
        add(road[i], road[j]);
  OffRoad out;
  for (const Vec2& p : line.points_W) {
    double nearest = std::numeric_limits<double>::infinity();
    for (const Piece& piece : pieces) {
      const double box = (p - p.cwiseMax(piece.lo).cwiseMin(piece.hi)).norm();
      if (box < nearest) nearest = std::min(nearest, to_road_piece(p, *piece.a, *piece.b));
      if (nearest == 0) break;
    }
    if (nearest > tolerance) ++out.points;
    if (nearest > out.farthest) {
      out.farthest = nearest;
      out.farthest_W = p;
    }
  }
  return out;
}

Centreline torcs_centreline_on_scene(const std::string& definition, const std::string& scene,
                                     const std::string& road_prefix, Anchoring* placed, double off_road_max) {
  const TorcsTrack track = read_torcs_track(definition);
  Centreline line = torcs_centreline(track);
  std::ifstream in(scene, std::ios::binary);
  if (!in) throw Error(scene, "", "cannot open the track file");
  const std::vector<RoadCrossSection> road = read_road_cross_sections(in, scene, road_prefix);
  const Anchoring a = anchor_to_scene(line, track.width, road, definition, scene);
  // The start line alone can match another track's (TORCS tracks share widths and start across +X): the
  // whole line must lie on this scene's road.
  if (const OffRoad off = off_road(line, road, off_road_max); off.points > 0)
    throw Error(definition, "",
                fmt::format("its centre line does not lie on the road of {}: {} of {} points are more than {:g} m off "
                            "it, the farthest {:.2f} m at ({:.2f}, {:.2f}); expected the definition the scene was "
                            "built from (--strips reads the scene's own road, --from-xml names another definition, "
                            "--off-road-max M accepts a line up to M m off)",
                            scene, off.points, line.points_W.size(), off_road_max, off.farthest, off.farthest_W.x(),
                            off.farthest_W.y()));
  if (placed) *placed = a;
  return line;
}

}  // namespace crashbench
