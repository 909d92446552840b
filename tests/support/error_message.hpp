#pragma once
// The crashbench::Error a call throws (or its message or JSON pointer), for tests of bad input.
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"

namespace crashbench::testing {

/// What the Error `action` throws says, or "" when it throws none.
template <class Action>
std::string error_message(Action action) {
  try {
    action();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

/// The Error `action` throws; a test failure (and an empty Error) when it throws none.
template <class Action>
Error error_of(Action action) {
  try {
    action();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected a crashbench::Error";
  return Error("", "", "");
}

/// The JSON pointer the Error `action` throws names, or "" when it throws none.
template <class Action>
std::string error_pointer(Action action) {
  try {
    action();
  } catch (const Error& e) {
    return e.pointer();
  }
  return "";
}

}  // namespace crashbench::testing
