#pragma once
// What the SUMO readers share: an XML file streamed through expat in chunks, so that memory does not grow
// with the file, with entity declarations refused; the elements as the readers see them; and the checked
// reading of their attributes into the one Error every problem becomes.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crashbench::sumo {

/// Elements nested deeper than this are refused: SUMO's files nest four deep, and the open elements
/// are remembered for messages.
inline constexpr int kDeepestXml = 64;

/// "<name> (line N)", or "<name> (line N): 'key'" with an attribute: where a problem is (Error's pointer).
std::string xml_where(std::string_view element, int line, std::string_view attribute = {});

/// One start tag as expat reports it; valid only during the handler's call.
struct XmlElement {
  std::string_view name;
  std::string_view parent;                  ///< the enclosing element's name, "" for the root
  int line = 0;                             ///< of the start tag
  int depth = 0;                            ///< 0 for the root
  const char* const* attributes = nullptr;  ///< expat's name, value, ..., null

  /// The value of `key`, or null when the element has none.
  const char* find(std::string_view key) const;
  /// The value of `key`, or "" when the element has none.
  std::string_view find_or_empty(std::string_view key) const;
  /// Where the element, or one of its attributes, is: xml_where's pointer.
  std::string where(std::string_view attribute = {}) const;
};

/// Checked attribute values; each throws Error(file, "<element> (line N): 'key'", what was expected and
/// what was found).
class XmlValues {
 public:
  explicit XmlValues(const std::string& file) : file_(file) {}

  /// The text of a required attribute, which must not be empty.
  std::string_view text(const XmlElement& e, std::string_view key) const;
  /// A required number: the whole text, finite, in double's range (std::from_chars: no locale, no blanks).
  double number(const XmlElement& e, std::string_view key) const;
  /// A required time [s]: a number(), or as SUMO's --human-readable-time (-H) writes it, [D:]HH:MM:SS.ss.
  double time(const XmlElement& e, std::string_view key) const;
  /// number() when the attribute is there.
  std::optional<double> number_if_any(const XmlElement& e, std::string_view key) const;
  /// The Error "expected <expected>, got '<the attribute's text>'".
  [[noreturn]] void unexpected(const XmlElement& e, std::string_view key, std::string_view expected) const;
  /// The Error at `e` (and its attribute `key`, unless empty) saying `problem`.
  [[noreturn]] void fail(const XmlElement& e, std::string_view key, const std::string& problem) const;

 private:
  const std::string& file_;
};

/// What a reader does with the elements; it may throw (Error or anything else): the stream stops the parser
/// and rethrows once expat has returned, never through expat's C frames.
class XmlHandler {
 public:
  virtual void start(const XmlElement& e) = 0;
  /// `depth` as the start tag had it.
  virtual void end(std::string_view name, int depth) = 0;

 protected:
  ~XmlHandler() = default;
};

/// What a file should be.
struct XmlFileKind {
  std::string description;         ///< for messages: "a SUMO FCD file (--fcd-output)"
  std::vector<std::string> roots;  ///< the root elements it may have
};

/// An XML file parsed 64 KiB at a time; a handler may suspend() the parse, and the next read() goes on
/// where it stopped. Problems of the XML itself (not well-formed, cut short, nested too deep, another root)
/// are Errors naming the innermost open element and its line; an entity declaration, the declaration.
class XmlFileStream {
 public:
  /// Opens `file`; an Error naming it when it cannot.
  XmlFileStream(std::string file, XmlFileKind kind, XmlHandler& handler);
  ~XmlFileStream();
  XmlFileStream(const XmlFileStream&) = delete;
  XmlFileStream& operator=(const XmlFileStream&) = delete;

  /// Parses on: true when a handler suspended the parse, false once the whole file is read and well-formed.
  bool read();
  /// From a handler: stop after the current element's callback; read() then returns true.
  void suspend();

  const std::string& file() const { return file_; }
  const XmlFileKind& kind() const { return kind_; }

 private:
  struct Expat;
  std::string file_;
  XmlFileKind kind_;
  std::unique_ptr<Expat> expat_;
};

/// The readers that keep every element they want of a whole file: `start` appends to `items_`.
template <class Item>
class XmlListReader : public XmlHandler {
 public:
  XmlListReader(const std::string& file, XmlFileKind kind)
      : stream_(file, std::move(kind), *this), values_(stream_.file()) {}

  std::vector<Item> read() {
    while (stream_.read()) {
    }
    return std::move(items_);
  }
  void end(std::string_view, int) override {}

 protected:
  ~XmlListReader() = default;

  XmlFileStream stream_;
  XmlValues values_;
  std::vector<Item> items_;
};

}  // namespace crashbench::sumo
