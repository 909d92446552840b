// The EV5 reader: fields land where NHTSA's Test Reference Guide puts them, in SI; a bad header is one
// Error naming the file, the line and the field.
#include "validation/ev5_header.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "tests/validation/synthetic_test.hpp"

namespace crashbench {
namespace {

std::string header_text() {
  testing::SyntheticTest s = testing::balanced_test();
  return "----- TEST -----\nV5|T|O|D|L|C|R|RSV|VTV|CON|DRY|8|DDA|TEL|113.4|353|250|0|316|\n----- VEHICLE -----\n" +
         testing::vehicle_record(1, s.vehicles[0]) + "\n" + testing::vehicle_record(2, s.vehicles[1]) +
         "\n----- INSTRUMENTATION -----\n" + testing::channel_record(s, 1, 149, "VECG", "XG") + "\n";
}

std::string problem_of(const std::string& text) {
  try {
    parse_ev5(text, "t.EV5");
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "t.EV5");
    return e.pointer() + ": " + e.problem();
  }
  return "no error";
}

TEST(Ev5Header, FieldsInSiUnits) {
  const Ev5Header h = parse_ev5(header_text(), "t.EV5");
  EXPECT_EQ(h.test.configuration, "VTV");
  EXPECT_NEAR(h.test.closing_speed, 113.4 / 3.6, 1e-12);
  EXPECT_EQ(h.test.impact_angle_deg, 353);
  EXPECT_NEAR(h.test.offset, 0.25, 1e-12);
  ASSERT_EQ(h.vehicles.size(), 2u);
  EXPECT_EQ(h.vehicles[0].mass, 1500);
  EXPECT_NEAR(h.vehicles[0].wheelbase, 2.75, 1e-12);
  EXPECT_NEAR(h.vehicles[0].length, 5.0, 1e-12);
  EXPECT_NEAR(h.vehicles[0].width, 1.8, 1e-12);
  EXPECT_NEAR(h.vehicles[0].cg_behind_front_axle, 1.1, 1e-12);
  EXPECT_NEAR(h.vehicles[0].speed, 60 / 3.6, 1e-12);
  const Ev5Channel* c = h.channel(149);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->attachment, "VECG");
  EXPECT_EQ(c->axis, "XG");
  EXPECT_EQ(c->sample_count(), 2751);
  EXPECT_NEAR(c->interval, 80e-6, 1e-15);
}

TEST(Ev5Header, BadNumberNamesLineAndField) {
  std::string text = header_text();
  text.replace(text.find("113.4"), 5, "fast");
  const std::string p = problem_of(text);
  EXPECT_NE(p.find("line 2, TEST CLSSPD"), std::string::npos) << p;
  EXPECT_NE(p.find("a number, found \"fast\""), std::string::npos) << p;
}

TEST(Ev5Header, ShortRecordAndMissingSectionsAreErrors) {
  std::string text = header_text();
  text.replace(text.find("|353|250|0|316|"), 15, "|353|");
  EXPECT_NE(problem_of(text).find("at least 19"), std::string::npos);
  EXPECT_NE(problem_of("----- VEHICLE -----\n").find("TEST"), std::string::npos);
  EXPECT_NE(problem_of("V5|record before a section\n").find("SECTION"), std::string::npos);
  std::string orphan = header_text() + "7|150|AC|NA|VECG|YG|SEC|G'S|1650|M|D|2000|1|0|-250|2500|80|AM|P|X\n";
  EXPECT_NE(problem_of(orphan).find("VEHNO 7"), std::string::npos);
}

TEST(Ev5Header, OutOfRangeMassIsAnError) {
  std::string text = header_text();
  text.replace(text.find("|1500|"), 6, "|-5|");
  EXPECT_NE(problem_of(text).find("VEHTWT"), std::string::npos);
}

}  // namespace
}  // namespace crashbench
