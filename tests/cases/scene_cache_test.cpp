// A matrix on one scene loads it once: equal specs share one read-only Scene, different options do not;
// and what a detector or check builds from that scene alone (the tree's grid, no_tunnelling's walls) is
// built once for all its cases.
#include "cases/loading/scene_cache.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "cases/checks/tunnelling_check.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/osg_detector.hpp"
#include "detectors/tree_detector.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

TEST(SceneCache, EqualSpecsShareOneLoadAndOtherOptionsLoadAgain) {
  const std::filesystem::path file = testing::temp_folder("cache") / "l-rail.osgb";
  write_scene_graph(*make_registered_scene("l-rail").graph, file.string());
  SceneSpec spec;
  spec.file = file.string();
  const int before = scene_loads();
  const std::shared_ptr<const Scene> a = shared_scene(spec);
  const std::shared_ptr<const Scene> b = shared_scene(spec);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(scene_loads(), before + 1);
  spec.unit_scale = 2.0;
  const std::shared_ptr<const Scene> c = shared_scene(spec);
  EXPECT_NE(a.get(), c.get());
  EXPECT_EQ(scene_loads(), before + 2);
  // Twice the scale, twice the extent.
  EXPECT_NEAR(c->triangles.front().a_W.norm(), 2 * a->triangles.front().a_W.norm(), 1e-9);
  // Placed elsewhere: another scene, each triangle turned and moved.
  spec.unit_scale = 1.0;
  spec.placement = ScenePlacement{100, -50, 2, 90};
  const std::shared_ptr<const Scene> d = shared_scene(spec);
  EXPECT_NE(a.get(), d.get());
  EXPECT_EQ(scene_loads(), before + 3);
  const Vec3 p = a->triangles.front().a_W, q = d->triangles.front().a_W;
  EXPECT_NEAR((q - Vec3(100 - p.y(), -50 + p.x(), 2 + p.z())).norm(), 0, 1e-9);  // a quarter turn, then the move
}

TEST(SceneCache, AScenesLastCaseKeepsItForTheNextUntilNoneIsLeft) {
  SceneSpec spec;
  spec.builtin = "l-rail";
  std::weak_ptr<const Scene> kept = shared_scene(spec);  // the case is over: only the cache holds it
  EXPECT_FALSE(kept.expired());
  const int loads = scene_loads();
  EXPECT_EQ(shared_scene(spec).get(), kept.lock().get());
  EXPECT_EQ(scene_loads(), loads);
  release_kept_scenes();  // what the batch does once no case is left to start
  EXPECT_TRUE(kept.expired());
}

TEST(SceneCache, UpAxisUnitScaleOrPlacementOnABuiltInSceneIsBadInput) {
  for (const auto& [key, value] :
       {std::pair{"up_axis", nlohmann::json("y")}, std::pair{"unit_scale", nlohmann::json(2.0)},
        std::pair{"placement", nlohmann::json{{"x", 10.0}}}}) {
    nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
    doc["scene"] = {{"builtin", "l-rail"}, {key, value}};
    try {
      parse_case(doc, "bad.json");
      ADD_FAILURE() << "no error for " << key;
    } catch (const Error& e) {
      EXPECT_EQ(e.pointer(), std::string("/scene/") + key);
      EXPECT_NE(e.problem().find("scene files only"), std::string::npos) << e.problem();
    }
  }
}

TEST(SceneCache, APlacementIsReadAsWrittenAndRefusedOutOfRangeOrForOpenDrive) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["scene"] = {{"file", "city.3ds"}, {"placement", {{"x", 660.0}, {"y", 679.0}, {"heading_deg", 1.3}}}};
  const Case c = parse_case(doc, "placed.json");
  ASSERT_TRUE(c.scene.placement.has_value());
  EXPECT_EQ(c.scene.placement->x, 660.0);
  EXPECT_EQ(c.scene.placement->y, 679.0);
  EXPECT_EQ(c.scene.placement->z, 0.0);
  EXPECT_EQ(c.scene.placement->heading_deg, 1.3);
  for (const auto& [key, value] : {std::pair{"heading_deg", nlohmann::json(400.0)}, std::pair{"x", nlohmann::json(2e7)},
                                   std::pair{"roll_deg", nlohmann::json(1.0)}}) {
    doc["scene"]["placement"] = {{key, value}};
    const Error e = testing::error_of([&] { parse_case(doc, "bad.json"); });
    EXPECT_EQ(e.pointer().rfind("/scene/placement", 0), 0u) << key << ": " << e.pointer();
  }
  SceneOptions placed;
  placed.placement = ScenePlacement{1, 2, 0, 0};
  const std::string road = testing::write_opendrive(testing::temp_folder("cache") / "road.xodr",
                                                    testing::straight_road_xml("1", 0, 0, 0, 0));
  const Error e = testing::error_of([&] { (void)load_scene(road, placed); });
  EXPECT_EQ(e.pointer(), "placement");
  EXPECT_NE(e.problem().find("an OpenDRIVE file stands where its coordinates put it"), std::string::npos)
      << e.problem();
}

