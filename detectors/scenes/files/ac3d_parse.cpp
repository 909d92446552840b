#include "detectors/scenes/files/ac3d_parse.hpp"

#include <osg/Matrixd>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <unordered_map>

#include "detectors/scenes/files/ac3d_guard.hpp"
#include "detectors/scenes/files/text_words.hpp"

namespace crashbench {
namespace {

/// Deeper nesting is left to OSG's reader in its own process: each level is a frame of this one's stack.
constexpr int kMaxDepth = 256;
/// The fewest bytes a kid takes in a file this parser reads: a blank and an "OBJECT" word (run() declines
/// more kids than OBJECT records after them), so a count past this is declined before its empty groups.
constexpr std::uint64_t kBytesPerKid = 7;

struct Declined {
  std::string why;
};

/// Whether `word` is, whole, a number as `stream >> float` reads one in the C locale: a sign, digits with at
/// most one point, an exponent with digits. The stream would read a prefix of anything else and leave the rest
/// for the next word, or fail; neither is reproduced here.
bool plain_decimal(std::string_view word) {
  const auto digit = [&](std::size_t i) { return i < word.size() && word[i] >= '0' && word[i] <= '9'; };
  std::size_t i = word.starts_with('+') || word.starts_with('-') ? 1 : 0;
  std::size_t digits = 0;
  bool point = false;
  for (; i < word.size(); ++i) {
    if (digit(i)) {
      ++digits;
    } else if (word[i] == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (digits == 0) return false;
  if (i < word.size() && (word[i] == 'e' || word[i] == 'E')) {
    i += (i + 1 < word.size() && (word[i + 1] == '+' || word[i + 1] == '-')) ? 2 : 1;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  return i == word.size();
}

/// A corner of a surface: its vertex and its texture coordinates.
struct Corner {
  unsigned vertex;
  osg::Vec2 texcoord;
};

/// The surfaces of one bin while a `numsurf` block is read: OSG's reader keeps triangles, quads and
/// polygons apart and lays them out in that order.
struct BinBuilder {
  unsigned key = 0;  ///< material * kKinds + kind, the order the reader adds the geodes in
  bool line_loops = false;
  std::vector<Corner> triangles, quads, polygons, lines;
  std::vector<unsigned> polygon_sizes, line_sizes;
};

/// The kinds of bin, in the order OSG's reader adds them to the group: lines, then smooth two-sided, smooth
/// one-sided, flat two-sided and flat one-sided surfaces.
constexpr unsigned kKinds = 5;
unsigned bin_kind(unsigned flags) {
  if (flags & 3u) return 0;  // a closed (1) or open (2) line
  return 1 + ((flags & 0x10u) ? 0 : 2) + ((flags & 0x20u) ? 0 : 1);
}

/// OSG's reader's test for a polygon to tessellate (a turn against the winding so far, or a fan triangle
/// facing against the sum before it), in its float arithmetic.
bool needs_tessellation(const std::vector<Corner>& corners, const std::vector<osg::Vec3>& vertices) {
  const std::size_t n = corners.size();
  const auto at = [&](std::size_t i) { return vertices[corners[i].vertex]; };
  osg::Vec3 previous_edge_normal;
  osg::Vec3 weighted_normal(0, 0, 0);
  const osg::Vec3 v0 = at(0);
  for (std::size_t i = 2; i < n; ++i) {
    const osg::Vec3 fan_normal = (at(i - 1) - v0) ^ (at(i) - v0);
    if (3 < n && fan_normal * weighted_normal < 0) return true;
    if (i < 3) {
      previous_edge_normal = fan_normal;
    } else {
      const osg::Vec3 edge_normal = (at(i - 1) - at(i - 2)) ^ (at(i) - at(i - 2));
      if (edge_normal * previous_edge_normal < 0) return true;
      previous_edge_normal = edge_normal;
    }
    weighted_normal += fan_normal;
  }
  return false;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : words_(text) {}

  Ac3dModel run() {
    if (!words_.next().starts_with("AC3D")) decline("no AC3D header");
    object(model_.root, osg::Matrixd(), -1, 0);
    // The reader makes the kids a file ends before empty groups, as this parser does (TORCS's dirt-1 has
    // some); but a count of more kids than OBJECT records follow it is the count guard's refusal, and such
    // a file is left to it (ac3d_guard.hpp), so that the guard need not read what this parser takes.
    if (std::string excess = kids_.excess(); !excess.empty()) throw Declined{std::move(excess)};
    return std::move(model_);
  }

 private:
  [[noreturn]] void decline(const std::string& why) const {
    throw Declined{"line " + std::to_string(words_.line()) + ": " + why};
  }

  template <class Real>
  Real real() {
    const std::string_view word = words_.next();
    if (!plain_decimal(word)) decline("'" + std::string(word.substr(0, 32)) + "' is not a plain decimal number");
    Real value{};
    const char* first = word.data() + (word.starts_with('+') ? 1 : 0);
    const auto [end, error] = std::from_chars(first, word.data() + word.size(), value);
    if (error != std::errc() || end != word.data() + word.size())
      decline("'" + std::string(word.substr(0, 32)) + "' is out of range");
    return value;
  }

  /// The next word as a count; `written`, if given, gets the word.
  template <class Integer>
  Integer count(std::string_view* written = nullptr) {
    const std::string_view word = words_.next();
    if (written) *written = word;
    Integer value{};
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (word.empty() || word[0] == '-' || error != std::errc() || end != word.data() + word.size())
      decline("'" + std::string(word.substr(0, 32)) + "' is not a count");
    return value;
  }

  osg::Vec3 vec3() {
    const float x = real<float>();
    const float y = real<float>();
    return {x, y, real<float>()};
  }

  osg::Vec2 vec2() {
    const float u = real<float>();
    return {u, real<float>()};
  }

  std::string string() {
    const std::optional<std::string_view> s = words_.next_string();
    if (!s) decline("a quoted name without its closing quote");
    return std::string(*s);
  }

  void expect(std::string_view keyword) {
    if (words_.next() != keyword) decline("expected '" + std::string(keyword) + "'");
  }

  void material() {
    model_.made.emplace_back(false, static_cast<int>(model_.materials.size()));
    Ac3dMaterial& m = model_.materials.emplace_back();
    m.name = string();
    for (osg::Vec4* colour : {&m.diffuse, &m.ambient, &m.emission, &m.specular}) {
      words_.next();  // the reader skips the key word unread ("rgb", "amb", ...)
      const osg::Vec3 rgb = vec3();
      *colour = osg::Vec4(rgb, 0);
    }
    words_.next();
    m.shininess = real<float>();
    words_.next();
    m.transparency = real<float>();
  }

  int texture_index(const std::string& name) {
    const auto [at, added] = texture_indices_.try_emplace(name, static_cast<int>(model_.textures.size()));
    if (added) {
      model_.made.emplace_back(true, at->second);
      model_.textures.push_back(name);
    }
    return at->second;
  }

  void object(Ac3dObject& out, const osg::Matrixd& parent, int texture, int depth) {
    if (depth > kMaxDepth) decline("objects nest more than " + std::to_string(kMaxDepth) + " deep");
    osg::Matrixd transform;
    std::vector<osg::Vec3> vertices;
    osg::Vec2 offset(0, 0), repeat(1, 1);
    for (std::string_view word = words_.next(); !word.empty(); word = words_.next()) {
      if (word == "MATERIAL") {
        material();
      } else if (word == "OBJECT") {
        kids_.object();
        if (words_.next() == "light") decline("a light (OSG's reader makes a light source of it)");
      } else if (word == "crease") {
        real<float>();  // shapes the normals only, which collision reads none of
      } else if (word == "data") {
        const int bytes = count<int>();
        if (static_cast<std::uint64_t>(bytes) > words_.bytes_left()) decline("a data block past the end of the file");
        words_.skip_bytes(static_cast<std::uint64_t>(bytes));  // read as is, from right after the count
      } else if (word == "name") {
        out.name = string();
      } else if (word == "texture") {
        const std::string name = string();
        // The reader looks a name up at every mention until one succeeds: an empty one, every time. A control
        // character (a NUL cuts the name short in the C strings of osgDB's file lookup) no file name has.
        if (name.empty()) decline("an empty texture name");
        if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
          decline("a control character in a texture name");
        texture = texture_index(name);
      } else if (word == "texrep") {
        repeat = vec2();
      } else if (word == "texoff") {
        offset = vec2();
      } else if (word == "rot") {
        for (int row = 0; row < 3; ++row)  // row by row, as osgdb_ac 3.6.5 reads it
          for (int column = 0; column < 3; ++column) transform(row, column) = real<double>();
      } else if (word == "loc") {
        for (int column = 0; column < 3; ++column) transform(3, column) = real<double>();
      } else if (word == "url") {
        const std::string_view url = words_.next();
        if (url.empty()) decline("'url' without one");
        out.urls.emplace_back(url);
      } else if (word == "numvert") {
        const osg::Matrixd to_parent = transform * parent;
        const unsigned n = count<unsigned>();
        for (unsigned i = 0; i < n; ++i) vertices.push_back(to_parent.preMult(vec3()));
      } else if (word == "numsurf") {
        surfaces(count<unsigned>(), vertices, offset, repeat, texture, out);
      } else if (word == "kids") {
        const int line = words_.line();
        std::string_view written;
        const unsigned n = count<unsigned>(&written);
        kids_.kids(n, written, line);
        // Each kid ends at its own "kids" word or at the end of the file, where the reader makes the rest
        // empty groups: more than the rest of the text holds would be millions of them (ac3d_guard.hpp).
        if (n > words_.bytes_left() / kBytesPerKid) decline("'kids " + std::to_string(n) + "' announces more objects than the rest of the file holds");
        const osg::Matrixd to_parent = transform * parent;
        for (unsigned i = 0; i < n; ++i) object(out.kids.emplace_back(), to_parent, texture, depth + 1);
        return;  // the reader's object ends with its kids
      }
      // Any other word the reader skips, and so does this.
    }
  }

  BinBuilder& bin(std::vector<BinBuilder>& bins, unsigned key, unsigned flags) {
    for (BinBuilder& b : bins)
      if (b.key == key) return b;
    bins.push_back({key, (flags & 1u) != 0, {}, {}, {}, {}, {}, {}});
    return bins.back();
  }

  void surfaces(unsigned n, const std::vector<osg::Vec3>& vertices, osg::Vec2 offset, osg::Vec2 repeat, int texture,
                Ac3dObject& out) {
    std::vector<BinBuilder> bins;
    std::vector<Corner> corners;
    for (unsigned s = 0; s < n; ++s) {
      expect("SURF");
      const std::string flag_word(words_.next());
      char* end = nullptr;
      errno = 0;
      const unsigned flags = static_cast<unsigned>(std::strtol(flag_word.c_str(), &end, 0));
      if (flag_word.empty() || *end != '\0' || errno != 0) decline("'SURF " + flag_word.substr(0, 32) + "'");
      expect("mat");
      const unsigned material = count<unsigned>();
      if (material >= model_.materials.size()) decline("a material number past the materials so far");
      const unsigned kind = bin_kind(flags);
      expect("refs");
      const unsigned refs = count<unsigned>();
      if (refs < (kind == 0 ? 2u : 3u)) decline("a line or surface of too few references (the reader warns and drops it)");
      corners.clear();
      for (unsigned r = 0; r < refs; ++r) {
        const unsigned vertex = count<unsigned>();
        if (vertex >= vertices.size()) decline("a reference past the object's vertices");
        const osg::Vec2 uv = vec2();
        corners.push_back({vertex, osg::Vec2(offset[0] + uv[0] * repeat[0], offset[1] + uv[1] * repeat[1])});
      }
      BinBuilder& b = bin(bins, material * kKinds + kind, flags);
      if (kind == 0) {
        b.lines.insert(b.lines.end(), corners.begin(), corners.end());
        b.line_sizes.push_back(refs);
        continue;
      }
      if (refs > 3 && needs_tessellation(corners, vertices))
        decline("a concave or twisted polygon (the reader tessellates it with GLU)");
      std::vector<Corner>& list = refs == 3 ? b.triangles : refs == 4 ? b.quads : b.polygons;
      list.insert(list.end(), corners.begin(), corners.end());
      if (refs > 4) b.polygon_sizes.push_back(refs);
    }
    std::sort(bins.begin(), bins.end(), [](const BinBuilder& a, const BinBuilder& b) { return a.key < b.key; });
    for (const BinBuilder& b : bins) {
      Ac3dBin& geode = out.geodes.emplace_back();
      const unsigned kind = b.key % kKinds;
      geode.material = b.key / kKinds;
      geode.lines = kind == 0;
      geode.line_loops = b.line_loops;
      geode.smooth = kind == 1 || kind == 2;
      geode.two_sided = kind == 1 || kind == 3;
      geode.texture = texture;
      geode.triangle_corners = b.triangles.size();
      geode.quad_corners = b.quads.size();
      geode.polygon_sizes = b.polygon_sizes;
      geode.line_sizes = b.line_sizes;
      for (const std::vector<Corner>* list : {&b.lines, &b.triangles, &b.quads, &b.polygons})
        for (const Corner& c : *list) {
          geode.corners.push_back(vertices[c.vertex]);
          geode.texcoords.push_back(c.texcoord);
        }
    }
  }

  TextWords words_;
  Ac3dModel model_;
  KidsTally kids_;  // checked once every OBJECT record is counted
  std::unordered_map<std::string, int> texture_indices_;
};

}  // namespace

Ac3dParse parse_ac3d(std::string_view text) {
  try {
    return {Parser(text).run(), ""};
  } catch (const Declined& d) {
    return {std::nullopt, d.why};
  }
}

}  // namespace crashbench
