#include "core/vector_width.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "core/error.hpp"

namespace crashbench {

namespace {

/// The widest of 8, 4, 2 that this CPU has code for: AVX-512F, AVX2, SSE2.
int widest_on_this_cpu() {
#if defined(__x86_64__) || defined(__i386__)
  // Each also checks that the OS saves the registers.
  if (__builtin_cpu_supports("avx512f")) return 8;
  if (__builtin_cpu_supports("avx2")) return 4;
#endif
  return 2;
}

int decide_width() {
  const char* asked = std::getenv("CRASHBENCH_VECTOR_WIDTH");
  const std::string_view value = asked ? asked : "8";
  if (value != "2" && value != "4" && value != "8")
    throw Error("CRASHBENCH_VECTOR_WIDTH", "", fmt::format("expected 2, 4 or 8, got \"{}\"", value));
  return std::min(value == "8" ? 8 : value == "4" ? 4 : 2, widest_on_this_cpu());
}

}  // namespace

int vector_width() {
  static const int width = decide_width();
  return width;
}

}  // namespace crashbench
