// Plugins through the command line: `--plugin` (global, repeatable) and a case's "plugins" register
// parts that list, cases and matrices then use like built-ins; a refused plugin is one line and exit 2.
// The test plugins (tests/plugin/*_plugin.cpp) are built like a user's, against the headers only.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cases/loading/matrix.hpp"
#include "cases/plugin.hpp"
#include "tests/app/cli_support.hpp"

namespace crashbench {
namespace {

std::string plugin(const std::string& name) {
  return std::string(CRASHBENCH_TEST_PLUGIN_DIR) + "/test_plugin_" + name + ".so";
}

/// A free-body car driving east at 10 m/s from the origin into the plugin's box (east wall at X = 20 m).
nlohmann::json box_case(const nlohmann::json& plugins) {
  nlohmann::json doc = {{"name", "into-the-plugin-box"},
                        {"scene", "plugin-box"},
                        {"detector", "analytic"},
                        {"response", {{"model", "restitution"}}},
                        {"application", "reset"},
                        {"dynamics", "free-body"},
                        {"integrator", "plugin-heun"},
                        {"duration", 2.5},
                        {"vehicles", {{{"params", "sedan"}, {"position", {0.0, 0.0}}, {"heading_deg", 0}, {"speed", 10.0}}}},
                        {"expect", {{"impacts_min", 1}, {"impacts_max", 1}}}};
  if (!plugins.is_null()) doc["plugins"] = plugins;
  return doc;
}

std::string write_case(const std::string& dir, const std::string& name, const nlohmann::json& doc) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << doc.dump(2);
  return path;
}

TEST(PluginCli, ListShowsThePluginsPartsAndThePlugin) {
  for (const std::string& args : {"--plugin " + plugin("parts") + " list", "list --plugin " + plugin("parts") +
                                                                                " --plugin " + plugin("parts")}) {
    const testing::Outcome r = testing::crashbench(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("  plugin-heun "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("  plugin-box "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("plugins:\n  " + std::filesystem::canonical(plugin("parts")).string() + " (3 parts)"),
              std::string::npos)
        << r.output;
  }
}

TEST(PluginCli, SceneMakeHelpListsThePluginsScene) {
  const testing::Outcome r = testing::crashbench("--plugin " + plugin("parts") + " scene make --help");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("  plugin-box "), std::string::npos) << r.output;
}

TEST(PluginCli, ACaseLoadsItsPluginRelativeToItselfAndRunsItsSceneAndIntegrator) {
  const std::string dir = testing::fresh_dir("plugin-case");
  const std::string relative = std::filesystem::relative(plugin("parts"), dir).string();
  const std::string path = write_case(dir, "box.json", box_case({relative}));
  const testing::Outcome r = testing::crashbench("run " + path + " -o " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json results = read_json_file(dir + "/out/results.json");
  const nlohmann::json& c = results["cases"][0];
  EXPECT_EQ(c["status"], "passed");
  EXPECT_EQ(c["config"]["scene"], "plugin-box");
  EXPECT_EQ(c["config"]["integrator"], "plugin-heun");
  ASSERT_EQ(c["events"].size(), 1u);
  // Head-on into the east wall (X = 20 m): the contact is on it, the normal points back west.
  EXPECT_NEAR(c["events"][0]["point"][0].get<double>(), 20.0, 0.2) << c["events"][0].dump();
  EXPECT_NEAR(c["events"][0]["normal"][0].get<double>(), -1.0, 1e-9) << c["events"][0].dump();
}

// plugin-brake reads its own vehicle parameter, brake_decel, from the vehicle's params: a model with
// parameters of its own needs nothing of crashbench but its registry line.
TEST(PluginCli, APluginModelReadsAndEchoesItsOwnVehicleParameter) {
  const std::string dir = testing::fresh_dir("plugin-brake");
  nlohmann::json doc = box_case({std::filesystem::absolute(plugin("parts")).string()});
  doc["dynamics"] = "plugin-brake";
  doc["vehicles"][0]["params"] = {{"preset", "sedan"}, {"brake_decel", 3.0}};
  // Braked at 3 m/s^2 from 10 m/s it stops in 100 / 6 = 16.7 m, short of the wall 17.75 m ahead of its bumper.
  doc["expect"] = {{"impacts_min", 0}, {"impacts_max", 0}};
  const testing::Outcome r = testing::crashbench("run " + write_case(dir, "brake.json", doc) + " -o " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json c = read_json_file(dir + "/out/results.json")["cases"][0];
  EXPECT_EQ(c["status"], "passed") << c.dump();
  EXPECT_EQ(c["config"]["vehicle_params"][0]["brake_decel"], 3.0) << c["config"].dump();
  // After 2.5 s: 10 - 3 x 2.5 = 2.5 m/s (Heun is exact for a constant deceleration).
  EXPECT_NEAR(c["trajectory"]["vehicles"][0]["speed"].back().get<double>(), 2.5, 1e-9) << c["trajectory"].dump();
  // Another model leaves the key unread and does not echo it; without the plugin it is no model's key.
  doc["dynamics"] = "free-body";
  doc["expect"] = {{"impacts_min", 1}, {"impacts_max", 1}};
  const testing::Outcome unread = testing::crashbench("run " + write_case(dir, "free.json", doc) + " -o " + dir + "/free");
  ASSERT_EQ(unread.exit_code, 0) << unread.output;
  EXPECT_FALSE(read_json_file(dir + "/free/results.json")["cases"][0]["config"]["vehicle_params"][0].contains("brake_decel"));
  doc.erase("plugins");
  doc["scene"] = "open-road", doc["integrator"] = "rk4";
  const testing::Outcome unknown = testing::crashbench("run " + write_case(dir, "none.json", doc) + " -o " + dir + "/none");
  EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
  EXPECT_NE(unknown.output.find("/vehicles/0/params/brake_decel: unknown field"), std::string::npos) << unknown.output;
}

TEST(PluginCli, WithoutThePluginTheCaseIsBadInputNamingTheScene) {
  const std::string dir = testing::fresh_dir("plugin-missing");
  const testing::Outcome r = testing::crashbench("run " + write_case(dir, "box.json", box_case(nullptr)) + " -o " + dir);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("unknown scene 'plugin-box'"), std::string::npos) << r.output;
}

TEST(PluginCli, RefusedPluginsAreOneLineNamingTheFileAndExitTwo) {
  const std::vector<std::pair<std::string, std::string>> refusals{
      {"old_api", "built for crashbench plugin API " + std::to_string(kPluginApiVersion + 98) +
                      ", this crashbench speaks " + std::to_string(kPluginApiVersion)},
      {"no_entry", "not a crashbench plugin: it exports no crashbench_plugin_register"},
      {"duplicate_name", "is already registered"}};
  for (const auto& [name, message] : refusals) {
    const testing::Outcome r = testing::crashbench("--plugin " + plugin(name) + " list");
    EXPECT_EQ(r.exit_code, 2) << name << "\n" << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << name << "\n" << r.output;
    EXPECT_EQ(r.output.rfind("crashbench: " + plugin(name) + ": ", 0), 0u) << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << name << "\n" << r.output;
  }
}

TEST(PluginCli, ACaseWithABadPluginFailsAloneNamingItsPointer) {
  const std::string dir = testing::fresh_dir("plugin-bad-case");
  const std::string good = write_case(dir, "good.json", box_case({std::filesystem::relative(plugin("parts"), dir).string()}));
  const std::string bad = write_case(dir, "bad.json", box_case({"no-such-plugin.so"}));
  const testing::Outcome r = testing::crashbench("run " + bad + " " + good + " -o " + dir + "/out");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  const nlohmann::json results = read_json_file(dir + "/out/results.json");
  ASSERT_EQ(results["cases"].size(), 2u);
  EXPECT_EQ(results["cases"][0]["status"], "error");
  EXPECT_NE(results["cases"][0]["error"].get<std::string>().find(bad + ": /plugins/0: " + dir + "/no-such-plugin.so: no such plugin file"),
            std::string::npos)
      << results["cases"][0]["error"];
  EXPECT_EQ(results["cases"][1]["status"], "passed");
}

}  // namespace
}  // namespace crashbench
