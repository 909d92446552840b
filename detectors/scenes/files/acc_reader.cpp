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
std::string plain_texture_line(const std::string& line) {
  const std::size_t open = line.find('"');
  const std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
  if (close == std::string::npos) return "";  // unquoted: only `empty_texture_no_mapping` is written so
  return line.substr(0, close + 1);
}

/// Reads one line without its '\r' (two of the shipped tracks have CRLF endings).
bool read_line(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

/// Whether `line` starts with the keyword `word` followed by a blank or the end.
bool keyword(const std::string& line, const char* word) {
  const std::size_t n = std::char_traits<char>::length(word);
  return line.compare(0, n, word) == 0 && (line.size() == n || line[n] == ' ' || line[n] == '\t');
}

/// Copies the `count` lines after a `numvert` or `refs` line, each cut to `tokens` tokens.
void copy_cut(std::istream& in, const std::string& header, int tokens, std::string& out) {
  const int count = count_after_keyword(header);
  std::string line;
  for (int i = 0; i < count && read_line(in, line); ++i) {
    append_first_tokens(line, tokens, out);
    out += '\n';
  }
}

/// Reads one surface (`SURF`, `mat`, `refs N` and N references cut to `index u v`); appends it to `out`
/// as is, or, for a triangle strip (type 4, which TORCS adds to AC3D), as one polygon per triangle.
/// Returns how many surfaces it appended.
int surface(std::istream& in, std::string& out) {
  std::string surf, mat, refs, line;
  read_line(in, surf);
  read_line(in, mat);
  read_line(in, refs);
  std::vector<std::string> r;
  const int count = count_after_keyword(refs);
  for (int i = 0; i < count && read_line(in, line); ++i) append_first_tokens(line, 3, r.emplace_back());
  const unsigned flags = static_cast<unsigned>(std::stoul(surf.substr(5), nullptr, 16));
  if ((flags & 0xF) != 4) {
    out += surf + '\n' + mat + '\n' + refs + '\n';
    for (const std::string& ref : r) out += ref + '\n';
    return 1;
  }
  const std::string polygon = fmt::format("SURF 0x{:x}\n", flags & ~0xFu);
  for (std::size_t k = 0; k + 2 < r.size(); ++k)
    out += polygon + mat + "\nrefs 3\n" + r[k] + '\n' + r[k + 1] + '\n' + r[k + 2] + '\n';
  return r.size() >= 3 ? static_cast<int>(r.size()) - 2 : 0;
}

/// The `numsurf N` block after `header`, triangle strips split, with the count of what it became.
std::string surfaces(std::istream& in, const std::string& header) {
  std::string body;
  const int count = count_after_keyword(header);
  int written = 0;
  for (int i = 0; i < count; ++i) written += surface(in, body);
  return fmt::format("numsurf {}\n", written) + body;
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
    osg::ref_ptr<Options> local = options ? static_cast<Options*>(options->clone(osg::CopyOp::SHALLOW_COPY)) : new Options;
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

std::string acc_to_ac3d(std::istream& in) {
  std::string out, line;
  bool textured = false;  // the current object already has its texture line
  while (read_line(in, line)) {
    if (keyword(line, "OBJECT")) {
      textured = false;
    } else if (keyword(line, "texture")) {
      const std::string plain = plain_texture_line(line);
      if (!textured && !plain.empty()) out += plain + '\n', textured = true;
      continue;
    } else if (keyword(line, "numvert")) {
      out += line + '\n';
      copy_cut(in, line, 3, out);  // `x y z`
      continue;
    } else if (keyword(line, "numsurf")) {
      out += surfaces(in, line);
      continue;
    }
    out += line + '\n';
  }
  return out;
}

void register_acc_reader() {
  static std::once_flag once;
  std::call_once(once, [] { osgDB::Registry::instance()->addReaderWriter(new AccReaderWriter); });
}

}  // namespace crashbench
