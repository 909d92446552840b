#include "detectors/scenes/files/acc_reader.hpp"

#include <osgDB/FileNameUtils>
#include <osgDB/FileUtils>
#include <osgDB/ReaderWriter>
#include <osgDB/Registry>

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <mutex>
#include <sstream>
#include <string_view>
#include <vector>

#include "detectors/scenes/files/text_words.hpp"

namespace crashbench {
namespace {

/// Appends the first `count` blank-separated tokens of `line` to `out`, joined by single spaces (the
/// words a stream would read; scanned in place: a track has a hundred thousand such lines).
void append_first_tokens(std::string_view line, int count, std::string& out) {
  std::size_t at = 0;
  for (int i = 0; i < count; ++i) {
    while (at < line.size() && is_stream_blank(line[at])) ++at;
    if (at == line.size()) return;
    const std::size_t end = std::find_if(line.begin() + at, line.end(), is_stream_blank) - line.begin();
    if (i > 0) out += ' ';
    out.append(line, at, end - at);
    at = end;
  }
}

/// The count after the keyword of a `numvert N`, `numsurf N` or `refs N` line, read as `stream >> word >>
/// count` reads it: 0 when there is none, saturated when it overflows.
int count_after_keyword(std::string_view header) {
  std::size_t at = 0;
  while (at < header.size() && is_stream_blank(header[at])) ++at;
  while (at < header.size() && !is_stream_blank(header[at])) ++at;
  while (at < header.size() && is_stream_blank(header[at])) ++at;
  if (at < header.size() && header[at] == '+') ++at;
  int count = 0;
  if (std::from_chars(header.data() + at, header.data() + header.size(), count).ec == std::errc::result_out_of_range)
    return header[at] == '-' ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max();
  return count;
}

/// `texture "NAME" MODE` without its mode word, or "" when it names no file.
std::string_view plain_texture_line(std::string_view line) {
  const std::size_t open = line.find('"');
  const std::size_t close = open == std::string_view::npos ? open : line.find('"', open + 1);
  if (close == std::string_view::npos) return "";  // unquoted: only `empty_texture_no_mapping` is written so
  return line.substr(0, close + 1);
}

/// The lines of a text, each without its '\n' and '\r' (two of the shipped tracks have CRLF endings), as
/// std::getline would give them; views into the text, so that a track's hundred thousand lines cost no
/// copy each.
class LineViews {
 public:
  explicit LineViews(std::string_view text) : text_(text) {}
  bool next(std::string_view& line) {
    if (at_ >= text_.size()) return false;
    const std::size_t end = std::min(text_.find('\n', at_), text_.size());
    line = text_.substr(at_, end - at_);
    at_ = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return true;
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

/// Whether `line` starts with the keyword `word` followed by a blank or the end.
bool keyword(std::string_view line, std::string_view word) {
  if (!line.starts_with(word)) return false;
  return line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t';
}

/// Appends `line` and its '\n'.
void append_line(std::string_view line, std::string& out) {
  out += line;
  out += '\n';
}

/// Copies the `count` lines after a `numvert` or `refs` line, each cut to `tokens` tokens.
void copy_cut(LineViews& in, std::string_view header, int tokens, std::string& out) {
  const int count = count_after_keyword(header);
  std::string_view line;
  for (int i = 0; i < count && in.next(line); ++i) {
    append_first_tokens(line, tokens, out);
    out += '\n';
  }
}

/// Reads one surface (`SURF`, `mat`, `refs N` and N references cut to `index u v`); appends it to `out`
/// as is, or, for a triangle strip (type 4, which TORCS adds to AC3D), as one polygon per triangle.
/// Returns how many surfaces it appended. `refs_cut` holds the cut references one after the other, `ends`
/// where each ends: room reused surface to surface.
int surface(LineViews& in, std::string& out, std::string& refs_cut, std::vector<std::size_t>& ends) {
  std::string_view surf, mat, refs, line;
  in.next(surf);
  in.next(mat);
  in.next(refs);
  refs_cut.clear();
  ends.clear();
  const int count = count_after_keyword(refs);
  for (int i = 0; i < count && in.next(line); ++i) {
    append_first_tokens(line, 3, refs_cut);
    ends.push_back(refs_cut.size());
  }
  const auto ref = [&](std::size_t k) {
    const std::size_t begin = k == 0 ? 0 : ends[k - 1];
    return std::string_view(refs_cut).substr(begin, ends[k] - begin);
  };
  const unsigned flags = static_cast<unsigned>(std::stoul(std::string(surf.substr(5)), nullptr, 16));
  if ((flags & 0xF) != 4) {
    for (const std::string_view header : {surf, mat, refs}) append_line(header, out);
    for (std::size_t k = 0; k < ends.size(); ++k) append_line(ref(k), out);
    return 1;
  }
  const std::string polygon = fmt::format("SURF 0x{:x}\n", flags & ~0xFu);
  for (std::size_t k = 0; k + 2 < ends.size(); ++k) {
    out += polygon;
    out += mat;
    out += "\nrefs 3\n";
    for (std::size_t c = k; c < k + 3; ++c) append_line(ref(c), out);
  }
  return ends.size() >= 3 ? static_cast<int>(ends.size()) - 2 : 0;
}

/// Appends the `numsurf N` block after `header`, triangle strips split, with the count of what it became.
void surfaces(LineViews& in, std::string_view header, std::string& out) {
  std::string body, refs_cut;
  std::vector<std::size_t> ends;
  const int count = count_after_keyword(header);
  int written = 0;
  for (int i = 0; i < count; ++i) written += surface(in, body, refs_cut, ends);
  fmt::format_to(std::back_inserter(out), "numsurf {}\n", written);
  out += body;
}

class AccReaderWriter : public osgDB::ReaderWriter {
 public:
  AccReaderWriter() { supportsExtension("acc", "TORCS track (AC3D with multi-texture records)"); }
  const char* className() const override { return "crashbench TORCS .acc reader"; }

  ReadResult readNode(const std::string& file, const Options* options) const override {
    if (!acceptsExtension(osgDB::getLowerCaseFileExtension(file))) return ReadResult::FILE_NOT_HANDLED;
    const std::string path = osgDB::findDataFile(file, options);
    if (path.empty()) return ReadResult::FILE_NOT_FOUND;
    std::ifstream in(path, std::ios::binary);
    if (!in) return ReadResult::ERROR_IN_READING_FILE;
    // Textures are named relative to the track's folder.
    osg::ref_ptr<Options> local =
        options ? static_cast<Options*>(options->clone(osg::CopyOp::SHALLOW_COPY)) : new Options;
    local->getDatabasePathList().push_front(osgDB::getFilePath(path));
    return readNode(in, local.get());
  }

  ReadResult readNode(std::istream& in, const Options* options) const override {
    ReaderWriter* ac = osgDB::Registry::instance()->getReaderWriterForExtension("ac");
    if (!ac) return ReadResult(ReadResult::ERROR_IN_READING_FILE);
    std::istringstream plain(acc_to_ac3d(in));
    return ac->readNode(plain, options);
  }
};

}  // namespace

std::string acc_to_ac3d(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  LineViews in(text);
  std::string_view line;
  bool textured = false;  // the current object already has its texture line
  while (in.next(line)) {
    if (keyword(line, "OBJECT")) {
      textured = false;
    } else if (keyword(line, "texture")) {
      const std::string_view plain = plain_texture_line(line);
      if (!textured && !plain.empty()) append_line(plain, out), textured = true;
      continue;
    } else if (keyword(line, "numvert")) {
      append_line(line, out);
      copy_cut(in, line, 3, out);  // `x y z`
      continue;
    } else if (keyword(line, "numsurf")) {
      surfaces(in, line, out);
      continue;
    }
    append_line(line, out);
  }
  return out;
}

std::string acc_to_ac3d(std::istream& in) {
  std::ostringstream text;
  text << in.rdbuf();
  return acc_to_ac3d(std::string_view(text.view()));
}

void register_acc_reader() {
  static std::once_flag once;
  std::call_once(once, [] { osgDB::Registry::instance()->addReaderWriter(new AccReaderWriter); });
}

}  // namespace crashbench
