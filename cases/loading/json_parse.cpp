#include "cases/loading/json_parse.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// Builds the document from the parser's SAX events, knowing the JSON pointer of the current position;
/// refuses too deep a nesting and duplicate keys as they are read. (nlohmann's own parser with a callback
/// scans the whole enclosing array or object again at the end of every object, for values the callback
/// discarded: quadratic in an array's length, 31 s for a 900 KB file of 300,000 empty objects.)
class DocumentBuilder final : public nlohmann::json_sax<json> {
 public:
  explicit DocumentBuilder(const std::string& file) : file_(file) {}

  json& document() { return root_; }

  std::string pointer() const {
    std::string out;
    for (const Frame& f : frames_) out += "/" + (f.array ? std::to_string(f.index) : escaped(f.key));
    return out.empty() ? "/" : out;
  }

  /// pointer(), or "" at the top (where it says nothing).
  std::string position() const { return frames_.empty() ? "" : pointer(); }

  bool null() override { return add(nullptr); }
  bool boolean(bool value) override { return add(value); }
  bool number_integer(number_integer_t value) override { return add(value); }
  bool number_unsigned(number_unsigned_t value) override { return add(value); }
  bool number_float(number_float_t value, const string_t& /*text*/) override { return add(value); }
  bool string(string_t& value) override { return add(std::move(value)); }
  bool binary(binary_t& value) override { return add(json::binary(std::move(value))); }
  bool start_object(std::size_t /*elements*/) override { return open(json::object(), false); }
  bool start_array(std::size_t /*elements*/) override { return open(json::array(), true); }
  bool key(string_t& key) override {
    Frame& f = frames_.back();
    f.key = key;
    if (f.value->contains(key))
      throw Error(file_, pointer(), "duplicate key: expected each key once per object (which one should count?)");
    return true;
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  /// Rethrows the parser's exception as its own type, as nlohmann's parser does: parse_json_text tells a
  /// syntax error from a number out of range.
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const json::exception& e) override {
    if (const auto* syntax = dynamic_cast<const json::parse_error*>(&e)) throw *syntax;
    if (const auto* range = dynamic_cast<const json::out_of_range*>(&e)) throw *range;
    throw e;
  }

 private:
  struct Frame {
    bool array;
    std::size_t index;  ///< arrays: the element being read
    std::string key;    ///< objects: the key being read
    json* value;        ///< in the document: it stays where it is while it is open
  };

  /// RFC 6901: '~' as "~0", '/' as "~1".
  static std::string escaped(const std::string& key) {
    std::string out;
    for (const char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return out;
  }

  /// `value` placed where the parser is: the document, the open array's next element or the open object's key.
  json& place(json&& value) {
    if (frames_.empty()) return root_ = std::move(value);
    Frame& f = frames_.back();
    if (f.array) {
      f.value->push_back(std::move(value));
      return f.value->back();
    }
    return (*f.value)[f.key] = std::move(value);
  }

  bool add(json&& value) {
    place(std::move(value));
    advance();
    return true;
  }

  bool open(json&& container, bool array) {
    if (frames_.size() >= kMaxJsonDepth)
      throw Error(file_, pointer(), "nested deeper than " + std::to_string(kMaxJsonDepth) +
                                        " arrays and objects: expected at most " + std::to_string(kMaxJsonDepth) +
                                        " levels");
    json& placed = place(std::move(container));
    frames_.push_back({array, 0, {}, &placed});
    return true;
  }

  bool close() {
    frames_.pop_back();
    advance();
    return true;
  }

  void advance() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }

  const std::string& file_;
  json root_;
  std::vector<Frame> frames_;
};

/// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string plain_message(const json::exception& e) {
  const std::string text = e.what();
  const auto end = text.find("] ");
  return text.rfind("[json.exception.", 0) == 0 && end != std::string::npos ? text.substr(end + 2) : text;
}

}  // namespace

json parse_json_text(std::string_view text, const std::string& file) {
  DocumentBuilder builder(file);
  try {
    json::sax_parse(text.begin(), text.end(), &builder);
    return std::move(builder.document());
  } catch (const json::parse_error& e) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
      throw Error(file, "", "the file is empty: expected a JSON document");
    // The lexer read past the last byte (inside a value or a string): the writer stopped early, or the file was cut.
    if (e.byte > text.size())
      throw Error(file, "", "the file ends early (truncated?): expected JSON complete to its last bracket");
    throw Error(file, builder.position(), "not JSON: expected JSON text (" + plain_message(e) + ")");
  } catch (const json::out_of_range& e) {
    throw Error(file, builder.position(), "expected a number a double can hold (about 1.8e308 at most): " + plain_message(e));
  } catch (const json::exception& e) {
    throw Error(file, builder.position(), "not JSON: expected JSON text (" + plain_message(e) + ")");
  }
}

std::string read_text_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw Error(path, "", std::string("cannot open the file: ") + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) throw Error(path, "", "is a folder: expected a JSON file");
  if (!S_ISREG(info.st_mode)) throw Error(path, "", "is not a regular file (a device or a pipe?): expected a JSON file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, "", std::string("cannot open the file: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error(path, "", std::string("reading the file failed: ") + std::strerror(errno));
  return std::move(text).str();
}

json read_json_file(const std::string& path) { return parse_json_text(read_text_file(path), path); }

std::string dump_json(const json& doc, int indent) { return doc.dump(indent, ' ', false, json::error_handler_t::replace); }

}  // namespace crashbench
