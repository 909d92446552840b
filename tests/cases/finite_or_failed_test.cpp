// Finite or failed: inputs beyond what a car can have are refused with the bound; a non-finite value in a
// run stops it at that step with the field named; an impact with nothing checked does not pass.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "core/physical_bounds.hpp"
#include "reports/results/results_json.hpp"
#include "tests/support/error_message.hpp"

namespace crashbench {
namespace {

/// One sedan driving south into the straight wall at 13.4 m/s (Knight's head-on at 30 mph).
nlohmann::json head_on() {
  return {{"name", "head-on"}, {"scene", "straight-wall"}, {"response", {{"model", "restitution"}}},
          {"application", "reset"}, {"dt", 0.005}, {"duration", 1.0},
          {"vehicles", {{{"params", "sedan"}, {"position", {100.0, 7.25}}, {"heading_deg", -90}, {"speed", 13.4}}}}};
}

std::string load_error(const nlohmann::json& doc) {
  return testing::error_message([&] { parse_case(doc, "big.json"); });
}

TEST(PhysicalBounds, InputsBeyondACarAreRefusedWithTheBoundAndTheField) {
  struct Input {
    nlohmann::json::json_pointer pointer;
    nlohmann::json value;
    std::string bound;
  };
  const std::vector<Input> inputs = {
      {"/vehicles/0/speed"_json_pointer, 1e308, nlohmann::json(bounds::kSpeed).dump() + " m/s"},
      {"/vehicles/0/speed"_json_pointer, -1e308, nlohmann::json(bounds::kSpeed).dump() + " m/s"},
      {"/vehicles/0/drive_force"_json_pointer, 1e308, nlohmann::json(bounds::kForce).dump() + " N"},
      {"/vehicles/0/yaw_rate_deg_s"_json_pointer, 1e9, "deg/s"},
      {"/vehicles/0/params"_json_pointer, {{"preset", "sedan"}, {"mass", 1e308}}, nlohmann::json(bounds::kMass).dump() + " kg"},
      {"/vehicles/0/params"_json_pointer, {{"preset", "sedan"}, {"yaw_inertia", 1e300}}, "kg m^2"},
      {"/vehicles/0/params"_json_pointer, {{"preset", "sedan"}, {"width", 1e6}}, nlohmann::json(bounds::kWidth).dump() + " m"},
      {"/vehicles/0/params"_json_pointer, {{"preset", "sedan"}, {"cg_to_front", 1e6}}, "m"},
      {"/vehicles/0/params"_json_pointer, {{"preset", "sedan"}, {"road_mu", 1e6}}, nlohmann::json(bounds::kRoadMu).dump()},
  };
  for (const Input& in : inputs) {
    nlohmann::json doc = head_on();
    doc[in.pointer] = in.value;
    const std::string error = load_error(doc);
    EXPECT_NE(error.find("big.json: " + in.pointer.to_string()), std::string::npos) << error;
    EXPECT_NE(error.find("at most"), std::string::npos) << error;
    EXPECT_NE(error.find(in.bound), std::string::npos) << error;
  }
  nlohmann::json velocity = head_on();
  velocity["vehicles"][0].erase("speed");
  velocity["vehicles"][0]["velocity"] = {1e200, 1e200};
  EXPECT_NE(load_error(velocity).find("/vehicles/0/velocity: expected a speed of at most"), std::string::npos);
  // At the bounds themselves the case loads.
  nlohmann::json fastest = head_on();
  fastest["vehicles"][0]["speed"] = bounds::kSpeed;
  EXPECT_EQ(load_error(fastest), "");
}

TEST(PhysicalBounds, ANumberTooLargeForADoubleIsRefusedAsNotJson) {
  const std::string path = ::testing::TempDir() + "overflow.json";
  std::ofstream(path) << R"({"name": "x", "vehicles": [{"speed": 1e400}]})";
  try {
    expand_input_file(path);
    ADD_FAILURE() << "1e400 was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("overflow.json"), std::string::npos) << e.what();
    // The parser names the field and what a double can hold.
    EXPECT_NE(std::string(e.what()).find("/vehicles/0/speed"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("a double can hold"), std::string::npos) << e.what();
  }
}

/// No number in `doc` is null, NaN or infinite (NaN and inf are written as strings).
void expect_only_numbers(const nlohmann::json& doc, const std::string& where = "") {
  if (doc.is_structured()) {
    for (auto it = doc.begin(); it != doc.end(); ++it)
      expect_only_numbers(*it, where + "/" + (doc.is_object() ? it.key() : "[]"));
    return;
  }
  EXPECT_FALSE(doc.is_null()) << where;
  if (doc.is_number_float()) {
    EXPECT_TRUE(std::isfinite(doc.get<double>())) << where;
  }
}

TEST(NonFinite, AnOverflowingStateStopsTheRunAtItsStepWithTheFieldNamed) {
  // Built in code, past the loader's bounds: the runner's own check must catch it.
  Case c = parse_case(head_on(), "test.json");
  c.vehicles[0].initial.velocity_W = {0.0, -1e308};
  c.expect.first_impact_time = TimeWindow{0.0, 1.0};  // with no impact, "time" must be left out, not null
  const RunResult r = run_case(c);
  EXPECT_EQ(r.status, CaseStatus::kFailed);
  // The first step carries the car 5e305 m: x_W stays finite, y_W overflows to -inf at step 1 (t = 0.005 s).
  EXPECT_NE(r.failure.find("vehicle 0 position y became infinite at step 1 (t = 0.005 s)"), std::string::npos) << r.failure;
  EXPECT_EQ(r.steps, 1);
  for (const PlanarState& s : r.tracks[0].states) EXPECT_TRUE(s.velocity_W.allFinite() && s.position_W.allFinite());
  const nlohmann::json doc = to_json(r);
  expect_only_numbers(doc);
  EXPECT_EQ(doc.at("failure"), r.failure);
}

TEST(NonFinite, ANaNStateFailsAtTheFirstStep) {
  Case c = parse_case(head_on(), "test.json");
  c.vehicles[0].initial.yaw_rate = std::numeric_limits<double>::quiet_NaN();
  const RunResult r = run_case(c);
  EXPECT_EQ(r.status, CaseStatus::kFailed);
  EXPECT_NE(r.failure.find("became NaN at step 1"), std::string::npos) << r.failure;
}

TEST(NonFinite, WriterTurnsNonFiniteNumbersIntoStrings) {
  nlohmann::json doc = {{"a", std::nan("")}, {"b", {1.0, std::numeric_limits<double>::infinity()}},
                        {"c", -std::numeric_limits<double>::infinity()}};
  write_non_finite_as_strings(doc);
  EXPECT_EQ(doc.dump(), R"({"a":"nan","b":[1.0,"inf"],"c":"-inf"})");
}

TEST(UncheckedImpacts, AFeatherweightCarIsRefusedAndAnImpactWithNothingCheckedDoesNotPass) {
  // 1e-300 kg: its impulses square to below the smallest double. The loader refuses it with the bound.
  nlohmann::json doc = head_on();
  doc["vehicles"][0]["params"] = {{"preset", "sedan"}, {"mass", 1e-300}};
  EXPECT_NE(load_error(doc).find("/vehicles/0/params/mass: expected at least 1"), std::string::npos) << load_error(doc);
  // A run whose one event got no verdict at all (every invariant not applicable) fails and says so.
  RunResult r = run_case(parse_case(head_on(), "test.json"));
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.status, CaseStatus::kPassed);
  r.events[0].checks = {};
  summarise(r);
  EXPECT_EQ(r.unchecked_events, 1);
  EXPECT_EQ(r.status, CaseStatus::kFailed);
  EXPECT_EQ(to_json(r).at("unchecked_events"), 1);
}

}  // namespace
}  // namespace crashbench
