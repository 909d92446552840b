#include "detectors/scenes/acc_reader.hpp"

#include <osgDB/FileNameUtils>
#include <osgDB/FileUtils>
#include <osgDB/ReaderWriter>
#include <osgDB/Registry>

#include <fmt/format.h>

#include <fstream>
#include <mutex>
#include <sstream>
#include <vector>

namespace crashbench {
namespace {

/// The first `count` whitespace-separated tokens of `line`, joined by single spaces.
std::string first_tokens(const std::string& line, int count) {
  std::istringstream in(line);
  std::string token, out;
  for (int i = 0; i < count && in >> token; ++i) out += (i ? " " : "") + token;
  return out;
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
  std::istringstream h(header);
  std::string word;
  int count = 0;
  h >> word >> count;
  std::string line;
  for (int i = 0; i < count && read_line(in, line); ++i) out += first_tokens(line, tokens) + '\n';
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
  std::istringstream h(refs);
  std::string word;
  int count = 0;
  h >> word >> count;
  for (int i = 0; i < count && read_line(in, line); ++i) r.push_back(first_tokens(line, 3));
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
  std::istringstream h(header);
  std::string word, body;
  int count = 0, written = 0;
  h >> word >> count;
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
