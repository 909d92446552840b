// Each response model's schema fragment lives beside it; the build merges them into the case schema
// (cases/model_schemas.cmake writes build/<preset>/case.schema.json). This checks every registered
// model has its fragment there, unchanged, and that the plugin alternative after them excludes their names.
#include <gtest/gtest.h>

#include <filesystem>

#include "cases/loading/matrix.hpp"
#include "models/response/response_model.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/plugin_alternative.hpp"

namespace crashbench {
namespace {

TEST(ResponseSchema, CaseSchemaCarriesEveryModelsFragmentUnchanged) {
  const nlohmann::json schema = read_json_file(CRASHBENCH_CASE_SCHEMA);
  const nlohmann::json& merged = schema.at("properties").at("response").at("oneOf");
  ASSERT_EQ(merged.size(), response_models().size() + 1) << "a model without a fragment, or a fragment without a model";
  // Last, a plugin's model: any name but these, so a built-in's object still has to match its fragment.
  EXPECT_EQ(testing::plugin_alternative_excludes(merged, "model"), testing::sorted_names(response_models()));
  for (const auto& entry : response_models()) {
    const std::string file = "models/response/" + std::string(entry.name) + ".schema.json";
    ASSERT_TRUE(std::filesystem::exists(testing::source_path(file))) << file;
    const nlohmann::json fragment = read_json_file(testing::source_path(file));
    EXPECT_EQ(fragment.at("properties").at("model").at("const"), entry.name) << file;
    bool found = false;
    for (const auto& m : merged) found = found || m == fragment;
    EXPECT_TRUE(found) << file << " is not in " << CRASHBENCH_CASE_SCHEMA;
  }
}

// The fragment lists exactly the keys the model echoes (its defaults included), so the schema and the
// factory cannot drift apart.
TEST(ResponseSchema, EachFragmentListsTheKeysItsModelEchoes) {
  for (const auto& entry : response_models()) {
    const nlohmann::json fragment =
        read_json_file(testing::source_path("models/response/" + std::string(entry.name) + ".schema.json"));
    nlohmann::json request = {{"model", entry.name}};
    const nlohmann::json echo = make_response_model(JsonReader(request, "t.json"))->parameters();
    for (const auto& [key, _] : echo.items()) EXPECT_TRUE(fragment.at("properties").contains(key)) << entry.name << " " << key;
    for (const auto& [key, _] : fragment.at("properties").items()) EXPECT_TRUE(echo.contains(key)) << entry.name << " " << key;
  }
}

}  // namespace
}  // namespace crashbench
