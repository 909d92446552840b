// The run summary's SUMO lines: counts as given, and the warning only when types were sized by default.
#include <gtest/gtest.h>

#include "reports/sumo_text.hpp"

namespace crashbench {
namespace {

SumoComparison comparison() {
  SumoComparison s;
  s.vehicles = 7;
  s.released = 3;
  s.episodes.resize(2);
  s.episodes[0].matched = true;
  for (const auto kind : {SumoExtraContact::Kind::kUnreported, SumoExtraContact::Kind::kSecondary,
                          SumoExtraContact::Kind::kSecondary, SumoExtraContact::Kind::kScene})
    s.extra.push_back({kind, "a", "b", 1.0, "why"});
  return s;
}

TEST(SumoSummary, CountsEpisodesContactsByKindAndReleasedVehicles) {
  const std::string text = sumo_summary(comparison());
  EXPECT_NE(text.find("2 collision episodes, 1 matched"), std::string::npos) << text;
  EXPECT_NE(text.find("4 contacts SUMO did not report (1 unreported, 2 secondary, 1 scene)"), std::string::npos) << text;
  EXPECT_NE(text.find("3 of 7 vehicles released"), std::string::npos) << text;
  EXPECT_EQ(text.find("warning"), std::string::npos) << text;
  EXPECT_EQ(text.find("person"), std::string::npos) << text;
  EXPECT_EQ(text.find("container"), std::string::npos) << text;
}

TEST(SumoSummary, SaysHowManyPersonRowsWereIgnored) {
  SumoComparison s = comparison();
  s.persons = 140993;
  s.person_collision_rows = 12;
  const std::string text = sumo_summary(s);
  EXPECT_NE(text.find("140993 <person> rows of the FCD and 12 collision rows with a person ignored"), std::string::npos)
      << text;
}

TEST(SumoSummary, SaysHowManyContainerRowsWereIgnored) {
  SumoComparison s = comparison();
  s.containers = 3071;
  const std::string text = sumo_summary(s);
  EXPECT_NE(text.find("3071 <container> rows of the FCD ignored"), std::string::npos) << text;
  EXPECT_EQ(text.find("person"), std::string::npos) << text;
}

TEST(SumoSummary, WarnsNamingEveryTypeSizedByDefault) {
  SumoComparison s = comparison();
  s.defaulted_types = {"bus", "truck"};
  const std::string text = sumo_summary(s);
  EXPECT_NE(text.find("warning: "), std::string::npos) << text;
  EXPECT_NE(text.find("'bus', 'truck'"), std::string::npos) << text;
}

}  // namespace
}  // namespace crashbench
