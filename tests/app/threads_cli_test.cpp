// `run --threads`: a bad count is one line naming the option and exit 2, before any case runs; more
// threads than the machine's cores (with --jobs) are capped, saying so, and the run goes on. A bad
// CRASHBENCH_VECTOR_WIDTH (core/vector_width.hpp) is refused the same way, whatever the cases' models.
#include <gtest/gtest.h>

#include <thread>

#include "cases/runner/step_threads.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

std::string threaded_case() { return testing::source_path("cases/library/knight-head-on-30mph.json"); }

/// The lines of `text` that are not empty.
int non_empty_lines(const std::string& text) {
  int lines = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i > 0 && text[i - 1] != '\n') ++lines;
  return lines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

TEST(ThreadsCli, ABadThreadCountIsOneLineAndExitTwo) {
  const std::string out = testing::fresh_dir("threads-bad");
  for (const std::string bad : {"0", "-1", "-3", "abc", "2.5", "1e3", "2x", "257", "99999999999999999999", "' 2'"}) {
    const testing::Outcome r = testing::crashbench("run " + threaded_case() + " -o " + out + " --threads " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("--threads: expected a whole number of threads per case from 1 to " +
                            std::to_string(kMaxStepThreads)),
              std::string::npos)
        << bad << ": " << r.output;
    EXPECT_EQ(non_empty_lines(r.output), 1) << bad << ": " << r.output;
    EXPECT_FALSE(std::filesystem::exists(out + "/results.json")) << bad << ": no case may run";
  }
}

TEST(ThreadsCli, ABadVectorWidthIsOneLineAndExitTwoAndTwoRunsTheCase) {
  const std::string out = testing::fresh_dir("vector-width");
  const std::string run = std::string(CRASHBENCH_CLI) + " run -q " + threaded_case() + " -o " + out;
  for (const std::string bad : {"3", "16", "avx", "''"}) {
    const testing::Outcome r = testing::shell("CRASHBENCH_VECTOR_WIDTH=" + bad + " " + run);
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("CRASHBENCH_VECTOR_WIDTH: expected 2, 4 or 8"), std::string::npos)
        << bad << ": " << r.output;
    EXPECT_EQ(non_empty_lines(r.output), 1) << bad << ": " << r.output;
    EXPECT_FALSE(std::filesystem::exists(out + "/results.json")) << bad << ": no case may run";
  }
  const testing::Outcome two = testing::shell("CRASHBENCH_VECTOR_WIDTH=2 " + run);
  EXPECT_EQ(two.exit_code, 0) << two.output;
  EXPECT_TRUE(std::filesystem::exists(out + "/results.json"));
}

TEST(ThreadsCli, MoreThreadsThanCoresAreCappedWithAMessage) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int asked = std::min(kMaxStepThreads, cores + 1);
  const testing::Outcome r = testing::crashbench("run -q " + threaded_case() + " -o " + testing::fresh_dir("threads-cap") +
                                                 " --threads " + std::to_string(asked));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  if (asked > cores) {
    EXPECT_NE(r.output.find("--threads " + std::to_string(asked) + " x --jobs 1 is more than the " +
                            std::to_string(cores) + " cores: each case runs on " + std::to_string(cores) + " thread"),
              std::string::npos)
        << r.output;
  }
}

}  // namespace
}  // namespace crashbench
