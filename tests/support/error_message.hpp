#pragma once
// The message (or JSON pointer) of the crashbench::Error a call throws, for tests of bad input.
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
