#include "core/vector_width.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <string_view>

#include "core/error.hpp"

namespace crashbench {

namespace {

bool cpu_has_avx2() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("avx2");  // also checks that the OS saves the AVX registers
#else
  return false;
#endif
}

int decide_width() {
  const char* asked = std::getenv("CRASHBENCH_VECTOR_WIDTH");
  const std::string_view value = asked ? asked : "4";
  if (value != "2" && value != "4")
    throw Error("CRASHBENCH_VECTOR_WIDTH", "", fmt::format("expected 2 or 4, got \"{}\"", value));
  return value == "4" && cpu_has_avx2() ? 4 : 2;
}

}  // namespace

int vector_width() {
  static const int width = decide_width();
  return width;
}

}  // namespace crashbench
