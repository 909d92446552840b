#include "reports/results/output_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path fresh(const std::string& name) {
  return testing::fresh_temp_folder("output-" + name);
}


TEST(OutputFile, AtomicWriteReplacesTheWholeFileAndLeavesNoTemporary) {
  const fs::path dir = fresh("atomic");
  const std::string path = (dir / "sub" / "results.json").string();
  write_file_atomically(path, "old");
  write_file_atomically(path, "new content");
  EXPECT_EQ(slurp(path), "new content");
  std::size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir / "sub")) entries += e.is_regular_file();
  EXPECT_EQ(entries, 1u) << "the temporary file was renamed into place";
}

TEST(OutputFile, FailuresNameTheFileAndTheSystemsReason) {
  const fs::path dir = fresh("fail");
  std::ofstream(dir / "a-file") << "x";
  const std::string under_file = (dir / "a-file" / "results.json").string();
  EXPECT_NE(testing::error_message([&] { write_file_atomically(under_file, "x"); }).find(under_file + ": cannot create the folder"),
            std::string::npos);
  // /dev/full accepts the open and refuses every write with ENOSPC, as a full disk does.
  LineFile full("/dev/full");
  EXPECT_EQ(testing::error_message([&] { full.write_line("{}"); }), "/dev/full: writing a line failed: No space left on device");
}

TEST(OutputFile, LinesAreAppendedWhole) {
  const fs::path dir = fresh("lines");
  LineFile lines((dir / "results.jsonl").string());
  lines.write_line("{\"a\": 1}");
  lines.write_line("{\"b\": 2}");
  lines.sync();
  EXPECT_EQ(slurp(dir / "results.jsonl"), "{\"a\": 1}\n{\"b\": 2}\n");
}

}  // namespace
}  // namespace crashbench
