#pragma once
// An XML file as a tree of elements, read with expat (Debian's libexpat1-dev), for the OpenDRIVE reader.
// A .xodr file needs no entities: any entity declaration (the road to a "billion laughs" bomb or to an
// external file) is refused, and expat is given no handler that could read a file or the network.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crashbench::odr {

/// One element: its name, its line in the file, its attributes in file order, its children and its text
/// (the character data directly inside it, kept only for short texts such as geoReference).
struct Element {
  std::string name;
  int line = 0;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<std::unique_ptr<Element>> children;
  std::string text;

  /// The attribute `key`, or nullptr.
  const std::string* attribute(std::string_view key) const;
  /// The first child called `wanted`, or nullptr.
  const Element* child(std::string_view wanted) const;
};

/// Limits on what a file may make the reader build (a .xodr of CARLA's largest towns holds ~1e5 elements).
inline constexpr std::size_t kMostBytes = std::size_t{256} << 20;  ///< file size
inline constexpr std::size_t kMostElements = 2'000'000;
inline constexpr std::size_t kDeepest = 64;                        ///< elements within elements
inline constexpr std::size_t kLongestText = 64 << 10;              ///< characters of text kept per element

/// Parses `text` (the contents of `file`, named in errors) into its root element. Throws Error naming the
/// file and the line: not well-formed XML, an entity declaration, more than kMostElements elements, nesting
/// deeper than kDeepest.
std::unique_ptr<Element> parse_xml(const std::string& file, std::string_view text);

/// The contents of `file` (at most kMostBytes). Throws Error naming the file.
std::string read_text(const std::string& file);

}  // namespace crashbench::odr
