#include "cases/loading/json_parse.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unordered_set>
#include <vector>

#include "core/error.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// Follows the parser's events to know the JSON pointer of the current position; refuses too deep a
/// nesting and duplicate keys as they are read.
class PositionTracker {
 public:
  explicit PositionTracker(const std::string& file) : file_(file) {}

  std::string pointer() const {
    std::string out;
    for (const Frame& f : frames_) out += "/" + (f.array ? std::to_string(f.index) : escaped(f.key));
    return out.empty() ? "/" : out;
  }

  /// pointer(), or "" at the top (where it says nothing).
  std::string position() const { return frames_.empty() ? "" : pointer(); }

  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (frames_.size() >= kMaxJsonDepth)
          throw Error(file_, pointer(), "nested deeper than " + std::to_string(kMaxJsonDepth) +
                                            " arrays and objects: expected at most " + std::to_string(kMaxJsonDepth) +
                                            " levels");
        frames_.push_back({event == json::parse_event_t::array_start, 0, {}, {}});
        break;
      case json::parse_event_t::key:
        frames_.back().key = parsed.get<std::string>();
        if (!frames_.back().keys.insert(frames_.back().key).second)
          throw Error(file_, pointer(), "duplicate key: expected each key once per object (which one should count?)");
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        frames_.pop_back();
        advance();
        break;
      case json::parse_event_t::value:
        advance();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool array;
    std::size_t index;
    std::string key;
    std::unordered_set<std::string> keys;
  };

  /// RFC 6901: '~' as "~0", '/' as "~1".
  static std::string escaped(const std::string& key) {
    std::string out;
    for (const char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return out;
  }

  void advance() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }

  const std::string& file_;
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
  PositionTracker tracker(file);
  try {
    return json::parse(text.begin(), text.end(), std::ref(tracker));
  } catch (const json::parse_error& e) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
      throw Error(file, "", "the file is empty: expected a JSON document");
    // The lexer read past the last byte (inside a value or a string): the writer stopped early, or the file was cut.
    if (e.byte > text.size())
      throw Error(file, "", "the file ends early (truncated?): expected JSON complete to its last bracket");
    throw Error(file, tracker.position(), "not JSON: expected JSON text (" + plain_message(e) + ")");
  } catch (const json::out_of_range& e) {
    throw Error(file, tracker.position(), "expected a number a double can hold (about 1.8e308 at most): " + plain_message(e));
  } catch (const json::exception& e) {
    throw Error(file, tracker.position(), "not JSON: expected JSON text (" + plain_message(e) + ")");
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
