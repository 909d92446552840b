// OSG's AC3D reader makes as many vertices as `numvert` announces, whatever follows: with a memory limit
// on the child that reads a scene file first (contained_read.hpp), such a file is refused before the
// second read allocates the same again.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "detectors/scenes/contained_read.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// The seed wall as an .ac file (fuzz/seeds/scene: its first byte is the harness's format choice), with
/// its `numvert 8` announcing `vertices` instead.
std::string wall_announcing(const std::string& vertices) {
  std::ifstream in(testing::source_path("fuzz/seeds/scene/wall-ac.bin"), std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text = text.substr(1);
  const std::string::size_type at = text.find("numvert 8\n");
  if (at == std::string::npos) return "";
  text.replace(at, 10, "numvert " + vertices + "\n");
  const std::string path = (testing::temp_folder("read-memory") / ("wall-" + vertices + ".ac")).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

/// Sets the child's memory limit for one test.
struct MemoryLimit {
  explicit MemoryLimit(double megabytes) { set_scene_read_memory_limit(megabytes); }
  ~MemoryLimit() { set_scene_read_memory_limit(0); }
};

TEST(ContainedReadMemory, AFileAnnouncingMoreThanTheLimitIsOneErrorNamingIt) {
  const MemoryLimit limit(64);
  // 15 million vertices take some 600 MB in OSG's reader: far past 64 MB.
  const std::string path = wall_announcing("15000000");
  ASSERT_FALSE(path.empty());
  const std::string message = testing::error_message([&] { (void)load_scene(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  if (!testing::kUnderAddressSanitizer) {
    EXPECT_NE(message.find("needed more than 64 MB"), std::string::npos) << message;
    return;
  }
  // Under AddressSanitizer an allocation the limit refuses is fatal by design (allocator_may_return_null=0):
  // the child aborts (abort_on_error, as the asan preset runs) or exits 1 instead of throwing
  // std::bad_alloc, and the answer is that line for the file.
  EXPECT_TRUE(message.find("crashed on this file") != std::string::npos ||
              message.find("failed on this file") != std::string::npos)
      << message;
}

TEST(ContainedReadMemory, AFileWithinTheLimitIsRead) {
  const MemoryLimit limit(64);
  const std::string path = wall_announcing("8");
  ASSERT_FALSE(path.empty());
  EXPECT_FALSE(load_scene(path).triangles.empty());
}

}  // namespace
}  // namespace crashbench
