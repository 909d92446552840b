// libFuzzer harness: bytes as two results files A and B (split at the first "\n--\n"), read as
// `crashbench compare` and `merge` read them. Properties: A against itself shows no change, and what
// merge accepts it writes as a results file its own reader accepts.
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_support.hpp"
#include "reports/compare.hpp"
#include "reports/results/merge.hpp"

namespace {

constexpr std::string_view kSeparator = "\n--\n";

/// Reads one part as a results file; false after a clean Error.
bool read_part(const std::string& name, std::string_view bytes, crashbench::ResultsFile& out) {
  const std::string path =
      crashbench::fuzz::write_input(name, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  bool read = false;
  crashbench::fuzz::expect_clean_errors("read_results_file", [&] {
    out = crashbench::read_results_file(path);
    read = true;
  });
  return read;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = bytes.find(kSeparator);
  if (cut == std::string_view::npos) return 0;
  ResultsFile a, b;
  if (!read_part("a.json", bytes.substr(0, cut), a) || !read_part("b.json", bytes.substr(cut + kSeparator.size()), b))
    return 0;
  fuzz::expect_clean_errors("compare_results", [&] {
    const Comparison self = compare_results(a, a);
    fuzz::require(self.regressions == 0 && self.improvements == 0 && self.physics_changed == 0,
                  "a results file compared with itself shows no change");
    (void)compare_results(a, b);
  });
  nlohmann::json merged;
  bool ok = false;
  fuzz::expect_clean_errors("merge_results", [&] {
    merged = merge_results({a, b});
    ok = true;
  });
  if (!ok) return 0;
  try {
    (void)parse_results(merged, "merged.json");
  } catch (const std::exception& e) {
    fuzz::require(false, (std::string("merge wrote what its reader refuses: ") + e.what()).c_str());
  }
  return 0;
}
