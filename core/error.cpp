#include "core/error.hpp"

#include "core/text.hpp"

namespace crashbench {
namespace {

constexpr std::size_t kMaxPart = 512;      // [bytes] of a file name or pointer in a message
constexpr std::size_t kMaxProblem = 1024;  // [bytes] of the problem text

std::string compose(const std::string& file, const std::string& pointer, const std::string& problem) {
  std::string text;
  if (!file.empty()) text += file + ": ";
  if (!pointer.empty()) text += pointer + ": ";
  return text + problem;
}

}  // namespace

// Input text reaches messages (a bad value, a key, a parser's token): kept valid UTF-8 and short, so
// that writing a message into results.json can never fail and one line stays one readable line.
Error::Error(std::string file, std::string pointer, std::string problem)
    : std::runtime_error(compose(cut_utf8(file, kMaxPart), cut_utf8(pointer, kMaxPart), cut_utf8(problem, kMaxProblem))),
      file_(cut_utf8(file, kMaxPart)),
      pointer_(cut_utf8(pointer, kMaxPart)),
      problem_(cut_utf8(problem, kMaxProblem)) {}

Error Error::in_file(const std::string& file) const {
  return file_.empty() ? Error(file, pointer_, problem_) : *this;
}

}  // namespace crashbench
