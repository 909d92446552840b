// The vector width the physics' vector code takes (core/vector_width.hpp): one of the two it has code for,
// the narrower where CRASHBENCH_VECTOR_WIDTH asks for it, and a clear error for any other value. The width
// is decided once per process, so each value is tried in a fresh child process.
#include "core/vector_width.hpp"

#include <gtest/gtest.h>

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
                       what.find("expected 2 or 4") != std::string::npos;
    std::exit(named ? 100 : 101);
  }
}

TEST(VectorWidth, IsTwoOrFour) {
  const int width = vector_width();
  EXPECT_TRUE(width == 2 || width == 4) << width;
}

TEST(VectorWidthDeathTest, TwoIsHeldAndAnyValueButTwoOrFourIsAnErrorThatNamesTheVariable) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(exit_with_width("2"), ::testing::ExitedWithCode(2), "");
  for (const char* bad : {"8", "3", "", "four"})
    EXPECT_EXIT(exit_with_width(bad), ::testing::ExitedWithCode(100), "") << bad;
}

}  // namespace
}  // namespace crashbench
