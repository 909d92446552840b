// Each dynamics model's schema fragment lives beside it; the build merges them into the case schema after
// the bare-name alternative (cases/model_schemas.cmake writes build/<preset>/case.schema.json).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "cases/loading/json_parse.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/plugin_alternative.hpp"

namespace crashbench {
namespace {

nlohmann::json dynamics_fragment(std::string_view model) {
  return read_json_file(testing::source_path("models/dynamics/" + std::string(model) + ".schema.json"));
}

TEST(DynamicsSchema, CaseSchemaCarriesANameAndEveryModelsFragmentUnchanged) {
  const nlohmann::json schema = read_json_file(CRASHBENCH_CASE_SCHEMA);
  const nlohmann::json& merged = schema.at("properties").at("dynamics").at("oneOf");
  ASSERT_EQ(merged.size(), 1 + dynamics_models().size() + 1)
      << "a model without a fragment, or a fragment without a model";
  // Last, a plugin's model: any name but these, so a built-in's object still has to match its fragment.
  EXPECT_EQ(testing::plugin_alternative_excludes(merged, "model"), testing::sorted_names(dynamics_models()));
  EXPECT_EQ(merged.at(0).at("type"), "string");
  for (const auto& entry : dynamics_models()) {
    const nlohmann::json fragment = dynamics_fragment(entry.name);
    EXPECT_EQ(fragment.at("properties").at("model").at("const"), entry.name);
    bool found = false;
    for (const auto& m : merged) found = found || m == fragment;
    EXPECT_TRUE(found) << entry.name << "'s fragment is not in " << CRASHBENCH_CASE_SCHEMA;
  }
}

// The fragment lists exactly the keys the model echoes, with the model's defaults, so the schema and
// the factory cannot drift apart.
TEST(DynamicsSchema, EachFragmentListsTheKeysAndDefaultsItsModelEchoes) {
  for (const auto& entry : dynamics_models()) {
    const nlohmann::json properties = dynamics_fragment(entry.name).at("properties");
    const nlohmann::json echo = make_dynamics(entry.name)->parameters();
    for (const auto& [key, value] : echo.items()) {
      ASSERT_TRUE(properties.contains(key)) << entry.name << " " << key;
      if (key != "model") {
        EXPECT_EQ(properties.at(key).at("default"), value) << entry.name << " " << key;
      }
    }
    for (const auto& [key, _] : properties.items()) EXPECT_TRUE(echo.contains(key)) << entry.name << " " << key;
  }
}

// A vehicle's params in the case schema take the shared keys and exactly the keys the registered models
// read (their *.vehicle.json fragments), so a model's new key cannot be missing from the schema.
TEST(DynamicsSchema, VehicleParamsAreTheSharedKeysAndEveryModelsOwn) {
  const nlohmann::json schema = read_json_file(CRASHBENCH_CASE_SCHEMA);
  std::set<std::string> in_schema;
  for (const auto& [key, _] : schema.at("$defs").at("vehicle_params").at("properties").items()) in_schema.insert(key);
  std::set<std::string> read = {"preset", "mass", "yaw_inertia", "cg_to_front", "cg_to_rear", "width", "cg_height"};
  for (const auto& entry : dynamics_models())
    for (const std::string& key : make_dynamics(entry.name)->vehicle_keys()) read.insert(key);
  EXPECT_EQ(in_schema, read);
}

}  // namespace
}  // namespace crashbench
