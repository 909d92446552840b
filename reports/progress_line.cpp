#include "reports/progress_line.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>

#include <algorithm>

#include "core/text.hpp"

namespace crashbench {

std::string progress_text(std::size_t done, std::size_t total, int failures, double elapsed_s, const std::string& last) {
  const double left = done > 0 ? elapsed_s / static_cast<double>(done) * static_cast<double>(total - done) : 0.0;
  const std::size_t percent = total > 0 ? done * 100 / total : 100;
  return fmt::format("[{:>{}}/{}] {:>3}% | {} failed | {:.1f} s elapsed, ~{:.1f} s left | {}", done,
                     fmt::formatted_size("{}", total), total, percent, failures, elapsed_s, left, last);
}

std::size_t terminal_columns(int fd, std::size_t fallback) {
  winsize size{};
  return ::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 ? size.ws_col : fallback;
}

ProgressLine::ProgressLine(std::FILE* out, bool enabled, std::size_t columns)
    : out_(out), enabled_(enabled), max_width_(std::max<std::size_t>(columns, 20) - 1) {}

void ProgressLine::update(const RunResult& result, std::size_t done, std::size_t total) {
  failures_ += result.status != CaseStatus::kPassed;
  if (!enabled_) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line = cut_utf8(progress_text(done, total, failures_, elapsed, escape_terminal(result.name)), max_width_ - 3);
  const std::size_t pad = width_ > line.size() ? width_ - line.size() : 0;
  width_ = line.size();
  // fputs, not fmt::print: a closed stderr must not throw out of a batch's worker thread.
  std::fputs(fmt::format("\r{}{}", line, std::string(pad, ' ')).c_str(), out_);
  std::fflush(out_);
}

void ProgressLine::message(const std::string& line) {
  finish();
  width_ = 0;
  std::fputs(line.c_str(), out_);
  std::fputc('\n', out_);
  std::fflush(out_);
}

void ProgressLine::finish() {
  if (!enabled_ || width_ == 0) return;
  std::string blank(width_ + 2, ' ');
  blank.front() = blank.back() = '\r';
  std::fputs(blank.c_str(), out_);
  std::fflush(out_);
}

}  // namespace crashbench
