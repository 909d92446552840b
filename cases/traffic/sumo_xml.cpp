#include "cases/traffic/sumo_xml.hpp"

#include <expat.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <system_error>
#include <vector>

#include "core/error.hpp"

namespace crashbench::sumo {
namespace {

/// Bytes handed to expat at a time: the stream's memory, whatever the file's length.
constexpr int kXmlChunk = 64 * 1024;

/// expat's answers at the end of the file when the file stops inside a tag or an element.
bool cut_short(XML_Error code) {
  return code == XML_ERROR_NO_ELEMENTS || code == XML_ERROR_UNCLOSED_TOKEN || code == XML_ERROR_PARTIAL_CHAR ||
         code == XML_ERROR_UNCLOSED_CDATA_SECTION;
}

}  // namespace

/// expat and the file behind one stream. The callbacks are C: whatever a handler throws is kept and the
/// parser stopped; read() rethrows it once expat has returned.
struct XmlFileStream::Expat {
  struct OpenElement {
    std::string name;
    int line = 0;
  };

  XmlFileStream& stream;
  XmlHandler& handler;
  // zlib reads SUMO's gzipped outputs (--fcd-output fcd.xml.gz) and, transparently, plain files.
  std::unique_ptr<gzFile_s, decltype(&gzclose)> in{nullptr, &gzclose};
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser{nullptr, &XML_ParserFree};
  std::vector<OpenElement> open = std::vector<OpenElement>(kDeepestXml);  // never reallocated: views stay valid
  int depth = 0;
  bool suspended = false;
  bool last_chunk = false;
  std::exception_ptr failure;  // kept: a stream that failed fails again

  Expat(XmlFileStream& s, XmlHandler& h) : stream(s), handler(h) {}

  int line() const { return static_cast<int>(XML_GetCurrentLineNumber(parser.get())); }

  template <class Callback>
  void guard(Callback&& callback) noexcept {
    if (failure) return;  // expat may call on briefly after a stop
    try {
      callback();
    } catch (...) {
      failure = std::current_exception();
      XML_StopParser(parser.get(), XML_FALSE);
    }
  }

  /// A root of another kind is another file than the one meant: say so before reading it.
  void check_root(std::string_view name, int line) const {
    const auto& roots = stream.kind().roots;
    if (std::find(roots.begin(), roots.end(), name) != roots.end()) return;
    throw Error(stream.file(), xml_where(name, line),
                fmt::format("expected the root <{}> of {}, found <{}>", fmt::join(roots, "> or <"),
                            stream.kind().description, name));
  }

  static void on_start(void* data, const XML_Char* name, const XML_Char** attributes) {
    auto& x = *static_cast<Expat*>(data);
    x.guard([&] {
      const int line = x.line();
      if (x.depth == kDeepestXml)
        throw Error(x.stream.file(), xml_where(name, line),
                    fmt::format("nested more than {} deep: expected {}", kDeepestXml, x.stream.kind().description));
      if (x.depth == 0) x.check_root(name, line);
      const XmlElement e{name, x.depth > 0 ? x.open[x.depth - 1].name : std::string_view(), line, x.depth, attributes};
      x.open[x.depth].name.assign(name);
      x.open[x.depth].line = line;
      ++x.depth;
      x.handler.start(e);
    });
  }

  static void on_end(void* data, const XML_Char* name) {
    auto& x = *static_cast<Expat*>(data);
    x.guard([&] { x.handler.end(name, --x.depth); });
  }

  // Any entity declaration: internal ones nest into bombs, external ones point at files or the network.
  static void on_entity(void* data, const XML_Char* name, int, const XML_Char*, int, const XML_Char*, const XML_Char*,
                        const XML_Char*, const XML_Char*) {
    auto& x = *static_cast<Expat*>(data);
    x.guard([&] {
      throw Error(x.stream.file(), fmt::format("<!ENTITY {}> (line {})", name, x.line()),
                  fmt::format("an entity declaration: {} needs none, and none is read", x.stream.kind().description));
    });
  }

