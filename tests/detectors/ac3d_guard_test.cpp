// OpenSceneGraph's AC3D reader trusts the counts a file announces (ac3d_guard.hpp): a count the file ends
// before, or one the rest of the file cannot hold, is refused before any read. The campaign's two 2 GB
// stops were the shipped wall with its last "kids 0" cut to "kids"; its slowest inputs (2 s each, a
// gigabyte of empty groups) announced "kids 88888888888888888881".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "detectors/scenes/files/ac3d_guard.hpp"
#include "detectors/scenes/files/ac3d_parse.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/seed_walls.hpp"

namespace crashbench {
namespace {

/// The seed wall, ending "kids 0".
std::string ac_seed_wall() { return testing::seed_wall_text("ac"); }

std::string write_ac(const std::string& name, const std::string& text) {
  return testing::write_scene_text("ac3d-guard", name, "ac", text);
}

TEST(Ac3dGuard, AFileEndingWithACountWordIsOneErrorNamingIt) {
  std::string cut = ac_seed_wall();
  while (cut.back() != 's') cut.pop_back();  // "kids 0\n" -> "kids"
  const std::string path = write_ac("kids-without-count", cut);
  const std::string message = testing::error_message([&] { (void)load_scene(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("ends at 'kids'"), std::string::npos) << message;
}

/// The error `check_ac3d_counts` gives for the seed wall with `tail` appended ("" when it reads).
std::string error_with_tail(const std::string& name, const std::string& tail) {
  const std::string path = write_ac(name, ac_seed_wall() + tail);
  return testing::error_message([&] { check_ac3d_counts(path); });
}

TEST(Ac3dGuard, ACountTheRestOfTheFileCannotHoldIsOneErrorNamingItsLine) {
  // The seed wall has 41 lines; its "kids 0" at the end is followed by one more object here.
  const std::string object = "OBJECT poly\nname \"extra\"\n";
  const std::string kids = error_with_tail("kids", object + "kids 2\nOBJECT poly\nkids 0\n");
  EXPECT_NE(kids.find("line 44: 'kids 2' announces more objects than the 1 OBJECT records after it"), std::string::npos) << kids;
  const std::string huge = error_with_tail("huge-kids", object + "kids 88888888888888888881\n");
  EXPECT_NE(huge.find("'kids 88888888888888888881' announces more objects than the 0 OBJECT"), std::string::npos) << huge;
  // 3 vertices take 18 bytes at least: 16 bytes after the count are too few, 18 are enough.
  const std::string vertices = error_with_tail("numvert", object + "numvert 3\n0 0 0\n0 0 0\n0 0");
  EXPECT_NE(vertices.find("'numvert 3' announces more vertices than the 16 bytes after it"), std::string::npos) << vertices;
  EXPECT_EQ(error_with_tail("numvert-fits", object + "numvert 3\n0 0 0\n0 0 0\n0 0 0"), "");
  const std::string data = error_with_tail("data", object + "data 9\n1234567");
  EXPECT_NE(data.find("'data 9' announces more bytes than the 8 left"), std::string::npos) << data;
  const std::string word = error_with_tail("not-a-count", object + "numsurf -1\n");
  EXPECT_NE(word.find("'numsurf' is followed by '-1', not a count"), std::string::npos) << word;
}

TEST(Ac3dGuard, AnEmptyOrMissingFileIsLeftToOsgDBsReadToRefuse) {
  EXPECT_EQ(testing::error_message([&] { check_ac3d_counts(write_ac("empty", "")); }), "");
  EXPECT_EQ(testing::error_message([&] { check_ac3d_counts("/nonexistent/crashbench/wall.ac"); }), "");
  const std::string empty = write_ac("empty-loaded", "");
  EXPECT_NE(testing::error_message([&] { (void)load_scene(empty); }).find("osgDB could not read this file"), std::string::npos);
}

TEST(Ac3dGuard, CountWordsInsideNamesAndDataBlocksAreNotCounts) {
  // OSG reads a quoted name whole and a data block's bytes raw: "kids 9" in either is text, not a count.
  EXPECT_EQ(error_with_tail("quoted", "OBJECT poly\nname \"kids 9\nnumvert 99\"\nkids 0\n"), "");
  EXPECT_EQ(error_with_tail("data-block", "OBJECT poly\ndata 8\nkids 99kids 0\n"), "");
}

TEST(Ac3dGuard, EveryCountWordTheReaderLeavesUninitialisedIsRefusedAtTheEnd) {
  for (const std::string word : {"kids", "numvert", "numsurf", "data"}) {
    const std::string path = write_ac(word, ac_seed_wall() + "OBJECT poly\n" + word + " \n\n");
    const std::string message = testing::error_message([&] { check_ac3d_counts(path); });
    EXPECT_NE(message.find("ends at '" + word + "'"), std::string::npos) << word << ": " << message;
  }
}

TEST(Ac3dGuard, ACountThatIsThereOrAWordThatOnlyEndsLikeOneIsRead) {
  const std::string whole = write_ac("whole", ac_seed_wall());
  EXPECT_EQ(testing::error_message([&] { check_ac3d_counts(whole); }), "");
  EXPECT_FALSE(load_scene(whole).triangles.empty());
  const std::string named = write_ac("named", ac_seed_wall() + "name \"nokids\"\nurl mykids");
  EXPECT_EQ(testing::error_message([&] { check_ac3d_counts(named); }), "");
}

TEST(Ac3dGuard, EveryCountItRefusesInsideTheWorldIsDeclinedByCrashbenchsParserAndLoadsAsTheGuardsError) {
  // A file crashbench's parser takes is read without the guard (scene_io.cpp), so every count the guard
  // refuses must make the parser decline; the load then gives the guard's error. Each tail is the world's
  // second kid (its "kids 1" made "kids 2"), then the world announcing two kids more than it has.
  const std::string wall = ac_seed_wall();
  const std::size_t world_kids = wall.find("kids 1\n");
  ASSERT_NE(world_kids, std::string::npos);
  std::vector<std::string> texts;
  for (const std::string tail :
       {"kids 2\nOBJECT poly\nkids 0\n", "kids 88888888888888888881\n", "numvert 3\n0 0 0\n0 0 0\n0 0",
        "data 9\n1234567", "numsurf -1\n", "kids \n\n", "numvert \n\n", "numsurf \n\n", "data \n\n"})
    texts.push_back(std::string(wall).replace(world_kids, 6, "kids 2") + "OBJECT poly\nname \"extra\"\n" + tail);
  texts.push_back(std::string(wall).replace(world_kids, 6, "kids 3"));
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string path = write_ac("refused-" + std::to_string(i), texts[i]);
    const std::string refused = testing::error_message([&] { check_ac3d_counts(path); });
    ASSERT_NE(refused, "") << texts[i];
    const Ac3dParse parsed = parse_ac3d(texts[i]);
    EXPECT_FALSE(parsed.model) << texts[i];
    const std::string loaded = testing::error_message([&] { (void)load_scene(path); });
    EXPECT_NE(loaded.find(refused.substr(refused.find("line "))), std::string::npos) << loaded << "\n" << refused;
  }
}

TEST(Ac3dGuard, ACountPastTheWorldObjectIsReadByNeitherReaderSoTheFileLoads) {
  // OSG's reader stops at the end of the world object too (osgconv 3.6.5 makes the same graph with and
  // without this tail); the guard, which reads every word, would refuse it.
  const std::string tail = "OBJECT poly\nkids 99999999\n";
  const std::string path = write_ac("count-past-the-world", ac_seed_wall() + tail);
  EXPECT_NE(testing::error_message([&] { check_ac3d_counts(path); }), "");
  const std::string plain = write_ac("plain-wall", ac_seed_wall());
  const Scene scene = load_scene(path);
  EXPECT_FALSE(scene.triangles.empty());
  EXPECT_EQ(scene.triangles.size(), load_scene(plain).triangles.size());
}

}  // namespace
}  // namespace crashbench
