// The SUMO readers on bad files: each problem is one Error naming the file, the element (or entity
// declaration) and its line, as found in the test's own text.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"
#include "tests/support/sumo_text.hpp"

namespace crashbench::sumo {
namespace {

using testing::error_of;
using testing::expect_error;
using testing::line_of;
using testing::with_attribute;
using testing::write_sumo_file;

/// Each reader with the root it wants and an element it reads.
struct SumoReader {
  const char* name;
  const char* root;
  const char* row;
  void (*read)(const std::string& path);
};
const SumoReader kSumoReaders[] = {
    {"fcd", "fcd-export", R"(<timestep time="1.0"/>)", [](const std::string& p) { testing::read_whole_fcd(p); }},
    {"vtypes", "routes", R"(<vType id="car"/>)", [](const std::string& p) { (void)read_vehicle_types(p); }},
    {"collisions", "collisions", R"(<collision time="1" collider="a" victim="b" colliderSpeed="1" victimSpeed="2"/>)",
     [](const std::string& p) { (void)read_collisions(p); }},
    {"network", "net", R"(<location netOffset="0.00,0.00" convBoundary="0.00,0.00,1.00,1.00" origBoundary="0.00,0.00,1.00,1.00"/>)",
     [](const std::string& p) { (void)read_net_location(p); }},
};

/// Expects reading `text` to fail at the <element> that holds `needle`, naming `key` ("" for the element
/// itself), with a problem that says `says`.
void expect_refused(void (*read)(const std::string&), const std::string& text, std::string_view element,
                    std::string_view needle, std::string_view key, std::string_view says) {
  const std::string path = write_sumo_file("refused.xml", text);
  expect_error(error_of([&] { read(path); }), path, xml_where(element, line_of(text, needle), key), says);
}

/// An attribute's value and what the Error about it must say.
struct BadValue {
  const char* key;
  const char* value;
  std::string says;
};

/// One FCD timestep holding `rows`.
std::string fcd_timestep(const std::string& rows) {
  return testing::fcd_text("    <timestep time=\"0.00\">\n" + rows + "    </timestep>\n");
}

constexpr const char* kFcdRow =
    R"(        <vehicle id="v0" x="1.60" y="14.2050" angle="180.00" type="car" speed="13.89" pos="5.10" lane="A0A1_0"/>
)";

TEST(SumoFilesErrors, EveryReaderRefusesXmlCutShortNamingTheOpenElementAndWhereTheFileEnds) {
  for (const SumoReader& reader : kSumoReaders) {
    SCOPED_TRACE(reader.name);
    const std::string complete = fmt::format("<{}>\n  {}\n</{}>\n", reader.root, reader.row, reader.root);
    const std::string in_a_tag = complete.substr(0, complete.find(reader.row) + 8);
    const std::string after_a_row = complete.substr(0, complete.rfind("</"));
    for (const std::string& text : {in_a_tag, after_a_row}) {
      const std::string path = write_sumo_file(fmt::format("cut.{}.xml", reader.name), text);
      const int last_line = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
      expect_error(error_of([&] { reader.read(path); }), path, fmt::format("<{}> (line 1)", reader.root),
                   fmt::format("the file ends at line {}", last_line));
    }
    const std::string path = write_sumo_file(fmt::format("empty.{}.xml", reader.name), "");
    expect_error(error_of([&] { reader.read(path); }), path, "line 1", "before a root element");
  }
}

TEST(SumoFilesErrors, EveryReaderRefusesABillionLaughsAndAnExternalEntityAtTheFirstDeclaration) {
  // {0}: the reader's root. The bomb's first entity is refused before any is expanded.
  const std::string laughs = R"(<?xml version="1.0"?>
<!DOCTYPE {0} [
  <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
]>
<{0} note="&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"/>
)";
  const std::string external = R"(<?xml version="1.0"?>
<!DOCTYPE {0} [
  <!ENTITY secret SYSTEM "file:///etc/passwd">
]>
<{0} note="&secret;"/>
)";
  for (const SumoReader& reader : kSumoReaders) {
    for (const auto& [form, entity] : {std::pair{laughs, "a"}, std::pair{external, "secret"}}) {
      SCOPED_TRACE(fmt::format("{}, entity {}", reader.name, entity));
      const std::string text = fmt::format(fmt::runtime(form), reader.root);
      const std::string path = write_sumo_file(fmt::format("entity.{}.xml", reader.name), text);
      expect_error(error_of([&] { reader.read(path); }), path,
                   fmt::format("<!ENTITY {}> (line {})", entity, line_of(text, fmt::format("<!ENTITY {} ", entity))),
                   "an entity declaration");
    }
  }
}

