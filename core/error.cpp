#include "core/error.hpp"

namespace crashbench {
namespace {

std::string compose(const std::string& file, const std::string& pointer, const std::string& problem) {
  std::string text;
  if (!file.empty()) text += file + ": ";
  if (!pointer.empty()) text += pointer + ": ";
  return text + problem;
}

}  // namespace

Error::Error(std::string file, std::string pointer, std::string problem)
    : std::runtime_error(compose(file, pointer, problem)),
      file_(std::move(file)),
      pointer_(std::move(pointer)),
      problem_(std::move(problem)) {}

Error Error::in_file(const std::string& file) const {
  return file_.empty() ? Error(file, pointer_, problem_) : *this;
}

}  // namespace crashbench
