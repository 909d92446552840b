// Reading TORCS track definitions (detectors/scenes/torcs/torcs_track_xml.hpp): segments and units as read,
// the DOCTYPE's external entity skipped unread, and one clear error per kind of bad input, naming the
// file, the segment with its line and the field.
#include <gtest/gtest.h>

#include <fstream>

#include "core/units.hpp"
#include "detectors/scenes/torcs/torcs_track_xml.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/torcs_definition.hpp"

namespace crashbench {
namespace {

std::string write_definition(const std::string& name, const std::string& text) {
  const std::string path = (testing::temp_folder("torcs-xml") / (name + ".xml")).string();
  std::ofstream(path) << text;
  return path;
}

std::string read_error(const std::string& name, const std::string& text) {
  const std::string path = write_definition(name, text);
  return testing::error_message([&] { read_torcs_track(path); });
}

TEST(TorcsTrackXml, ReadsSegmentsInSiUnitsAndSkipsTheExternalEntity) {
  // The entity names a file that does not exist: read, it would fail; skipped, the track reads.
  const std::string path = write_definition("two", testing::torcs_definition(
      12, {testing::torcs_straight("start", 50), testing::torcs_curve("bend", "rgt", 30, 45,
                                                                       "<attnum name=\"profil steps\" val=\"4\"/>\n")}));
  EXPECT_TRUE(has_torcs_main_track(path));
  const TorcsTrack track = read_torcs_track(path);
  EXPECT_EQ(track.width, 12.0);
  ASSERT_EQ(track.segments.size(), 2u);
  EXPECT_EQ(track.segments[0].name, "start");
  EXPECT_EQ(track.segments[0].type, TorcsSegment::Type::kStraight);
  EXPECT_EQ(track.segments[0].length, 50.0);
  const TorcsSegment& bend = track.segments[1];
  EXPECT_EQ(bend.type, TorcsSegment::Type::kRight);
  EXPECT_EQ(bend.radius, 30.0);
  EXPECT_EQ(bend.end_radius, 30.0);
  EXPECT_NEAR(bend.arc, 45 * kDegToRad, 1e-15);
  EXPECT_EQ(bend.steps, 4);
  EXPECT_GT(bend.line, 0);
}

TEST(TorcsTrackXml, AnExternalEntityIsNeitherReadNorFetched) {
  // The entity names a file that exists and is not XML, then a URL: read, either would fail the parse.
  const std::string broken = (testing::temp_folder("torcs-xml") / "broken-surfaces.xml").string();
  std::ofstream(broken) << "<not xml";
  std::string text = testing::torcs_definition(12, {testing::torcs_straight("start", 50)});
  for (const std::string& target : {broken, std::string("http://127.0.0.1:9/surfaces.xml")}) {
    std::string pointed = text;
    pointed.replace(pointed.find("/nonexistent/surfaces.xml"), 25, target);
    EXPECT_EQ(read_torcs_track(write_definition("entity", pointed)).segments.size(), 1u) << target;
  }
}

TEST(TorcsTrackXml, ACurvesStepsComeFromTheStepLengthWhenNotGiven) {
  // TORCS: (length / step length) + 1 steps, the segment's step length before the main track's.
  const std::string main_step = "<attnum name=\"profil steps length\" unit=\"m\" val=\"4\"/>\n";
  const std::string own_step = "<attnum name=\"profil steps length\" unit=\"m\" val=\"10\"/>\n";
  const TorcsTrack track = read_torcs_track(write_definition("steps", testing::torcs_definition(
      10, {testing::torcs_curve("a", "lft", 20, 90), testing::torcs_curve("b", "lft", 20, 90, own_step),
           testing::torcs_curve("c", "lft", 20, 90, "<attstr name=\"profil\" val=\"linear\"/>\n")}, main_step)));
  // Each is 20 x pi / 2 = 31.4 m long: 7 + 1 steps of 4 m, 3 + 1 of 10 m; a linear profile is one step.
  EXPECT_EQ(track.segments[0].steps, 8);
  EXPECT_EQ(track.segments[1].steps, 4);
  EXPECT_EQ(track.segments[2].steps, 1);
}

TEST(TorcsTrackXml, BadInputIsOneClearErrorNamingTheFileSegmentAndField) {
  const auto expect_error = [](const std::string& name, const std::string& text, const std::string& expected) {
    const std::string message = read_error(name, text);
    EXPECT_NE(message.find(name + ".xml"), std::string::npos) << message;
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  };
  const auto one = [](const std::string& segment) { return testing::torcs_definition(10, {segment}); };
  expect_error("missing", "", "not a TORCS track definition");
  EXPECT_NE(testing::error_message([] { read_torcs_track("/nonexistent/track.xml"); }).find(
                "/nonexistent/track.xml: cannot open the track definition"), std::string::npos);
  expect_error("no-main", "<params><section name=\"Header\"/></params>", "no \"Main Track\" section");
  expect_error("no-segments", "<params><section name=\"Main Track\"><attnum name=\"width\" val=\"10\"/></section></params>",
               "no segments");
  expect_error("no-length", one("<section name=\"s1\"><attstr name=\"type\" val=\"str\"/></section>\n"),
               "segment 's1' (line 10): 'lg' is missing");
  expect_error("no-arc", one("<section name=\"t1\"><attstr name=\"type\" val=\"lft\"/>"
                             "<attnum name=\"radius\" val=\"10\"/></section>\n"),
               "segment 't1' (line 10): 'arc' is missing");
  expect_error("no-type", one("<section name=\"t2\"><attnum name=\"lg\" val=\"10\"/></section>\n"),
               "segment 't2' (line 10): 'type' is missing");
  expect_error("bad-type", one("<section name=\"t3\"><attstr name=\"type\" val=\"left\"/></section>\n"),
               "expected str, lft or rgt, got 'left'");
  expect_error("bad-unit", one(testing::torcs_straight("s2", 3, "furlong")),
               "segment 's2' (line 10): 'lg' (line 12): unknown unit 'furlong'");
  expect_error("nan", one("<section name=\"s3\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"nan\"/></section>\n"),
               "'lg' (line 10): expected a finite number, got 'nan'");
  expect_error("negative", one(testing::torcs_curve("t4", "rgt", -5, 90)), "segment 't4' (line 10): 'radius': expected > 0");
  expect_error("huge", one(testing::torcs_straight("s5", 1e300)), "segment 's5' (line 10): 'lg': expected > 0 and at most 100000");
  std::vector<std::string> long_lap;
  for (int i = 0; i < 11; ++i) long_lap.push_back(testing::torcs_straight(fmt::format("s{}", i), 1e5));
  expect_error("long-lap", testing::torcs_definition(10, long_lap), "segment 's10' (line 50): the main track exceeds 1e+06 m");
  std::string deep = "<params>";
  for (int i = 0; i < 40; ++i) deep += "<section name=\"n\">\n";
  expect_error("deep", deep, "line 33: sections nested more than 32 deep");
  expect_error("as-string", one("<section name=\"s4\"><attstr name=\"type\" val=\"str\"/><attstr name=\"lg\" val=\"5\"/></section>\n"),
               "'lg' (line 10): expected a number (attnum)");
}

}  // namespace
}  // namespace crashbench
