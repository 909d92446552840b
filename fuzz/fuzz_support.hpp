#pragma once
// What every harness shares: a private scratch folder, the input written to a file (the readers under
// test take paths, as the CLI does), and the one rule of the harnesses: a crashbench::Error is the clean
// answer to bad input; any other exception is a reader gap and stops the fuzzer like a crash would.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace crashbench::fuzz {

/// A folder of this process's own under the temporary directory, made on first use and removed when the
/// fuzzer exits (libFuzzer leaves through exit(), which runs static destructors).
inline const std::filesystem::path& scratch_dir() {
  struct Scratch {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("crashbench-fuzz-" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() {
      std::error_code ignored;  // nothing to report at exit
      std::filesystem::remove_all(dir, ignored);
    }
  };
  static const Scratch scratch;
  return scratch.dir;
}

/// Writes `size` bytes at `data` to `name` in the scratch folder and returns the path.
inline std::string write_input(const std::string& name, const std::uint8_t* data, std::size_t size) {
  const std::string path = (scratch_dir() / name).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

/// Runs `body`; an Error is the expected outcome of bad input, anything else aborts with its message.
template <class Body>
void expect_clean_errors(const char* what, Body&& body) {
  try {
    body();
  } catch (const Error&) {
    // The clean answer: one line naming the file and field.
  } catch (const std::exception& e) {
    std::fprintf(stderr, "crashbench fuzz: %s threw %s instead of crashbench::Error\n", what, e.what());
    std::abort();
  }
}

/// Stops the fuzzer when a property of the code under test does not hold.
inline void require(bool condition, const char* property) {
  if (condition) return;
  std::fprintf(stderr, "crashbench fuzz: property failed: %s\n", property);
  std::abort();
}

}  // namespace crashbench::fuzz
