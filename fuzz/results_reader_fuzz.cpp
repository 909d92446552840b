// libFuzzer harness: bytes as a results.json, through the reader and the two outputs `crashbench report`
// makes from it (summary.md and report.html, without the plotting library).
#include <cstdint>

#include "fuzz/fuzz_support.hpp"
#include "reports/html_report.hpp"
#include "reports/results/results_reader.hpp"
#include "reports/summary_markdown.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  const std::string path = fuzz::write_input("results.json", data, size);
  ResultsFile file;
  bool read = false;
  fuzz::expect_clean_errors("read_results_file", [&] {
    file = read_results_file(path);
    read = true;
  });
  if (!read) return 0;
  // What the reader accepted, the report must draw: an Error here is a gap in the reader's checks.
  try {
    (void)summary_markdown(file);
    (void)report_html(file, "");
  } catch (const std::exception& e) {
    fuzz::require(false, (std::string("the report of an accepted results file threw: ") + e.what()).c_str());
  }
  return 0;
}
