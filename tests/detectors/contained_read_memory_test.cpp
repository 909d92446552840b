// OSG's .osgt reader makes room for as many vertices as an array announces, whatever follows: with a
// memory limit on the child that reads a scene file first (contained_read.hpp), such a file is refused
// before the second read allocates the same again. The child is called directly here: load_scene refuses
// this file before it (osgt_guard.hpp), and the limit is for the counts no guard knows.
#include <gtest/gtest.h>

#include <string>

#include "detectors/scenes/contained_read.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/seed_walls.hpp"

namespace crashbench {
namespace {

/// The seed wall as an .osgt file with its vertex array's `vector 8` announcing `vertices` instead.
std::string wall_announcing(const std::string& vertices) {
  std::string text = testing::seed_wall_text("osgt");
  const std::string::size_type at = text.find("vector 8 {", text.find("VertexArray"));
  if (at == std::string::npos) return "";
  text.replace(at, 8, "vector " + vertices);
  return testing::write_scene_text("read-memory", "wall-" + vertices, "osgt", text);
}

/// Sets the child's memory limit for one test.
struct MemoryLimit {
  explicit MemoryLimit(double megabytes) { set_scene_read_memory_limit(megabytes); }
  ~MemoryLimit() { set_scene_read_memory_limit(0); }
};

TEST(ContainedReadMemory, AFileAnnouncingMoreThanTheLimitIsOneErrorNamingIt) {
  const MemoryLimit limit(64);
  // Room for 15 million vertices is 180 MB: far past 64 MB.
  const std::string path = wall_announcing("15000000");
  ASSERT_FALSE(path.empty());
  const std::string message = testing::error_message([&] { read_in_child_first(path, nullptr); });
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