  /// expat's own complaint, at the innermost open element.
  Error xml_error() const {
    const XML_Error code = XML_GetErrorCode(parser.get());
    const auto column = XML_GetCurrentColumnNumber(parser.get());
    const std::string where =
        depth > 0 ? xml_where(open[depth - 1].name, open[depth - 1].line) : fmt::format("line {}", line());
    if (last_chunk && cut_short(code))
      return Error(stream.file(), where,
                   fmt::format("the file ends at line {}, column {}, {}: expected the whole of {} (expat: {})", line(),
                               column, depth > 0 ? "before this element is closed" : "before a root element",
                               stream.kind().description, XML_ErrorString(code)));
    return Error(stream.file(), where,
                 fmt::format("not well-formed XML at line {}, column {}: {}", line(), column, XML_ErrorString(code)));
  }

  /// Parses the next chunk of the file, or resumes in the current one.
  XML_Status parse_on() {
    if (suspended) {
      suspended = false;
      return XML_ResumeParser(parser.get());
    }
    void* buffer = XML_GetBuffer(parser.get(), kXmlChunk);
    if (!buffer) throw Error(stream.file(), "", "expat could not allocate its buffer");
    const int got = gzread(in.get(), buffer, kXmlChunk);
    if (got < 0) {
      int code = Z_OK;
      const char* message = gzerror(in.get(), &code);
      const std::string why =
          code == Z_ERRNO ? std::error_code(errno, std::generic_category()).message() : std::string(message);
      throw Error(stream.file(), "", "cannot read it: " + why);
    }
    last_chunk = got < kXmlChunk;
    return XML_ParseBuffer(parser.get(), got, last_chunk);
  }
};

std::string xml_where(std::string_view element, int line, std::string_view attribute) {
  return attribute.empty() ? fmt::format("<{}> (line {})", element, line)
                           : fmt::format("<{}> (line {}): '{}'", element, line, attribute);
}

const char* XmlElement::find(std::string_view key) const {
  for (int i = 0; attributes[i]; i += 2)
    if (key == attributes[i]) return attributes[i + 1];
  return nullptr;
}

std::string_view XmlElement::find_or_empty(std::string_view key) const {
  const char* value = find(key);
  return value ? value : "";
}

std::string XmlElement::where(std::string_view attribute) const { return xml_where(name, line, attribute); }

XmlFileStream::XmlFileStream(std::string file, XmlFileKind kind, XmlHandler& handler)
    : file_(std::move(file)), kind_(std::move(kind)), expat_(std::make_unique<Expat>(*this, handler)) {
  Expat& x = *expat_;
  x.in.reset(gzopen(file_.c_str(), "rb"));
  if (!x.in)
    throw Error(file_, "",
                fmt::format("cannot open it ({}): expected {}",
                            std::error_code(errno, std::generic_category()).message(), kind_.description));
  x.parser.reset(XML_ParserCreate(nullptr));
  if (!x.parser) throw Error(file_, "", "expat could not create a parser");
  XML_SetUserData(x.parser.get(), &x);
  XML_SetElementHandler(x.parser.get(), &Expat::on_start, &Expat::on_end);
  XML_SetEntityDeclHandler(x.parser.get(), &Expat::on_entity);
}

XmlFileStream::~XmlFileStream() = default;

bool XmlFileStream::read() {
  Expat& x = *expat_;
  while (!x.failure) {
    if (!x.suspended && x.last_chunk) return false;
    try {
      switch (x.parse_on()) {
        case XML_STATUS_SUSPENDED:
          x.suspended = true;
          return true;
        case XML_STATUS_ERROR:
          if (!x.failure) x.failure = std::make_exception_ptr(x.xml_error());
          break;
        default:
          break;
      }
    } catch (...) {
      x.failure = std::current_exception();
    }
  }
  std::rethrow_exception(x.failure);
}

void XmlFileStream::suspend() { XML_StopParser(expat_->parser.get(), XML_TRUE); }

}  // namespace crashbench::sumo
