#pragma once
// The one exception type for bad input: it carries where the problem is and what was expected,
// so the CLI can print a single readable line (exit code 2).
#include <stdexcept>
#include <string>

namespace crashbench {

class Error : public std::runtime_error {
 public:
  /// `file`: the input file ("" if none); `pointer`: JSON pointer or field ("" if none);
  /// `problem`: what was expected and what was found. Each is stored as valid UTF-8 (invalid bytes as
  /// U+FFFD) and cut between characters (512 bytes for file and pointer, 1024 for the problem).
  Error(std::string file, std::string pointer, std::string problem);

  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_; }
  const std::string& problem() const { return problem_; }

  /// The same problem, attributed to `file` when it had none yet.
  Error in_file(const std::string& file) const;

 private:
  std::string file_, pointer_, problem_;
};

}  // namespace crashbench