TEST(SumoFilesErrors, EveryReaderRefusesAnotherRootAndXmlThatIsNotWellFormed) {
  for (const SumoReader& reader : kSumoReaders) {
    SCOPED_TRACE(reader.name);
    const std::string other_root = "<!-- a SUMO configuration -->\n<configuration>\n</configuration>\n";
    std::string path = write_sumo_file(fmt::format("configuration.{}.xml", reader.name), other_root);
    expect_error(error_of([&] { reader.read(path); }), path, "<configuration> (line 2)", "found <configuration>");

    const std::string crossed = fmt::format("<{}>\n  <a><b></a></b>\n</{}>\n", reader.root, reader.root);
    path = write_sumo_file(fmt::format("crossed.{}.xml", reader.name), crossed);
    expect_error(error_of([&] { reader.read(path); }), path, "<b> (line 2)", "not well-formed XML at line 2");
  }
}

TEST(SumoFilesErrors, EveryReaderRefusesElementsNestedTooDeep) {
  for (const SumoReader& reader : kSumoReaders) {
    SCOPED_TRACE(reader.name);
    std::string text = fmt::format("<{}>\n", reader.root);
    for (int depth = 1; depth <= kDeepestXml; ++depth) text += fmt::format("<level{}>\n", depth);
    const std::string path = write_sumo_file(fmt::format("deep.{}.xml", reader.name), text);
    expect_error(error_of([&] { reader.read(path); }), path,
                 fmt::format("<level{0}> (line {1})", kDeepestXml, kDeepestXml + 1), "nested more than");
  }
}

TEST(SumoFilesErrors, EveryReaderNamesAFileItCannotOpenOrRead) {
  for (const SumoReader& reader : kSumoReaders) {
    SCOPED_TRACE(reader.name);
    const std::string missing = (testing::temp_folder("sumo-files") / "no-such-file.xml").string();
    expect_error(error_of([&] { reader.read(missing); }), missing, "", "cannot open it");
    const std::string folder = testing::temp_folder("sumo-files").string();
    expect_error(error_of([&] { reader.read(folder); }), folder, "", "cannot read it");
  }
}

