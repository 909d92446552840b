#include "detectors/scenes/opendrive/odr_xml.hpp"

#include <expat.h>
#include <fmt/format.h>

#include <fstream>
#include <iterator>

#include "core/error.hpp"

namespace crashbench::odr {

const std::string* Element::attribute(std::string_view key) const {
  for (const auto& [k, v] : attributes)
    if (k == key) return &v;
  return nullptr;
}

const Element* Element::child(std::string_view wanted) const {
  for (const auto& c : children)
    if (c->name == wanted) return c.get();
  return nullptr;
}

namespace {

/// Builds the tree from expat's callbacks. They must not throw (expat is C): a refusal stops the parser
/// and leaves its reason here.
struct TreeBuilder {
  XML_Parser parser = nullptr;
  std::unique_ptr<Element> root;
  std::vector<Element*> open;
  std::size_t elements = 0;
  std::string refusal;
  int refusal_line = 0;

  void refuse(std::string why) {
    if (refusal.empty()) refusal = std::move(why), refusal_line = static_cast<int>(XML_GetCurrentLineNumber(parser));
    XML_StopParser(parser, XML_FALSE);
  }
  static void start(void* data, const XML_Char* name, const XML_Char** atts) {
    auto& b = *static_cast<TreeBuilder*>(data);
    if (++b.elements > kMostElements) return b.refuse(fmt::format("more than {} elements", kMostElements));
    if (b.open.size() >= kDeepest) return b.refuse(fmt::format("elements nested more than {} deep", kDeepest));
    auto e = std::make_unique<Element>();
    e->name = name;
    e->line = static_cast<int>(XML_GetCurrentLineNumber(b.parser));
    for (int i = 0; atts[i]; i += 2) e->attributes.emplace_back(atts[i], atts[i + 1]);
    Element* raw = e.get();
    if (b.open.empty())
      b.root = std::move(e);
    else
      b.open.back()->children.push_back(std::move(e));
    b.open.push_back(raw);
  }
  static void end(void* data, const XML_Char*) {
    auto& b = *static_cast<TreeBuilder*>(data);
    if (!b.open.empty()) b.open.pop_back();
  }
  static void text(void* data, const XML_Char* s, int len) {
    auto& b = *static_cast<TreeBuilder*>(data);
    if (b.open.empty()) return;
    std::string& t = b.open.back()->text;
    if (t.size() + static_cast<std::size_t>(len) <= kLongestText) t.append(s, static_cast<std::size_t>(len));
  }
  // Any entity declaration: internal ones nest into bombs, external ones point at files.
  static void entity(void* data, const XML_Char* name, int, const XML_Char*, int, const XML_Char*, const XML_Char*,
                     const XML_Char*, const XML_Char*) {
    static_cast<TreeBuilder*>(data)->refuse(
        fmt::format("entity declaration '{}': an OpenDRIVE file needs none, and none is read", name));
  }
};

}  // namespace

std::unique_ptr<Element> parse_xml(const std::string& file, std::string_view text) {
  if (text.size() > kMostBytes)
    throw Error(file, "", fmt::format("{} bytes: expected an OpenDRIVE file of at most {} MB", text.size(), kMostBytes >> 20));
  TreeBuilder builder;
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr), XML_ParserFree);
  if (!parser) throw Error(file, "", "expat could not create a parser");
  builder.parser = parser.get();
  XML_SetUserData(parser.get(), &builder);
  XML_SetElementHandler(parser.get(), &TreeBuilder::start, &TreeBuilder::end);
  XML_SetCharacterDataHandler(parser.get(), &TreeBuilder::text);
  XML_SetEntityDeclHandler(parser.get(), &TreeBuilder::entity);
  const bool parsed =
      XML_Parse(parser.get(), text.data(), static_cast<int>(text.size()), XML_TRUE) != XML_STATUS_ERROR;
  if (!builder.refusal.empty()) throw Error(file, fmt::format("line {}", builder.refusal_line), builder.refusal);
  if (!parsed) {
    const XML_Error code = XML_GetErrorCode(parser.get());
    // libOpenDRIVE's copy of CARLA's Town07 puts its licence in a comment before the declaration, which
    // XML forbids and lenient readers pass over: say what to move.
    const char* hint = code == XML_ERROR_MISPLACED_XML_PI
                           ? " (the <?xml ...?> declaration must open the file: move what comes before it, such "
                             "as a comment, after it, or delete the declaration)"
                           : "";
    throw Error(file, fmt::format("line {}", XML_GetCurrentLineNumber(parser.get())),
                fmt::format("not well-formed XML: {}{}", XML_ErrorString(code), hint));
  }
  if (!builder.root) throw Error(file, "", "no XML element: expected an OpenDRIVE file");
  return std::move(builder.root);
}

std::string read_text(const std::string& file) {
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  if (!in) throw Error(file, "", "cannot open the OpenDRIVE file");
  const auto size = static_cast<std::size_t>(in.tellg());
  if (size > kMostBytes)
    throw Error(file, "", fmt::format("{} bytes: expected an OpenDRIVE file of at most {} MB", size, kMostBytes >> 20));
  in.seekg(0);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace crashbench::odr
