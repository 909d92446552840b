#pragma once
// The progress line `crashbench run` keeps on a terminal: cases done, failures so far, time left.
#include <chrono>
#include <cstdio>
#include <string>

#include "cases/run_result.hpp"

namespace crashbench {

/// The line's text: "[ 12/36] 33% | 1 failed | 4.2 s elapsed, ~8.4 s left | last-case-name".
std::string progress_text(std::size_t done, std::size_t total, int failures, double elapsed_s, const std::string& last);

/// The width of the terminal on file descriptor `fd`, or `fallback` when it does not say.
std::size_t terminal_columns(int fd, std::size_t fallback = 80);

class ProgressLine {
 public:
  /// Draws on `out` only when `enabled` (e.g. isatty(fileno(stderr))), cut to `columns` - 1 characters so
  /// that the line never wraps (a wrapped line cannot be redrawn in place).
  ProgressLine(std::FILE* out, bool enabled, std::size_t columns = 80);
  /// Called after each case (ProgressFn); redraws the line in place.
  void update(const RunResult& result, std::size_t done, std::size_t total);
  /// Prints `line` (already escaped for a terminal) on a line of its own, above the progress line; always,
  /// even when the progress line is off.
  void message(const std::string& line);
  /// Clears the line so the summary starts on a clean one.
  void finish();

 private:
  std::FILE* out_;
  bool enabled_;
  std::size_t max_width_;
  int failures_ = 0;
  std::size_t width_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace crashbench
