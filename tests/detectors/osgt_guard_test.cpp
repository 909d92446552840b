// OpenSceneGraph's .osgt reader makes room for every element a list announces and then fails on each
// missing one (osgt_guard.hpp): a list the rest of the file cannot hold is refused before any read.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "detectors/scenes/files/osgt_guard.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/seed_walls.hpp"

namespace crashbench {
namespace {

std::string osgt_seed_wall() { return testing::seed_wall_text("osgt"); }

std::string write_osgt(const std::string& name, const std::string& text) {
  return testing::write_scene_text("osgt-guard", name, "osgt", text);
}

/// The seed wall with its vertex array's "vector 8 {" replaced by `list`.
std::string wall_with_vertex_list(const std::string& list) {
  std::string text = osgt_seed_wall();
  const std::string::size_type at = text.find("vector 8 {", text.find("VertexArray"));
  if (at == std::string::npos) return "";
  return text.substr(0, at) + list + text.substr(at + 10);
}

TEST(OsgtGuard, AListTheRestOfTheFileCannotHoldIsOneErrorNamingItsLine) {
  const std::string text = wall_with_vertex_list("vector 15000000 {");
  ASSERT_FALSE(text.empty());
  const std::string path = write_osgt("fifteen-million", text);
  const std::string message = testing::error_message([&] { (void)load_scene(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  // The seed's vertex list opens on its line 41; what follows it is far less than 30 MB.
  EXPECT_NE(message.find("line 41: 'vector 15000000 {' announces more elements than the "), std::string::npos)
      << message;
}

TEST(OsgtGuard, TheLimitIsTwoBytesAnElement) {
  // 8 vertices of 3 numbers are 24 elements' worth of list; "vector N {" for N up to half the bytes after
  // the "{" is let through (OSG then finds the list short: an error of its own, not this guard's).
  const std::string whole = osgt_seed_wall();
  const std::string::size_type brace = whole.find("vector 8 {", whole.find("VertexArray")) + 9;
  const std::uint64_t most = (whole.size() - brace - 1) / 2;
  const auto guard_error = [&](std::uint64_t n) {
    const std::string path = write_osgt(std::to_string(n) + "-elements", wall_with_vertex_list("vector " + std::to_string(n) + " {"));
    return testing::error_message([&] { check_osgt_counts(path); });
  };
  EXPECT_EQ(guard_error(most), "");
  EXPECT_NE(guard_error(most + 1), "");
}

TEST(OsgtGuard, NumbersInsideQuotedStringsAreText) {
  const std::string text = osgt_seed_wall();
  const std::string::size_type at = text.find("\n", text.find("UniqueID 1")) + 1;  // the group's name follows its ID
  ASSERT_NE(at, 0U);
  const std::string named = text.substr(0, at) + "  Name \"a \\\" 99999999 { quoted\"\n" + text.substr(at);
  const std::string path = write_osgt("named", named);
  EXPECT_EQ(testing::error_message([&] { check_osgt_counts(path); }), "");
  EXPECT_FALSE(load_scene(path).triangles.empty());
}

}  // namespace
}  // namespace crashbench
