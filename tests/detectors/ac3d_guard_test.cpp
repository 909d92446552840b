// OpenSceneGraph's AC3D reader takes a count that the file ends before from uninitialised memory: such a
// file is refused before any read (ac3d_guard.hpp). The campaign's two 2 GB stops were such files: the
// shipped wall with its last "kids 0" cut to "kids".
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "detectors/scenes/ac3d_guard.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// The seed wall (fuzz/seeds/scene: its first byte is the harness's format choice), ending "kids 0".
std::string seed_wall() {
  std::ifstream in(testing::source_path("fuzz/seeds/scene/wall-ac.bin"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return bytes.substr(1);
}

std::string write_ac(const std::string& name, const std::string& text) {
  const std::string path = (testing::temp_folder("ac3d-guard") / (name + ".ac")).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(Ac3dGuard, AFileEndingWithACountWordIsOneErrorNamingIt) {
  std::string cut = seed_wall();
  while (cut.back() != 's') cut.pop_back();  // "kids 0\n" -> "kids"
  const std::string path = write_ac("kids-without-count", cut);
  const std::string message = testing::error_message([&] { (void)load_scene(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("ends at 'kids'"), std::string::npos) << message;
}

TEST(Ac3dGuard, EveryCountWordTheReaderLeavesUninitialisedIsRefusedAtTheEnd) {
  for (const std::string word : {"kids", "numvert", "numsurf", "data"}) {
    const std::string path = write_ac(word, seed_wall() + "OBJECT poly\n" + word + " \n\n");
    const std::string message = testing::error_message([&] { refuse_ac3d_count_at_end(path); });
    EXPECT_NE(message.find("ends at '" + word + "'"), std::string::npos) << word << ": " << message;
  }
}

TEST(Ac3dGuard, ACountThatIsThereOrAWordThatOnlyEndsLikeOneIsRead) {
  const std::string whole = write_ac("whole", seed_wall());
  EXPECT_EQ(testing::error_message([&] { refuse_ac3d_count_at_end(whole); }), "");
  EXPECT_FALSE(load_scene(whole).triangles.empty());
  const std::string named = write_ac("named", seed_wall() + "name \"nokids\"\nurl mykids");
  EXPECT_EQ(testing::error_message([&] { refuse_ac3d_count_at_end(named); }), "");
}

}  // namespace
}  // namespace crashbench
