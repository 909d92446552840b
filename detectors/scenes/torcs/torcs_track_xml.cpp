#include "detectors/scenes/torcs/torcs_track_xml.hpp"

#include <expat.h>
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <numbers>
#include <optional>

#include "core/error.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

/// An `attnum` or `attstr` element: TORCS's parameter files hold every value in one of these.
struct Attribute {
  std::string name, val, unit;
  bool number = false;
  int line = 0;
};

/// A `section` element (or the root `params`), its attributes and sub-sections in file order.
struct Section {
  std::string name;
  int line = 0;
  std::vector<Attribute> attributes;
  std::vector<std::unique_ptr<Section>> sections;

  const Section* section(std::string_view wanted) const {
    for (const auto& s : sections)
      if (s->name == wanted) return s.get();
    return nullptr;
  }
  const Attribute* attribute(std::string_view wanted) const {
    for (const Attribute& a : attributes)
      if (a.name == wanted) return &a;
    return nullptr;
  }
};

constexpr std::size_t kDeepest = 32;           // sections within sections (TORCS's files nest 4 deep)
constexpr std::size_t kLargest = 64 << 20;     // [bytes] of a definition (torcs-data's largest: 60 kB)

/// Builds the section tree from expat's callbacks (which must not throw: expat is C).
struct TreeBuilder {
  XML_Parser parser = nullptr;
  Section root;
  std::vector<Section*> open{&root};
  int too_deep = 0;  ///< the line of a section nested deeper than kDeepest, which stopped the parse

  static std::string value_of(const XML_Char** atts, std::string_view key) {
    for (int i = 0; atts[i]; i += 2)
      if (key == atts[i]) return atts[i + 1];
    return "";
  }
  static void start(void* data, const XML_Char* element, const XML_Char** atts) {
    auto& b = *static_cast<TreeBuilder*>(data);
    const std::string_view tag = element;
    const int line = static_cast<int>(XML_GetCurrentLineNumber(b.parser));
    if (tag == "section" && b.open.size() > kDeepest) {
      b.too_deep = line;
      XML_StopParser(b.parser, XML_FALSE);
    } else if (tag == "section") {
      auto s = std::make_unique<Section>();
      s->name = value_of(atts, "name"), s->line = line;
      b.open.back()->sections.push_back(std::move(s));
      b.open.push_back(b.open.back()->sections.back().get());
    } else if (tag == "attnum" || tag == "attstr") {
      b.open.back()->attributes.push_back(
          {value_of(atts, "name"), value_of(atts, "val"), value_of(atts, "unit"), tag == "attnum", line});
    }
  }
  static void end(void* data, const XML_Char* element) {
    auto& b = *static_cast<TreeBuilder*>(data);
    if (std::string_view(element) == "section" && b.open.size() > 1) b.open.pop_back();
  }
};

Section parse(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(file, "", "cannot open the track definition");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > kLargest) throw Error(file, "", fmt::format("{} bytes: expected a track definition of at most 64 MB", text.size()));
  TreeBuilder builder;
  // No external entity handler and no parameter-entity parsing: `&default-surfaces;` is skipped unread.
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr), XML_ParserFree);
  builder.parser = parser.get();
  XML_SetUserData(parser.get(), &builder);
  XML_SetElementHandler(parser.get(), &TreeBuilder::start, &TreeBuilder::end);
  const bool parsed = XML_Parse(parser.get(), text.data(), static_cast<int>(text.size()), XML_TRUE) != XML_STATUS_ERROR;
  if (builder.too_deep)
    throw Error(file, fmt::format("line {}", builder.too_deep), fmt::format("sections nested more than {} deep", kDeepest));
  if (!parsed)
    throw Error(file, fmt::format("line {}", XML_GetCurrentLineNumber(parser.get())),
                fmt::format("not a TORCS track definition: {}", XML_ErrorString(XML_GetErrorCode(parser.get()))));
  return std::move(builder.root);
}

