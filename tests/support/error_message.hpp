#pragma once
// The message of the crashbench::Error a call throws, for tests of bad input.
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

}  // namespace crashbench::testing
