// Where a case's record goes (inline or HDF5), and the percentiles and binned contacts results.json keeps
// when it goes to a file.
#include <gtest/gtest.h>

#include <map>

#include "core/error.hpp"
#include "reports/results/record_store.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_reader.hpp"
#include "tests/support/many_vehicles.hpp"

namespace crashbench {
namespace {

RunResult with_vehicles(std::size_t n, CaseStatus status = CaseStatus::kPassed) {
  RunResult r;
  r.status = status;
  r.tracks.resize(n);
  return r;
}

TEST(RecordStore, AutoSendsManyVehicleCasesToAFileAndKeepsSmallOnesInline) {
  EXPECT_EQ(trajectory_file_for(with_vehicles(2), TrajectoryMode::kAuto, 3), "");
  EXPECT_EQ(trajectory_file_for(with_vehicles(kManyVehicles - 1), TrajectoryMode::kAuto, 3), "");
  EXPECT_EQ(trajectory_file_for(with_vehicles(kManyVehicles), TrajectoryMode::kAuto, 3), "trajectories/case-000003.h5");
  EXPECT_EQ(trajectory_file_for(with_vehicles(2), TrajectoryMode::kH5, 12), "trajectories/case-000012.h5");
  EXPECT_EQ(trajectory_file_for(with_vehicles(kManyVehicles), TrajectoryMode::kJson, 3), "");
  EXPECT_EQ(trajectory_file_for(with_vehicles(2, CaseStatus::kError), TrajectoryMode::kH5, 3), "");
  EXPECT_EQ(parse_trajectory_mode("h5"), TrajectoryMode::kH5);
  EXPECT_THROW(parse_trajectory_mode("hdf5"), Error);
}

TEST(RecordStore, SampledVehiclesAreSpreadOverTheWholeFleet) {
  const auto all = sampled_vehicles(3);
  EXPECT_EQ(all, (std::vector<std::size_t>{0, 1, 2}));
  const auto some = sampled_vehicles(10000);
  ASSERT_EQ(some.size(), kSampledTrajectories);
  EXPECT_EQ(some.front(), 0u);
  EXPECT_GT(some.back(), 10000u * (kSampledTrajectories - 1) / kSampledTrajectories - 1);
  for (std::size_t k = 1; k < some.size(); ++k) EXPECT_GT(some[k], some[k - 1]);
}

TEST(RecordStore, PercentilesAreNearestRankOnHandValues) {
  std::vector<double> values;
  for (int v = 20; v >= 1; --v) values.push_back(v);  // 20 values, reversed: the function sorts
  const auto p = percentiles_json(values);
  // Nearest rank: the ceil(q n)-th smallest of n = 20.
  EXPECT_EQ(p["p5"], 1.0);
  EXPECT_EQ(p["p25"], 5.0);
  EXPECT_EQ(p["p50"], 10.0);
  EXPECT_EQ(p["p75"], 15.0);
  EXPECT_EQ(p["p95"], 19.0);
  EXPECT_EQ(p["max"], 20.0);
  std::vector<double> none;
  EXPECT_TRUE(percentiles_json(none).empty());
}

TEST(RecordStore, ContactSummaryCountsEveryEventOnceInEachBinning) {
  const RunResult& r = testing::many_vehicles_run();
  ASSERT_GE(r.events.size(), 60u) << "each of the 60 pairs should collide: nothing to bin";
  const auto s = contact_summary_json(r);
  long long plan = 0, over_time = 0;
  for (const auto& row : s["plan"]["counts"]) {
    EXPECT_EQ(row.size(), static_cast<std::size_t>(kDensityCells));
    for (const auto& n : row) plan += n.get<long long>();
  }
  for (const auto& n : s["over_time"]["counts"]) over_time += n.get<long long>();
  EXPECT_EQ(plan, static_cast<long long>(r.events.size()));
  EXPECT_EQ(over_time, static_cast<long long>(r.events.size()));
  // Events per vehicle counted here by hand, as either vehicle of the event.
  std::map<int, int> per_vehicle;
  for (const auto& e : r.events) {
    ++per_vehicle[e.contact.vehicle];
    if (e.contact.other >= 0) ++per_vehicle[e.contact.other];
  }
  int most = 0;
  for (const auto& [v, n] : per_vehicle) most = std::max(most, n);
  EXPECT_EQ(s["per_vehicle"]["max"], static_cast<double>(most));
}

TEST(RecordStore, SpeedPercentilesBracketEverySampledVehicle) {
  const RunResult& r = testing::many_vehicles_run();
  const auto s = trajectory_summary_json(r);
  EXPECT_EQ(s["vehicles"], r.tracks.size());
  const auto& over_time = s["speed_over_time"];
  ASSERT_EQ(over_time["p50"].size(), r.sample_times.size());
  for (std::size_t i = 0; i < r.sample_times.size(); ++i) {
    double lo = 1e300, hi = 0;
    for (const auto& t : r.tracks) lo = std::min(lo, t.states[i].velocity_W.norm()), hi = std::max(hi, t.states[i].velocity_W.norm());
    EXPECT_EQ(over_time["max"][i].get<double>(), hi);
    EXPECT_GE(over_time["p5"][i].get<double>(), lo);
    EXPECT_LE(over_time["p5"][i].get<double>(), over_time["p50"][i].get<double>());
  }
  // Every car starts at 15-20 m/s (the layout's speeds): the first sample's percentiles lie there.
  EXPECT_GE(over_time["p5"][0].get<double>(), 15.0);
  EXPECT_LT(over_time["max"][0].get<double>(), 20.0);
}

/// A results document of the many-vehicle run with its record in a file, as results.json holds it.
nlohmann::json file_backed_results() {
  nlohmann::json c = to_json(testing::many_vehicles_run(), "trajectories/case-000000.h5");
  c["index"] = 0;
  return {{"format", kResultsFormat}, {"cases", nlohmann::json::array({c})}};
}

TEST(RecordStore, ResultsKeepSampledVehiclesAndSummariesThatReadBack) {
  const ResultsFile back = parse_results(file_backed_results(), "results.json");
  const CaseRecord& c = back.cases.at(0);
  EXPECT_TRUE(c.aggregated());
  EXPECT_EQ(c.trajectory_file, "trajectories/case-000000.h5");
  EXPECT_EQ(c.raw["trajectory"]["vehicles"].size(), kSampledTrajectories);
  EXPECT_TRUE(c.raw["events"].empty());
  EXPECT_EQ(c.raw["events_count"], testing::many_vehicles_run().events.size());
}

TEST(RecordStore, AMalformedSummaryIsAnErrorNamingItsField) {
  for (const std::string pointer : {"/cases/0/contacts/per_vehicle/p50", "/cases/0/trajectory/summary/speed_over_time/p95/0",
                                    "/cases/0/contacts/over_time/end", "/cases/0/trajectory/vehicles/0/index"}) {
    nlohmann::json doc = file_backed_results();
    doc[nlohmann::json::json_pointer(pointer)] = "many";
    try {
      parse_results(doc, "results.json");
      ADD_FAILURE() << "no Error for " << pointer;
    } catch (const Error& e) {
      EXPECT_EQ(e.pointer(), pointer) << e.what();
    }
  }
}

}  // namespace
}  // namespace crashbench