constexpr double kLongest = 1e5;                    // [m]: a segment's length or radius, 100 km
constexpr double kMostTurn = 20 * std::numbers::pi;  // [rad]: ten turns in one segment
constexpr double kLongestLap = 1e6;  // [m]: the main track, 1,000 km (torcs-data's longest, spring, is 22 km)
constexpr int kMostSteps = 1000000;  // curve steps over the whole track

/// Metres (or radians) per unit of the units TORCS's track files use.
std::optional<double> unit_factor(const std::string& unit) {
  static const std::map<std::string, double> kUnits = {
      {"", 1.0}, {"m", 1.0}, {"cm", 0.01}, {"mm", 0.001}, {"ft", kFootToMeter}, {"deg", kDegToRad}, {"rad", 1.0}};
  const auto it = kUnits.find(unit);
  return it == kUnits.end() ? std::nullopt : std::optional<double>(it->second);
}

/// Reads numbers from one section, naming `where` (a segment and its line) in errors.
struct NumberReader {
  const std::string& file;
  const Section& section;
  std::string where;

  std::optional<double> find(std::string_view name) const {
    const Attribute* a = section.attribute(name);
    if (!a) return std::nullopt;
    const std::string field = fmt::format("{}: '{}' (line {})", where, name, a->line);
    if (!a->number) throw Error(file, field, "expected a number (attnum), found a string (attstr)");
    const std::optional<double> factor = unit_factor(a->unit);
    if (!factor)
      throw Error(file, field, fmt::format("unknown unit '{}': expected m, cm, mm, ft, deg or rad", a->unit));
    char* end = nullptr;
    const double v = std::strtod(a->val.c_str(), &end);
    if (a->val.empty() || *end != '\0' || !std::isfinite(v))
      throw Error(file, field, fmt::format("expected a finite number, got '{}'", a->val));
    return v * *factor;
  }
  double get(std::string_view name, double fallback) const { return find(name).value_or(fallback); }
  /// A value in (0, `most`]: lengths and angles past any track's would lay out a line of absurd size.
  double positive(std::string_view name, double most) const {
    const std::optional<double> v = find(name);
    if (!v) throw Error(file, where, fmt::format("'{}' is missing", name));
    if (!(*v > 0) || *v > most)
      throw Error(file, fmt::format("{}: '{}'", where, name), fmt::format("expected > 0 and at most {:g}, got {}", most, *v));
    return *v;
  }
};

/// How many constant-radius steps TORCS builds a curve of `length` from: "profil steps", else its
/// length over the step length (the segment's or the main track's) plus one; a linear profile: one.
int curve_steps(const NumberReader& r, const Section& segment, double length, double main_step) {
  const Attribute* profile = segment.attribute("profil");
  if (profile && profile->val != "spline") return 1;
  const double given = r.get("profil steps", 1.0);
  if (!(given >= 1) || given > kMostSteps) throw Error(r.file, r.where + ": 'profil steps'", "expected 1 to 10^6 steps");
  if (static_cast<int>(given) != 1) return static_cast<int>(given);
  const double step = r.get("profil steps length", main_step);
  if (step < 0 || (step > 0 && length / step > kMostSteps))
    throw Error(r.file, r.where + ": 'profil steps length'", "expected a length >= 0 giving at most 10^6 steps");
  return step > 0 ? static_cast<int>(length / step) + 1 : 1;
}

/// The sides and borders in force after `segment` (TORCS carries each side's end width and each
/// border's width on to the next segment). Version 4 files nest them in "Left Side"... sections,
/// version 3 files name them "lside start width"... on the segment.
void read_sides(const std::string& file, const Section& segment, const std::string& where, bool nested,
                TorcsSegment& out, std::array<double, 2>& side_end, std::array<double, 2>& border) {
  for (int s = 0; s < 2; ++s) {
    if (nested) {
      const Section* side = segment.section(s == 0 ? "Right Side" : "Left Side");
      const Section* edge = segment.section(s == 0 ? "Right Border" : "Left Border");
      if (side) {
        const NumberReader r{file, *side, where + "/" + side->name};
        out.side_start[s] = r.get("start width", side_end[s]);
        out.side_end[s] = r.get("end width", r.get("width", out.side_start[s]));
      } else {
        out.side_start[s] = out.side_end[s] = side_end[s];
      }
      if (edge) border[s] = NumberReader{file, *edge, where + "/" + edge->name}.get("width", border[s]);
    } else {
      const NumberReader r{file, segment, where};
      const std::string prefix = s == 0 ? "rside" : "lside";
      out.side_start[s] = r.get(prefix + " start width", side_end[s]);
      out.side_end[s] = r.get(prefix + " end width", out.side_start[s]);
    }
    side_end[s] = out.side_end[s];
    out.border[s] = border[s];
  }
}

