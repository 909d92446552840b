// libFuzzer harness: bytes as a case or matrix file, through the loader the CLI uses (expand_input_file,
// then parse_case per expanded case); the first case that parses is also run, cut to its first steps.
#include <algorithm>
#include <cstdint>
#include <filesystem>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

/// Only the first case of an input is run, and only for this many steps (enough for the shipped cases'
/// first impacts): every case is parsed, but whole runs under the sanitizers take seconds.
constexpr int kMaxRunSteps = 100;

/// The shipped case files beside the input, so that a matrix may list them by relative name.
void copy_library() {
  const std::filesystem::path library = std::filesystem::path(CRASHBENCH_SOURCE_DIR) / "cases" / "library";
  for (const auto& entry : std::filesystem::directory_iterator(library))
    std::filesystem::copy_file(entry.path(), crashbench::fuzz::scratch_dir() / entry.path().filename(),
                               std::filesystem::copy_options::overwrite_existing);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  copy_library();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  const std::string path = fuzz::write_input("input.json", data, size);
  std::vector<CaseInput> inputs;
  fuzz::expect_clean_errors("expand_input_file", [&] { inputs = expand_input_file(path); });
  bool ran = false;
  for (const CaseInput& input : inputs) {
    if (input.error) continue;
    fuzz::expect_clean_errors("parse_case", [&] {
      Case c = parse_case(input.doc, input.file);
      if (ran) return;
      ran = true;
      c.duration = std::min(c.duration, kMaxRunSteps * c.dt);
      run_case(c);
    });
  }
  return 0;
}
