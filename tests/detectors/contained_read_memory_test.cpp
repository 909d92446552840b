// OSG's .osgt reader makes room for as many vertices as an array announces, whatever follows: with a
// memory limit on the child that reads a scene file (contained_read.hpp), such a file is refused before
// this process allocates the same. The child is called directly here: load_scene refuses
// this file before it (osgt_guard.hpp), and the limit is for the counts no guard knows.
#include <gtest/gtest.h>

#include <string>

#include "detectors/scenes/files/contained_read.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
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
  ~MemoryLimit() { set_scene_read_memory_limit(kSceneReadLimitFromSize); }
};

/// The answer for a child that ran past its memory limit: the limit's line, or under AddressSanitizer,
/// where an allocation the limit refuses is fatal by design (allocator_may_return_null=0), the line for a
/// child that aborted (abort_on_error, as the asan preset runs) or exited 1.
void expect_memory_limit_answer(const std::string& message, const std::string& limit_line) {
  if (!testing::kUnderAddressSanitizer) {
    EXPECT_NE(message.find(limit_line), std::string::npos) << message;
    EXPECT_NE(message.find("--scene-read-memory MB sets the limit"), std::string::npos) << message;
    return;
  }
  EXPECT_TRUE(message.find("crashed on this file") != std::string::npos ||
              message.find("failed on this file") != std::string::npos)
      << message;
}

/// The error of the child's read of the wall announcing `vertices`; it names the file.
std::string child_read_error(const std::string& vertices) {
  const std::string path = wall_announcing(vertices);
  if (path.empty()) return "the seed wall has no vertex list";
  const std::string message = testing::error_message([&] { (void)read_contained(path, nullptr); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  return message;
}

TEST(ContainedReadMemory, AFileAnnouncingMoreThanTheLimitIsOneErrorNamingIt) {
  const MemoryLimit limit(64);
  // Room for 15 million vertices is 180 MB: far past 64 MB.
  expect_memory_limit_answer(child_read_error("15000000"), "needed more than 64 MB");
}

TEST(ContainedReadDefaults, AFileAskingForFarMoreThanItsSizeIsRefusedAtAGigabyteAndItsSize) {
  // Room for 150 million vertices is 1.8 GB; the file is 2 KB, so the default limit is 1024 MB.
  expect_memory_limit_answer(child_read_error("150000000"), "needed more than 1024 MB");
}

TEST(ContainedReadDefaults, AReaderLoopingOnASmallFileIsStoppedAfterFiveSeconds) {
  // 60 million vertices announced and 8 there: OSG's reader fails on each missing one with an exception
  // (about 0.7 us each here, some 40 s in all) within 720 MB. The default time limit for a 2 KB file is
  // 5 s; the memory limit is raised out of the way (under ASan 720 MB is past the default 1 GB).
  const MemoryLimit limit(4096);
  const std::string message = child_read_error("60000000");
  EXPECT_NE(message.find("did not finish within 5 s"), std::string::npos) << message;
  EXPECT_NE(message.find("--scene-read-timeout SECONDS sets the limit"), std::string::npos) << message;
}

TEST(ContainedReadMemory, AFileWithinTheLimitIsRead) {
  const MemoryLimit limit(64);
  const std::string path = wall_announcing("8");
  ASSERT_FALSE(path.empty());
  EXPECT_FALSE(load_scene(path).triangles.empty());
}

}  // namespace
}  // namespace crashbench