TorcsSegment read_segment(const std::string& file, const Section& s, double main_step) {
  TorcsSegment seg;
  seg.name = s.name, seg.line = s.line;
  const NumberReader r{file, s, fmt::format("segment '{}' (line {})", s.name, s.line)};
  const Attribute* type = s.attribute("type");
  if (!type) throw Error(file, r.where, "'type' is missing: expected str, lft or rgt");
  if (type->val == "str") {
    seg.length = r.positive("lg", kLongest);
    return seg;
  }
  if (type->val != "lft" && type->val != "rgt")
    throw Error(file, r.where + ": 'type'", fmt::format("expected str, lft or rgt, got '{}'", type->val));
  seg.type = type->val == "lft" ? TorcsSegment::Type::kLeft : TorcsSegment::Type::kRight;
  seg.radius = r.positive("radius", kLongest);
  seg.end_radius = r.find("end radius") ? r.positive("end radius", kLongest) : seg.radius;
  seg.arc = r.positive("arc", kMostTurn);
  seg.length = 0.5 * (seg.radius + seg.end_radius) * seg.arc;
  seg.steps = curve_steps(r, s, seg.length, main_step);
  return seg;
}

}  // namespace

TorcsTrack read_torcs_track(const std::string& file) {
  const Section root = parse(file);
  // The root element (`params`) is no section: TORCS's top-level sections hang from `root`.
  const Section* main = root.section("Main Track");
  if (!main) throw Error(file, "", "no \"Main Track\" section: expected a TORCS track definition");
  // Version 4 files list the segments under "Track Segments", version 3 files under "segments".
  const Section* list = main->section("Track Segments");
  const bool nested = list != nullptr;
  if (!list) list = main->section("segments");
  if (!list || list->sections.empty())
    throw Error(file, fmt::format("Main Track (line {})", main->line), "no segments: expected a \"Track Segments\" list");
  const NumberReader r{file, *main, fmt::format("Main Track (line {})", main->line)};
  TorcsTrack track;
  track.width = r.positive("width", kLongest);
  const double main_step = r.get("profil steps length", 0.0);
  std::array<double, 2> side_end{}, border{};
  for (int s = 0; s < 2; ++s) {
    const Section* side = main->section(s == 0 ? "Right Side" : "Left Side");
    const Section* edge = main->section(s == 0 ? "Right Border" : "Left Border");
    side_end[s] = nested ? (side ? NumberReader{file, *side, r.where + "/" + side->name}.get("width", 0.0) : 0.0)
                         : r.get(s == 0 ? "rside width" : "lside width", 0.0);
    border[s] = nested && edge ? NumberReader{file, *edge, r.where + "/" + edge->name}.get("width", 0.0) : 0.0;
  }
  double lap = 0;
  int steps = 0;
  for (const auto& s : list->sections) {
    TorcsSegment seg = read_segment(file, *s, main_step);
    lap += seg.length, steps += seg.steps;
    if (lap > kLongestLap || steps > kMostSteps)
      throw Error(file, fmt::format("segment '{}' (line {})", s->name, s->line),
                  fmt::format("the main track exceeds {:g} m or {} curve steps by here", kLongestLap, kMostSteps));
    read_sides(file, *s, fmt::format("segment '{}' (line {})", s->name, s->line), nested, seg, side_end, border);
    track.segments.push_back(std::move(seg));
  }
  return track;
}

bool has_torcs_main_track(const std::string& file) { return parse(file).section("Main Track") != nullptr; }

}  // namespace crashbench
