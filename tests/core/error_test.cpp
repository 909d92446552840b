#include "core/error.hpp"

#include <gtest/gtest.h>

namespace crashbench {
namespace {

TEST(Error, MessageNamesFilePointerAndProblem) {
  const Error e("case.json", "/vehicles/0/mass", "expected a positive number [kg], found -3");
  EXPECT_STREQ(e.what(), "case.json: /vehicles/0/mass: expected a positive number [kg], found -3");
}

TEST(Error, InFileKeepsAnExistingFile) {
  const Error e("a.json", "/dt", "expected a number");
  EXPECT_EQ(e.in_file("b.json").file(), "a.json");
  EXPECT_EQ(Error("", "/dt", "expected a number").in_file("b.json").file(), "b.json");
}

}  // namespace
}  // namespace crashbench