TEST(SumoFilesErrors, EveryReaderReadsItsFileGzippedAndNamesOneCutShort) {
  // SUMO gzips an output whose name ends in .gz; zlib reads that and, transparently, a plain file.
  for (const SumoReader& reader : kSumoReaders) {
    SCOPED_TRACE(reader.name);
    const std::string complete = fmt::format("<{}>\n  {}\n</{}>\n", reader.root, reader.row, reader.root);
    const std::string gz = testing::write_gzipped_sumo_file(fmt::format("whole.{}.xml.gz", reader.name), complete);
    EXPECT_NO_THROW(reader.read(gz));
    std::ifstream in(gz, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string cut = write_sumo_file(fmt::format("cut.{}.xml.gz", reader.name), bytes.substr(0, bytes.size() / 2));
    const Error e = error_of([&] { reader.read(cut); });
    EXPECT_EQ(e.file(), cut);
    const std::string said = e.what();
    EXPECT_TRUE(said.find("cannot read it") != said.npos || said.find("the file ends") != said.npos) << said;
  }
}

TEST(SumoFcdErrors, AMissingAttributeIsNamedWithItsElementAndLine) {
  expect_refused(kSumoReaders[0].read, fcd_timestep(with_attribute(kFcdRow, "id", std::nullopt)), "vehicle",
                 "<vehicle", "id", "missing");
  // The pose's four name the SUMO option that leaves them out.
  for (const char* key : {"x", "y", "angle", "speed"}) {
    SCOPED_TRACE(key);
    expect_refused(kSumoReaders[0].read, fcd_timestep(with_attribute(kFcdRow, key, std::nullopt)), "vehicle",
                   "<vehicle", key, "missing: expected every vehicle row with x, y, angle and speed, as SUMO writes "
                   "them (its --fcd-output.attributes, if given, must name all four)");
  }
  expect_refused(kSumoReaders[0].read, testing::fcd_text("    <timestep>\n    </timestep>\n"), "timestep", "<timestep>",
                 "time", "missing");
}

TEST(SumoFcdErrors, ANumberMustBeTheWholeTextFiniteAndWithinItsRange) {
  const BadValue bad_values[] = {
      {"x", "nan", "expected a finite number, got 'nan'"},
      {"y", "inf", "expected a finite number, got 'inf'"},
      {"angle", "-inf", "expected a finite number, got '-inf'"},
      {"speed", "1e999", "expected a finite number, got '1e999'"},
      {"x", "1.5m", "got '1.5m'"},
      {"y", " 2.0", "got ' 2.0'"},
      {"angle", "0x10", "got '0x10'"},
      {"x", "", "got ''"},
      {"x", "-1.5e7", fmt::format("expected |x| <= {:g} m", kLargestCoordinate)},
      {"y", "10000000.5", fmt::format("expected |y| <= {:g} m", kLargestCoordinate)},
      {"speed", "-0.10", "expected a speed >= 0 m/s, got '-0.10'"},
      {"id", "", "empty"},
  };
  for (const BadValue& bad : bad_values) {
    SCOPED_TRACE(fmt::format("{}=\"{}\"", bad.key, bad.value));
    expect_refused(kSumoReaders[0].read, fcd_timestep(with_attribute(kFcdRow, bad.key, bad.value)), "vehicle",
                   "<vehicle", bad.key, bad.says);
  }
  expect_refused(kSumoReaders[0].read, testing::fcd_text("    <timestep time=\"nan\"/>\n"), "timestep", "<timestep",
                 "time", "got 'nan'");
  // Not a time as SUMO's --human-readable-time writes it: minutes or seconds past 59, too few or many parts,
  // hours past 23 after days, a part that is no number.
  for (const char* bad : {"00:60:00", "00:00:60.00", "01:00", "1:2:3:4:5", "1:24:00:00", "00:0x:00", "00:00:-1",
                          "00::00", "-1:00:00"}) {
    SCOPED_TRACE(bad);
    expect_refused(kSumoReaders[0].read, testing::fcd_text(fmt::format("    <timestep time=\"{}\"/>\n", bad)),
                   "timestep", "<timestep", "time",
                   fmt::format("as SUMO's --human-readable-time writes it ([D:]HH:MM:SS.ss), got '{}'", bad));
  }
}

TEST(SumoFcdErrors, ATimeNotAfterThePreviousTimestepsIsRefusedAfterThatTimestepWasRead) {
  for (const char* second : {"1.50", "2.00"}) {
    SCOPED_TRACE(second);
    const std::string text =
        testing::fcd_text(fmt::format("    <timestep time=\"2.00\"/>\n    <timestep time=\"{}\"/>\n", second));
    const std::string path = write_sumo_file("backwards.fcd.xml", text);
    FcdReader reader(path);
    FcdFrame frame;
    ASSERT_TRUE(reader.next(frame));
    expect_error(error_of([&] { reader.next(frame); }), path,
                 xml_where("timestep", line_of(text, "time=\"2.00\"") + 1, "time"),
                 fmt::format("(line {}), got '{}'", line_of(text, "time=\"2.00\""), second));
  }
}

TEST(SumoFcdErrors, AnIdTwiceInOneTimestepNamesBothLines) {
  const std::string text = fcd_timestep(with_attribute(kFcdRow, "id", "b") + with_attribute(kFcdRow, "id", "a") +
                                        with_attribute(kFcdRow, "id", "c") + with_attribute(kFcdRow, "id", "b"));
  const std::string path = write_sumo_file("twice.fcd.xml", text);
  const int first = line_of(text, R"(id="b")");
  const int again = line_of(text, R"(id="c")") + 1;
  expect_error(
      error_of([&] { testing::read_whole_fcd(path); }), path, xml_where("vehicle", again, "id"),
      fmt::format("'b' again in the timestep of line {}: expected each id once, and the vehicle of line {} has it",
                  line_of(text, "<timestep"), first));
}

TEST(SumoFcdErrors, RowsOutsideATimestepAndTimestepsInsideOneAreRefused) {
  const auto read = kSumoReaders[0].read;
  expect_refused(read, testing::fcd_text(kFcdRow), "vehicle", "<vehicle", "",
                 "inside <fcd-export>: expected each <vehicle>");
  expect_refused(read, testing::fcd_text(R"(    <person id="p0" x="1.0" y="2.0" angle="0" speed="1"/>
)"),
                 "person", "<person", "", "inside <fcd-export>: expected each <person>");
  expect_refused(read,
                 fcd_timestep("        <container id=\"c0\">\n" + std::string(kFcdRow) + "        </container>\n"),
                 "vehicle", "<vehicle", "", "inside <container>");
  expect_refused(read, fcd_timestep("        <timestep time=\"1.00\"/>\n"), "timestep", "<timestep time=\"1.00\"", "",
                 "inside <timestep>: expected each <timestep> directly inside <fcd-export>");
}

TEST(SumoVehicleTypesErrors, AnIdMissingOrSeenBeforeOrADimensionOutOfRangeIsRefused) {
  const auto read = kSumoReaders[1].read;
  const auto routes = [](const std::string& rows) { return "<routes>\n" + rows + "</routes>\n"; };
  expect_refused(read, routes("  <vType length=\"4\"/>\n"), "vType", "<vType", "id", "missing");
  const std::string twice = routes(
      "  <vType id=\"car\"/>\n  <vTypeDistribution id=\"d\">\n    <vType id=\"car\" width=\"2\"/>\n  "
      "</vTypeDistribution>\n");
  expect_refused(read, twice, "vType", R"(<vType id="car" width)", "id",
                 fmt::format("the vType of line {} has it", line_of(twice, "<vType")));
  const BadValue bad_values[] = {
      {"length", "0", "a length in (0, 100] m, got '0'"},
      {"length", "150", "got '150'"},
      {"width", "-1.8", "a width in (0, 100] m"},
      {"width", "nan", "finite number"},
      {"mass", "0", "a mass in (0, 1e6] kg, got '0'"},
      {"mass", "2e6", "got '2e6'"},
      {"mass", "inf", "finite number"},
  };
  for (const BadValue& bad : bad_values) {
    SCOPED_TRACE(fmt::format("{}=\"{}\"", bad.key, bad.value));
    expect_refused(read, routes(fmt::format("  <vType id=\"t\" {}=\"{}\"/>\n", bad.key, bad.value)), "vType", "<vType",
                   bad.key, bad.says);
  }
}

constexpr const char* kCollisionRow =
    R"(  <collision time="19.700" type="junction" lane=":B1_9_0" pos="7.1810" collider="51" victim="43" colliderType="car" victimType="car" colliderSpeed="3.6146" victimSpeed="4.1686"/>
)";

