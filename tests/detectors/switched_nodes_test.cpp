// What a scene shows is what collides: of an osg::LOD only its most detailed child, of an osg::Switch only its
// children switched on, of an osg::Sequence only its frame shown, as OSG's IntersectionVisitor (the `osg`
// detectors) reads them. Files from simulator databases (OpenFlight) carry all three; the triangle detectors
// once took every child, so a car met a coarse copy of a barrier 0.5 m before the barrier, and walls switched off.
#include <gtest/gtest.h>

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>
#include <osg/LOD>
#include <osg/PagedLOD>
#include <osg/Sequence>
#include <osg/Switch>

#include <string>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/wall_footprints.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

/// A geode of one upright quad at y = `y`, x from -10 to 10 m, 1.5 m tall.
osg::ref_ptr<osg::Geode> wall_at(double y) {
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
  for (const auto& [x, z] : {std::pair{-10.0, 0.0}, {10.0, 0.0}, {10.0, 1.5}, {-10.0, 0.0}, {10.0, 1.5}, {-10.0, 1.5}})
    v->push_back(osg::Vec3(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)));
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  g->setVertexArray(v.get());
  g->addPrimitiveSet(new osg::DrawArrays(osg::PrimitiveSet::TRIANGLES, 0, 6));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(g.get());
  return geode;
}

/// Walls shown at y = 5 (the LOD's detailed child), 15 (the switch's child on), 25 (the sequence's frame
/// shown) and 45 (a paged LOD's coarse child, its detailed one a file not read); walls not shown at 5.5 (the
/// LOD's coarse child), -5 (switched off) and 35 (another frame).
Scene switched_scene() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  osg::ref_ptr<osg::LOD> lod = new osg::LOD;
  lod->addChild(wall_at(5.5).get(), 500, 1e7);  // listed first: the order must not matter
  lod->addChild(wall_at(5.0).get(), 0, 500);
  osg::ref_ptr<osg::Switch> switched = new osg::Switch;
  switched->addChild(wall_at(15).get(), true);
  switched->addChild(wall_at(-5).get(), false);
  osg::ref_ptr<osg::Sequence> sequence = new osg::Sequence;
  sequence->addChild(wall_at(25).get(), 1.0);
  sequence->addChild(wall_at(35).get(), 1.0);
  sequence->setValue(0);
  osg::ref_ptr<osg::PagedLOD> paged = new osg::PagedLOD;
  paged->addChild(wall_at(45).get(), 100, 1e7);
  paged->setFileName(1, "detailed_tile.osgb");
  paged->setRange(1, 0, 100);
  for (osg::Node* n : std::vector<osg::Node*>{lod.get(), switched.get(), sequence.get(), paged.get()})
    root->addChild(n);
  Scene scene = make_scene("switched", root, {}, SceneOptions{});
  scene.walls = wall_footprints(scene.triangles);  // as a file scene gets them (cases/loading/scene_source.cpp)
  return scene;
}

VehiclePose car_at(double y) {
  VehiclePose pose;
  pose.position_W = Vec2(0, y);
  pose.heading = 0.3;  // its sides cross a wall at y within 2 m of the CG
  pose.cg_height = 0.5;
  pose.size = {2.5, 2.0, 1.8};
  return pose;
}

TEST(SwitchedNodes, OnlyWhatTheSceneShowsHasTriangles) {
  const Scene scene = switched_scene();
  ASSERT_EQ(scene.triangles.size(), 8u) << "two triangles of each wall shown";
  for (const Triangle& t : scene.triangles) {
    const double y = t.a_W.y();
    EXPECT_TRUE(y == 5.0 || y == 15.0 || y == 25.0 || y == 45.0) << "a triangle of a wall not shown, at y = " << y;
  }
}

TEST(SwitchedNodes, EveryDetectorMeetsTheWallsShownAndNoOther) {
  const Scene scene = switched_scene();
  const std::vector<VehiclePose> poses = {car_at(5.2), car_at(15), car_at(25), car_at(45), car_at(-5), car_at(35)};
  const std::vector<bool> meets = {true, true, true, true, false, false};
  const auto want = testing::contacts("brute-force", scene, poses);
  for (std::size_t i = 0; i < poses.size(); ++i) {
    EXPECT_EQ(!want[i].empty(), meets[i]) << "brute-force, car at y = " << poses[i].position_W.y();
    for (const Contact& c : want[i]) EXPECT_NEAR(c.point_W.y(), std::round(c.point_W.y() / 5) * 5, 1e-9);
  }
  for (const std::string& d : testing::detector_names()) {
    const auto got = testing::contacts(d, scene, poses);
    for (std::size_t i = 0; i < poses.size(); ++i)
      EXPECT_EQ(!got[i].empty(), meets[i]) << d << ", car at y = " << poses[i].position_W.y();
    if (make_detector(d)->geometry() == SceneGeometry::kTriangles) testing::expect_agreement(got, want, d);
  }
}

}  // namespace
}  // namespace crashbench
