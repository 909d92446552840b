// The vector width the physics' vector code takes (core/vector_width.hpp): one of the three it has code for,
// at most what CRASHBENCH_VECTOR_WIDTH asks for, and a clear error for any other value. The width
// is decided once per process, so each value is tried in a fresh child process.
#include "core/vector_width.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/error.hpp"

namespace crashbench {
namespace {

/// Sets CRASHBENCH_VECTOR_WIDTH to `asked` and exits with vector_width(), or with 100 on an Error that names
/// the variable and says what it expects (101 on any other). Run in a fresh process by EXPECT_EXIT.
[[noreturn]] void exit_with_width(const char* asked) {
  setenv("CRASHBENCH_VECTOR_WIDTH", asked, 1);
  try {
    std::exit(vector_width());
  } catch (const Error& e) {
    const std::string what = e.what();
    const bool named = what.find("CRASHBENCH_VECTOR_WIDTH") != std::string::npos &&
                       what.find("expected 2, 4 or 8") != std::string::npos;
    std::exit(named ? 100 : 101);
  }
}

/// What this CPU has registers for, asked of the CPU here, not of vector_width's own code.
int widest_the_cpu_has() {
  if (__builtin_cpu_supports("avx512f")) return 8;
  return __builtin_cpu_supports("avx2") ? 4 : 2;
}

TEST(VectorWidth, IsTheWidestTheCpuHasByDefault) { EXPECT_EQ(vector_width(), widest_the_cpu_has()); }

TEST(VectorWidthDeathTest, AnAskedWidthIsAtMostTheCpusAndAnyOtherValueIsAnErrorThatNamesTheVariable) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const int widest = widest_the_cpu_has();
  for (const int asked : {2, 4, 8}) {
    const std::string value = std::to_string(asked);
    EXPECT_EXIT(exit_with_width(value.c_str()), ::testing::ExitedWithCode(std::min(asked, widest)), "") << asked;
  }
  for (const char* bad : {"16", "1", "3", "", "four"})
    EXPECT_EXIT(exit_with_width(bad), ::testing::ExitedWithCode(100), "") << bad;
}

}  // namespace
}  // namespace crashbench
