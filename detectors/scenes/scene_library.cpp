#include "detectors/scenes/scene_library.hpp"

#include <osg/MatrixTransform>
#include <array>
#include <chrono>
#include <iostream>
#include <numbers>

#include "detectors/scenes/ground_grid.hpp"
#include "detectors/scenes/l_rail.hpp"
#include "detectors/scenes/osg_notify.hpp"
#include "detectors/scenes/scene_checks.hpp"
#include "detectors/scenes/scene_io.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/track.hpp"

namespace crashbench {
namespace {

GeneratedScene track_collision() { return make_track(TrackVersion::kCollision); }
GeneratedScene track_visual() { return make_track(TrackVersion::kVisual); }
/// Scaling study: 4 triangles per segment and 2 per lap for the sign board.
template <int kSegments, int kCopies>
GeneratedScene track_scaled() {
  return make_track(TrackOptions{TrackVersion::kCollision, kSegments, kCopies});
}

constexpr std::array<RegistryEntry<SceneGenerator>, 10> kGenerators{{
    {"l-rail", "Knight's L-shaped wall and flat ground, 612 triangles, all for collision", &make_l_rail},
    {"straight-wall", "Knight's straight test wall: Y = 0 from X = -50 to 250 m, 364 triangles", &make_straight_wall_scene},
    {"track", "5.4 km road course, barriers both sides, vertical elements only: 1838 triangles", &track_collision},
    {"track-visual", "the same course with road, terrain and trees: 8780 triangles", &track_visual},
    {"track-10k", "the track's barriers in 2500 segments: 10002 triangles", &track_scaled<2500, 1>},
    {"track-100k", "the track's barriers in 25000 segments: 100002 triangles", &track_scaled<25000, 1>},
    {"track-1m", "the track's barriers in 250000 segments: 1000002 triangles", &track_scaled<250000, 1>},
    {"track-tiled-10k", "5 copies of the track, 2.1 km apart: 9190 triangles", &track_scaled<kTrackSegments, 5>},
    {"track-tiled-100k", "54 copies of the track: 99252 triangles", &track_scaled<kTrackSegments, 54>},
    {"track-tiled-1m", "544 copies of the track: 999872 triangles", &track_scaled<kTrackSegments, 544>},
}};

/// The root transform taking file coordinates to world (Z up, metres), or null for the identity.
osg::ref_ptr<osg::MatrixTransform> frame_transform(const std::string& name, const SceneOptions& options) {
  if (!(options.unit_scale > 0)) throw Error(name, "unit_scale", "must be > 0");
  if (options.up == UpAxis::kZ && options.unit_scale == 1.0) return nullptr;
  osg::Matrixd m = osg::Matrixd::scale(options.unit_scale, options.unit_scale, options.unit_scale);
  // y-up: file +Y becomes world +Z, file +Z becomes world -Y (a quarter turn about X).
  if (options.up == UpAxis::kY) m = m * osg::Matrixd::rotate(std::numbers::pi / 2, osg::Vec3d(1, 0, 0));
  osg::ref_ptr<osg::MatrixTransform> t = new osg::MatrixTransform(m);
  t->setDataVariance(osg::Object::STATIC);
  return t;
}

}  // namespace

std::span<const RegistryEntry<SceneGenerator>> scene_generators() { return kGenerators; }

GeneratedScene generate_scene(std::string_view name) {
  return find_entry(scene_generators(), name, "scene").make();
}

Scene make_scene(std::string name, osg::ref_ptr<osg::Node> graph, std::vector<WallSegment> walls,
                 const SceneOptions& options) {
  Scene scene;
  if (osg::ref_ptr<osg::MatrixTransform> t = frame_transform(name, options)) {
    t->addChild(graph.get());
    graph = t;
    walls.clear();  // given in the generator's frame, which the transform no longer is
  }
  scene.triangles = collision_triangles(*graph, options.vertical_only, options.vertical_tolerance_deg);
  if (scene.triangles.empty())
    throw Error(name, "", std::string("the scene has no collision triangles") +
                              (options.vertical_only ? " (none is vertical)" : ""));
  scene.surface = std::make_shared<const SurfaceQuery>(all_triangles(*graph), options.vertical_tolerance_deg,
                                                       build_ground_grid(scene.triangles));
  graph->getBound();  // computed now, so that threads sharing the scene never compute it at once
  scene.graph = graph;
  scene.walls = std::move(walls);
  scene.name = std::move(name);
  return scene;
}

Scene load_scene(const std::string& name_or_path, const SceneOptions& options) {
  for (const auto& entry : scene_generators())
    if (entry.name == name_or_path) {
      GeneratedScene g = entry.make();
      return make_scene(name_or_path, g.graph, std::move(g.walls), options);
    }
  const auto start = std::chrono::steady_clock::now();
  const OsgNoticeScope notices;
  Scene scene = make_scene(name_or_path, read_scene_graph(name_or_path), {}, options);
  scene.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (std::string line = summarise_notices(name_or_path, notices.finish()); !line.empty())
    scene.notes.push_back(std::move(line));
  if (std::string line = up_axis_warning(name_or_path, scene.triangles, options.up); !line.empty())
    scene.notes.push_back(std::move(line));
  // Once per load, never per notification.
  for (const std::string& note : scene.notes) std::cerr << "warning: " << note << '\n';
  return scene;
}

}  // namespace crashbench