TEST(SumoCollisionsErrors, AMissingOrNonFiniteValueOrOneVehicleTwiceIsRefused) {
  const auto read = kSumoReaders[2].read;
  const auto collisions = [](const std::string& rows) { return "<collisions>\n" + rows + "</collisions>\n"; };
  for (const char* key : {"time", "collider", "victim", "colliderSpeed", "victimSpeed"}) {
    SCOPED_TRACE(key);
    expect_refused(read, collisions(with_attribute(kCollisionRow, key, std::nullopt)), "collision", "<collision ", key,
                   "missing");
  }
  for (const auto& [key, value] : {std::pair{"time", "1e999"}, {"colliderSpeed", "nan"}, {"victimSpeed", "-inf"}}) {
    SCOPED_TRACE(key);
    expect_refused(read, collisions(with_attribute(kCollisionRow, key, value)), "collision", "<collision ", key,
                   fmt::format("expected a finite number, got '{}'", value));
  }
  expect_refused(read, collisions(with_attribute(kCollisionRow, "victim", "51")), "collision", "<collision ", "victim",
                 "expected a vehicle other than the collider, got '51'");
  expect_refused(read, collisions("  <interval>\n  " + std::string(kCollisionRow) + "  </interval>\n"), "collision",
                 "<collision ", "", "inside <interval>");
}

TEST(SumoCollisionsErrors, ATimeBeforeThePreviousCollisionsIsRefused) {
  const std::string text = "<collisions>\n" + std::string(kCollisionRow) +
                           with_attribute(kCollisionRow, "time", "19.699") + "</collisions>\n";
  expect_refused(kSumoReaders[2].read, text, "collision", R"(time="19.699")", "time",
                 fmt::format("(line {}), got '19.699'", line_of(text, R"(time="19.700")")));
}

TEST(SumoNetErrors, AnOffsetNotOfTwoNumbersAndNoLocationOrTwoAreRefused) {
  const auto read = kSumoReaders[3].read;
  const std::string location = kSumoReaders[3].row;
  const auto net = [](const std::string& rows) { return "<net version=\"1.16\">\n  " + rows + "\n</net>\n"; };
  for (const char* value : {"1.00", "1,2,3", "1;2", "nan,0", "1,", ",1"}) {
    SCOPED_TRACE(value);
    expect_refused(read, net(with_attribute(location, "netOffset", value)), "location", "<location", "netOffset",
                   fmt::format("expected 2 finite numbers separated by commas, got '{}'", value));
  }
  expect_refused(read, net(with_attribute(location, "netOffset", std::nullopt)), "location", "<location", "netOffset",
                 "missing");
  const std::string path = write_sumo_file("no-location.net.xml", net("<edge id=\"e\"/>"));
  expect_error(error_of([&] { read(path); }), path, "<net>", "no <location>");
  const std::string second = with_attribute(location, "netOffset", "5.00,5.00");
  expect_refused(read, net(location + "\n  " + second), "location", R"(netOffset="5.00)", "",
                 "a second <location>: expected one, and line 2 has it");
}

}  // namespace
}  // namespace crashbench::sumo
