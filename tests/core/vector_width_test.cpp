// The vector width the physics' vector code takes (core/vector_width.hpp): one of the two it has code for,
// the narrower where CRASHBENCH_VECTOR_WIDTH asks for it (tests/CMakeLists.txt runs the vectorised suites
// so), and a clear error for any other value. The width is decided once per process, so the error is
// checked in a child.
#include "core/vector_width.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "core/error.hpp"

namespace crashbench {
namespace {

TEST(VectorWidth, IsTwoOrFourAndTwoWhenAskedFor) {
  const int width = vector_width();
  EXPECT_TRUE(width == 2 || width == 4) << width;
  const char* asked = std::getenv("CRASHBENCH_VECTOR_WIDTH");
  if (asked && std::string(asked) == "2") {
    EXPECT_EQ(width, 2);
  }
}

TEST(VectorWidthDeathTest, AnyOtherValueIsAnErrorThatNamesTheVariable) {
  // A fresh process (not a fork of this one, where the width may be decided already).
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("CRASHBENCH_VECTOR_WIDTH", "8", 1);
        try {
          vector_width();
        } catch (const Error& e) {
          const std::string what = e.what();
          std::exit(what.find("CRASHBENCH_VECTOR_WIDTH") != std::string::npos &&
                            what.find("expected 2 or 4") != std::string::npos
                        ? 3
                        : 4);
        }
        std::exit(5);
      },
      ::testing::ExitedWithCode(3), "");
}

}  // namespace
}  // namespace crashbench
