#include "detectors/scenes/acc_reader.hpp"

#include <osgDB/FileNameUtils>
#include <osgDB/FileUtils>
#include <osgDB/ReaderWriter>
#include <osgDB/Registry>

#include <fstream>
#include <mutex>
#include <sstream>

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
    } else if (keyword(line, "numvert") || keyword(line, "refs")) {
      out += line + '\n';
      copy_cut(in, line, 3, out);  // `index u v` or `x y z`
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
