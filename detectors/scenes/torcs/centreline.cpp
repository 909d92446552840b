#include "detectors/scenes/torcs/centreline.hpp"

#include <Eigen/Geometry>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.hpp"

namespace crashbench {
namespace {

/// A strip's midpoints, with the file line of its SURF record for messages.
struct Strip {
  std::vector<Vec2> midpoints_W;
  std::vector<Vec2> rungs_W;  ///< each pair's second vertex from its first [m]
  std::vector<double> half_widths;  ///< half each rung's length: the road's half width there [m]
  int line = 0;
  std::string object;
};

/// Reads AC3D text line by line, counting lines for messages.
class Lines {
 public:
  Lines(std::istream& in, const std::string& file) : in_(in), file_(file) {}
  bool next(std::string& line) {
    if (!std::getline(in_, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    ++number_;
    return true;
  }
  /// The next line, or an Error: the file ends inside a record.
  std::string require(const char* what) {
    std::string line;
    if (!next(line)) fail(fmt::format("the file ends inside {}", what));
    return line;
  }
  [[noreturn]] void fail(const std::string& problem) const { fail_at(number_, problem); }
  [[noreturn]] void fail_at(int line, const std::string& problem) const {
    throw Error(file_, fmt::format("line {}", line), problem);
  }
  int number() const { return number_; }

 private:
  std::istream& in_;
  const std::string& file_;
  int number_ = 0;
};

bool starts_with_word(const std::string& line, std::string_view word) {
  return line.compare(0, word.size(), word) == 0 && (line.size() == word.size() || line[word.size()] == ' ');
}

int count_after(const std::string& line) {
  std::istringstream in(line);
  std::string word;
  int n = -1;
  in >> word >> n;
  return n;
}

bool has_prefix_nocase(const std::string& name, const std::string& prefix) {
  return name.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), name.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

/// The first pair of `strip` that does not lie across it, or -1: each rung must be closer to perpendicular
/// than to parallel to the line of midpoints there (a strip written in another order gives midpoints along
/// one edge).
int first_pair_along(const Strip& strip) {
  const std::vector<Vec2>& m = strip.midpoints_W;
  for (std::size_t k = 0; m.size() > 1 && k < m.size(); ++k) {
    const Vec2 along = m[std::min(k + 1, m.size() - 1)] - m[k > 0 ? k - 1 : 0];
    const double cosine = std::abs(along.dot(strip.rungs_W[k])) / (along.norm() * strip.rungs_W[k].norm());
    if (!(cosine < std::sqrt(0.5))) return static_cast<int>(k);
  }
  return -1;
}

/// The left/right pairs of a strip over `vertex_count` vertices: its references two by two; or, for a strip
/// with repeated references (TORCS turns some strips with a degenerate triangle, `1 3 1 2 0`), the
/// object's vertices two by two (TORCS writes each cross-section's two vertices together) in the order
/// the strip first reaches them. Empty when neither gives pairs.
std::vector<std::pair<int, int>> strip_pairs(const std::vector<int>& refs, std::size_t vertex_count) {
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> sorted = refs;
  std::sort(sorted.begin(), sorted.end());
  const bool repeats = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
  if (!repeats) {
    for (std::size_t k = 0; refs.size() % 2 == 0 && k < refs.size(); k += 2) pairs.emplace_back(refs[k], refs[k + 1]);
    return pairs;
  }
  if (vertex_count % 2 != 0) return pairs;
  for (const int r : refs) {
    const std::pair<int, int> pair{r - r % 2, r - r % 2 + 1};
    if (std::find(pairs.begin(), pairs.end(), pair) == pairs.end()) pairs.push_back(pair);
  }
  return pairs.size() >= 2 ? pairs : std::vector<std::pair<int, int>>{};
}

/// One object's state while its records are read.
struct Object {
  std::string name;
  bool transformed = false;  ///< has `loc` or `rot`
  std::vector<Vec2> vertices_W;
  std::vector<double> heights_W;  ///< each vertex's height [m]
};

/// Whether the strip over `index` stands rather than lies: the plan area of its triangles is under half
/// their area (steeper than 60 degrees on the whole). A road banks far less; forza's signs and wheel-2's
/// walls carry road names (TKMN00014, TKMN967000S1).
bool stands(const std::vector<int>& index, const Object& object) {
  double plan = 0, area = 0;
  const auto at = [&](int i) {
    return Vec3(object.vertices_W[i].x(), object.vertices_W[i].y(), object.heights_W[i]);
  };
  for (std::size_t k = 0; k + 2 < index.size(); ++k) {
    const Vec3 u = at(index[k + 1]) - at(index[k]), v = at(index[k + 2]) - at(index[k]);
    area += 0.5 * u.cross(v).norm();
    plan += 0.5 * std::abs(u.x() * v.y() - u.y() * v.x());
  }
  return area > 0 && plan < 0.5 * area;
}

/// What `read_strips` found besides the road strips.
struct Leftovers {
  int others = 0;                    ///< the road objects' surfaces that are not strips
  std::vector<std::string> skipped;  ///< road-named strips left out, each "NAME (line N): why"
};

/// Reads a `numsurf` block of `object`; appends its triangle strips to `strips` when it is a road object, and
/// notes the road-named strips that are no road (standing) or give no left/right pairs.
void read_surfaces(Lines& lines, int count, const Object& object, bool road, std::vector<Strip>& strips,
                   Leftovers& leftovers) {
  for (int s = 0; s < count; ++s) {
    std::string line = lines.require("a surface");
    if (!starts_with_word(line, "SURF")) lines.fail("expected a SURF record, found '" + line + "'");
    const int surf_line = lines.number();
    const unsigned flags = static_cast<unsigned>(std::strtoul(line.c_str() + 4, nullptr, 16));
    while (!starts_with_word(line = lines.require("a surface"), "refs")) {}
    const int refs = count_after(line);
    std::vector<int> index(static_cast<std::size_t>(std::max(refs, 0)));
    for (int& i : index) i = std::atoi(lines.require("a surface's refs").c_str());
    if (!road) continue;
    if ((flags & 0xF) != 4) {
      ++leftovers.others;
      continue;
    }
    if (object.transformed) lines.fail("road object '" + object.name + "' has loc/rot: not supported for centre lines");
    for (const int i : index)
      if (i < 0 || i >= static_cast<int>(object.vertices_W.size()))
        lines.fail(fmt::format("vertex index {} outside the object's {} vertices", i, object.vertices_W.size()));
    if (stands(index, object)) {
      leftovers.skipped.push_back(fmt::format("{} (line {}): it stands, a wall or sign", object.name, surf_line));
      continue;
    }
    const std::vector<std::pair<int, int>> pairs = strip_pairs(index, object.vertices_W.size());
    if (pairs.empty()) {
      leftovers.skipped.push_back(fmt::format("{} (line {}): {} vertices, not in left/right pairs", object.name,
                                              surf_line, index.size()));
      continue;
    }
    Strip& strip = strips.emplace_back();
    strip.line = surf_line;
    strip.object = object.name;
    for (const auto& [a, b] : pairs) {
      strip.midpoints_W.push_back(0.5 * (object.vertices_W[a] + object.vertices_W[b]));
      strip.rungs_W.push_back(object.vertices_W[b] - object.vertices_W[a]);
      strip.half_widths.push_back(0.5 * strip.rungs_W.back().norm());
    }
    if (const int k = first_pair_along(strip); k >= 0)
      lines.fail_at(surf_line, fmt::format("road strip of '{}': pair {} does not lie across the road (its vertices "
                                           "are along it): expected left/right pairs", object.name, k));
  }
}

/// The road strips of the file, in file order, and what else the road objects hold.
std::vector<Strip> read_strips(Lines& lines, const CentrelineFrame& frame, const std::string& prefix,
                               Leftovers& leftovers) {
  std::vector<Strip> strips;
  Object object;
  std::string line;
  while (lines.next(line)) {
    if (starts_with_word(line, "OBJECT")) {
      object = Object{};
    } else if (starts_with_word(line, "name")) {
      const std::size_t open = line.find('"'), close = line.rfind('"');
      object.name = open < close ? line.substr(open + 1, close - open - 1) : line.substr(5);
    } else if (starts_with_word(line, "loc") || starts_with_word(line, "rot")) {
      object.transformed = true;
    } else if (starts_with_word(line, "numvert")) {
      const int n = count_after(line);
      for (int i = 0; i < n; ++i) {
        std::istringstream v(lines.require("the vertices"));
        double x = 0, y = 0, z = 0;
        if (!(v >> x >> y >> z)) lines.fail("expected a vertex 'x y z'");
        object.vertices_W.push_back(frame.unit_scale * (frame.y_up ? Vec2(x, -z) : Vec2(x, y)));
        object.heights_W.push_back(frame.unit_scale * (frame.y_up ? y : z));
      }
    } else if (starts_with_word(line, "numsurf")) {
      read_surfaces(lines, count_after(line), object, has_prefix_nocase(object.name, prefix), strips, leftovers);
    }
  }
  return strips;
}

/// Appends `strip`'s midpoints and half widths to `line` (reversed with `reverse`), dropping points that
/// repeat the line's end.
void append(Centreline& line, const Strip& strip, bool reverse) {
  constexpr double kSame = 1e-6;  // [m]
  const std::size_t n = strip.midpoints_W.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = reverse ? n - 1 - k : k;
    if (!line.points_W.empty() && (strip.midpoints_W[i] - line.points_W.back()).norm() < kSame) continue;
    line.points_W.push_back(strip.midpoints_W[i]);
    line.half_widths.push_back(strip.half_widths[i]);
  }
}

}  // namespace

Centreline read_centreline(std::istream& in, const std::string& file, const CentrelineFrame& frame,
                           const std::string& road_prefix, double join_tolerance) {
  Lines lines(in, file);
  Leftovers leftovers;
  std::vector<Strip> strips = read_strips(lines, frame, road_prefix, leftovers);
  if (strips.empty())
    throw Error(file, "", fmt::format("no road strips: expected objects named {}... with triangle-strip surfaces "
                                      "(left/right vertex pairs), found {} other road surfaces{}", road_prefix,
                                      leftovers.others, leftovers.skipped.empty() ? "" : "; left out: " +
                                      fmt::format("{}", fmt::join(leftovers.skipped, "; "))));
  // Greedy: the strip whose start (or end, reversed) is nearest the chain's end, while one is within tolerance.
  Centreline line;
  std::vector<char> used(strips.size(), 0);
  append(line, strips[0], false);
  used[0] = 1;
  for (std::size_t joined = 1; joined < strips.size(); ++joined) {
    double best = join_tolerance;
    std::size_t pick = strips.size();
    bool reverse = false;
    for (std::size_t s = 0; s < strips.size(); ++s) {
      if (used[s]) continue;
      for (const bool r : {false, true}) {
        const Vec2& start = r ? strips[s].midpoints_W.back() : strips[s].midpoints_W.front();
        const double d = (start - line.points_W.back()).norm();
        if (d <= best) best = d, pick = s, reverse = r;
      }
    }
    if (pick == strips.size()) {
      const auto left = std::find(used.begin(), used.end(), 0) - used.begin();
      throw Error(file, fmt::format("line {}", strips[left].line),
                  fmt::format("road strip of '{}' does not join the centre line ({} of {} strips joined, none within "
                              "{} m of its end)", strips[left].object, joined, strips.size(), join_tolerance));
    }
    used[pick] = 1;
    append(line, strips[pick], reverse);
  }
  line.strips = static_cast<int>(strips.size());
  line.skipped = std::move(leftovers.skipped);
  line.closed = line.points_W.size() > 2 && (line.points_W.back() - line.points_W.front()).norm() <= join_tolerance;
  if (line.closed && (line.points_W.back() - line.points_W.front()).norm() > 0) {
    line.points_W.push_back(line.points_W.front());
    line.half_widths.push_back(line.half_widths.front());
  }
  return line;
}

Centreline started_at(const Centreline& line, double fraction, const std::string& file) {
  if (!(fraction >= 0 && fraction < 1)) throw Error(file, "--start-at", fmt::format("expected a fraction of the lap in [0, 1), got {}", fraction));
  if (!line.closed) throw Error(file, "--start-at", "the centre line is no closed lap: it can start only at its start");
  // A closed line repeats its first point at its end: the lap is points 0 .. n - 1, then back to the new first.
  Centreline out = line;
  const std::size_t n = line.points_W.size() - 1, k = static_cast<std::size_t>(fraction * static_cast<double>(n));
  for (std::size_t i = 0; i <= n; ++i) {
    out.points_W[i] = line.points_W[(k + i) % n];
    out.half_widths[i] = line.half_widths[(k + i) % n];
  }
  return out;
}

std::vector<double> lane_from_edge(const Centreline& line, double from_edge, bool left, const std::string& file) {
  std::vector<double> offsets;
  offsets.reserve(line.half_widths.size());
  for (std::size_t i = 0; i < line.half_widths.size(); ++i) {
    const double from_centre = line.half_widths[i] - from_edge;
    if (from_centre < 0) {
      const Vec2& p = line.points_W[i];
      throw Error(file, "--lane-from-edge", fmt::format("the road is {:.2f} m wide at centre-line point {} ({:.1f}, {:.1f}): "
                                                        "a lane {} m from its edge would cross the centre line; expected "
                                                        "at most half the narrowest width", 2 * line.half_widths[i], i,
                                                        p.x(), p.y(), from_edge));
    }
    offsets.push_back(left ? from_centre : -from_centre);
  }
  return offsets;
}

std::vector<LapRow> lap_rows(const Centreline& line, double speed, double lane) {
  return lap_rows(line, speed, std::vector<double>(line.points_W.size(), lane));
}

std::vector<LapRow> lap_rows(const Centreline& line, double speed, const std::vector<double>& lanes) {
  const std::vector<Vec2>& p = line.points_W;
  const std::size_t n = p.size();
  std::vector<LapRow> rows;
  rows.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Central differences; a closed lap's ends (the same point) look across the join.
    const Vec2 before = i > 0 ? p[i - 1] : line.closed ? p[n - 2] : p[i];
    const Vec2 after = i + 1 < n ? p[i + 1] : line.closed ? p[1] : p[i];
    const Vec2 along = (after - before).normalized();
    LapRow row{0.0, p[i] + lanes[i] * Vec2(-along.y(), along.x()), std::atan2(along.y(), along.x())};
    // Offset inside a tight bend, two points can meet: a replay log needs time to advance.
    const double step = rows.empty() ? 0.0 : (row.position_W - rows.back().position_W).norm();
    if (!rows.empty() && step < 1e-6) continue;
    row.t = rows.empty() ? 0.0 : rows.back().t + step / speed;
    rows.push_back(row);
  }
  return rows;
}

}  // namespace crashbench