const TreeGrid& grid_of(const Detector& d) { return dynamic_cast<const TreeDetector&>(d).grid(); }

TEST(SceneCache, TreesAndTheTunnellingCheckOnASharedSceneBuildTheirGridsOnceForEveryCase) {
  SceneSpec spec;
  spec.builtin = "track";
  const std::shared_ptr<const Scene> scene = shared_scene(spec);
  const auto prepared = [&](const char* detector) {
    std::unique_ptr<Detector> d = make_detector(JsonReader(nlohmann::json::parse(detector), "case.json", "/detector"));
    const std::int64_t before = testing::allocated_bytes();
    d->prepare(*scene, 10);
    return std::pair{std::move(d), testing::allocated_bytes() - before};
  };
  // Each case builds its own detector; the grid is the first case's.
  const auto [first, first_bytes] = prepared(R"({"name": "tree"})");
  const auto [second, second_bytes] = prepared(R"({"name": "tree"})");
  EXPECT_EQ(&grid_of(*second), &grid_of(*first));
  EXPECT_LT(second_bytes, first_bytes / 4) << "the first case allocated " << first_bytes << " bytes";
  const auto [coarse, coarse_bytes] = prepared(R"({"name": "tree", "cell_size": 8})");
  EXPECT_NE(&grid_of(*coarse), &grid_of(*first));
  EXPECT_EQ(grid_of(*coarse).cell, 8);
  // The no_tunnelling check's walls likewise: the second case's check copies no triangle.
  const std::vector<VehicleSetup> car(1);
  std::int64_t bytes = testing::allocated_bytes();
  const TunnellingCheck first_check(*scene, car);
  const std::int64_t first_check_bytes = testing::allocated_bytes() - bytes;
  bytes = testing::allocated_bytes();
  const TunnellingCheck second_check(*scene, car);
  EXPECT_LT(testing::allocated_bytes() - bytes, first_check_bytes / 4) << "the first check allocated "
                                                                       << first_check_bytes << " bytes";
  // A scene made in place (which its maker may still change) keeps no builds: each tree builds its own.
  const Scene own = make_registered_scene("track");
  auto a = make_detector("tree"), b = make_detector("tree");
  a->prepare(own, 1), b->prepare(own, 1);
  EXPECT_NE(&grid_of(*a), &grid_of(*b));
}

TEST(SceneCache, EveryOsgDetectorOnASharedSceneBuildsItsGraphOnceForEveryCase) {
  SceneSpec spec;
  spec.builtin = "track";
  const std::shared_ptr<const Scene> scene = shared_scene(spec);
  const Scene own = make_registered_scene("track");
  const auto graph_of = [](const Detector& d) { return &dynamic_cast<const OsgDetector&>(d).graph(); };
  int osg_detectors = 0;
  for (const auto& e : detectors()) {
    auto first = make_detector(e.name), second = make_detector(e.name), a = make_detector(e.name),
         b = make_detector(e.name);
    if (!dynamic_cast<OsgDetector*>(first.get())) continue;
    ++osg_detectors;
    first->prepare(*scene, 1), second->prepare(*scene, 1);
    EXPECT_EQ(graph_of(*second), graph_of(*first)) << e.name;
    a->prepare(own, 1), b->prepare(own, 1);  // a scene made in place keeps no builds
    EXPECT_NE(graph_of(*a), graph_of(*b)) << e.name;
  }
  EXPECT_GT(osg_detectors, 0) << "the registry has no OSG detector";
}

}  // namespace
}  // namespace crashbench
