#include "detectors/scenes/registry/scene_library.hpp"

#include <fmt/format.h>

#include <osg/MatrixTransform>
#include <osgDB/FileNameUtils>
#include <array>
#include <chrono>
#include <filesystem>
#include <future>
#include <iostream>
#include <numbers>

#include "detectors/scenes/registry/builtin_walls.hpp"
#include "detectors/scenes/ground_grid.hpp"
#include "detectors/scenes/registry/l_rail.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/registry/scene_checks.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/sprites.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/registry/track.hpp"

namespace crashbench {
namespace {

Scene open_road() { return scene_from_walls("", {}); }

/// A generated scene: its graph, collision triangles and wall footprints.
template <GeneratedScene (*kGenerate)()>
Scene generated() {
  return make_scene(kGenerate());
}
GeneratedScene track_collision() { return make_track(TrackVersion::kCollision); }
GeneratedScene track_visual() { return make_track(TrackVersion::kVisual); }
/// Scaling study: 4 triangles per segment and 2 per lap for the sign board.
template <int kSegments, int kCopies>
GeneratedScene track_scaled() {
  return make_track(TrackOptions{TrackVersion::kCollision, kSegments, kCopies});
}

// Knight's 2002 VDANL update times (thesis Table 6-1, 300 MHz Pentium II): the energy-loss method (his
// "kinetic energy" column) and restitution, on his test rail and on Watkins Glen's 1838 collision triangles,
// and on Watkins Glen again after MultiGen Creator reorganised its polygons spatially (a source of its own,
// so the report gives those figures their own column).
constexpr std::string_view kKnight2002 = kKnight2002Source;
constexpr std::string_view kKnight2002Creator = "Knight 2002, Table 6-1, scene graph optimised by MultiGen Creator";
constexpr std::array<PublishedStepTime, 2> kTestRailTimes{{
    {"Test Rail (612 triangles)", kKnight2002, "energy-loss", 2.52},
    {"Test Rail (612 triangles)", kKnight2002, "restitution", 2.60},
}};
constexpr std::array<PublishedStepTime, 4> kWatkinsGlenTimes{{
    {"Watkins Glen (1838 collision triangles)", kKnight2002, "energy-loss", 4.69},
    {"Watkins Glen (1838 collision triangles)", kKnight2002, "restitution", 4.64},
    {"Watkins Glen (1838 collision triangles)", kKnight2002Creator, "energy-loss", 3.88},
    {"Watkins Glen (1838 collision triangles)", kKnight2002Creator, "restitution", 3.90},
}};

const std::array<SceneEntry, 11> kScenes{{
    {"l-rail", "Knight's L-shaped test rail: side wall Y = 0 from X = -30 to 100 m, end wall X = 100 from Y = 0 to "
               "40 m, flat ground inside; 612 triangles, all for collision",
     &generated<make_l_rail>,
     &l_rail_drive, kTestRailTimes},
    {"straight-wall", "Knight's straight test wall: Y = 0 from X = -50 to 250 m, 364 triangles",
     &generated<make_straight_wall_scene>, &straight_wall_drive, {}},
    {"open-road", "no walls, no scene graph: vehicle-to-vehicle cases", &open_road, nullptr, {}},
    {"track", "5.4 km road course, barriers both sides, vertical elements only: 1838 triangles",
     &generated<track_collision>, &track_drive, kWatkinsGlenTimes},
    {"track-visual", "the same course with road, terrain and trees: 8780 triangles", &generated<track_visual>,
     &track_drive, {}},
    {"track-10k", "the track's barriers in 2500 segments: 10002 triangles", &generated<track_scaled<2500, 1>>,
     &track_drive, {}},
    {"track-100k", "the track's barriers in 25000 segments: 100002 triangles", &generated<track_scaled<25000, 1>>,
     &track_drive, {}},
    {"track-1m", "the track's barriers in 250000 segments: 1000002 triangles", &generated<track_scaled<250000, 1>>,
     &track_drive, {}, true},
    {"track-tiled-10k", "5 copies of the track, 2.1 km apart: 9190 triangles",
     &generated<track_scaled<kTrackSegments, 5>>, &track_drive, {}},
    {"track-tiled-100k", "54 copies of the track: 99252 triangles", &generated<track_scaled<kTrackSegments, 54>>,
     &track_drive, {}},
    {"track-tiled-1m", "544 copies of the track: 999872 triangles", &generated<track_scaled<kTrackSegments, 544>>,
     &track_drive, {}, true},
}};

/// The root transform taking file coordinates to world (Z up, metres), or null for the identity.
osg::ref_ptr<osg::MatrixTransform> frame_transform(const std::string& name, const SceneOptions& options) {
  if (!(options.unit_scale > 0)) throw Error(name, "unit_scale", "must be > 0");
  if (options.up.value_or(UpAxis::kZ) == UpAxis::kZ && options.unit_scale == 1.0 && !options.placement) return nullptr;
  osg::Matrixd m = osg::Matrixd::scale(options.unit_scale, options.unit_scale, options.unit_scale);
  // y-up: file +Y becomes world +Z, file +Z becomes world -Y (a quarter turn about X).
  if (options.up == UpAxis::kY) m = m * osg::Matrixd::rotate(std::numbers::pi / 2, osg::Vec3d(1, 0, 0));
  // OSG multiplies row vectors from the left: scale, axis, then the placement's turn and move.
  if (const std::optional<ScenePlacement>& p = options.placement)
    m = m * osg::Matrixd::rotate(p->heading_deg * std::numbers::pi / 180, osg::Vec3d(0, 0, 1)) *
        osg::Matrixd::translate(p->x, p->y, p->z);
  osg::ref_ptr<osg::MatrixTransform> t = new osg::MatrixTransform(m);
  t->setDataVariance(osg::Object::STATIC);
  return t;
}

/// An OpenDRIVE file's scene. Its road surface is ground, not a wall: when edges or objects give the file
/// something to collide with, the `road:*` nodes are left out of the collision set (unless the case picks
/// nodes by name itself), so that a banked or rising road never meets the rectangle held level at CG height.
Scene opendrive_scene(const std::string& path, const SceneOptions& options) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw Error(path, "", "scene file not found");
  if (options.up.value_or(UpAxis::kZ) != UpAxis::kZ || options.unit_scale != 1.0)
    throw Error(path, "up_axis", "an OpenDRIVE file is z-up in metres: expected no up axis or unit scale for it");
  if (options.placement)
    throw Error(path, "placement", "an OpenDRIVE file stands where its coordinates put it: expected no placement "
                                   "for it (SUMO's network moved by netconvert: sumo_net)");
  OpenDriveScene built = build_opendrive_scene(path, options.opendrive);
  SceneOptions used = options;
  used.up.reset();  // the format's z: no axis to check against the faces
  if (built.has_collision_geometry && used.collision.include.empty()) used.collision.exclude.push_back("road:*");
  Scene scene = make_scene(path, built.graph, {}, used);
  scene.about = std::move(built.about);
  scene.flat_crossings = std::move(built.flat_crossings);
  scene.notes = std::move(built.warnings);
  return scene;
}

/// Whether the file's format declares its up axis and OSG's reader applies it (COLLADA's <up_axis>).
bool declares_up_axis(const std::string& path) {
  const std::string ext = osgDB::getLowerCaseFileExtension(path);
  return ext == "dae" || ext == "zae";
}

}  // namespace

UpAxis format_up_axis(const std::string& path) {
  return osgDB::getLowerCaseFileExtension(path) == "obj" ? UpAxis::kY : UpAxis::kZ;
}

Registry<SceneEntry>& scene_registry() {
  static Registry<SceneEntry> registry = registry_with<SceneEntry>("scene", kScenes);
  return registry;
}

Scene make_registered_scene(std::string_view name) {
  const SceneEntry& entry = scene_registry().at(name);
  Scene scene = entry.make();
  scene.name = std::string(name);
  scene.published = entry.published;
  return scene;
}

namespace {

/// Why a scene of `drawn` triangles, `sprites` drawables of them sprites, has no collision triangles under
/// `options`: what left each kind out, and the option that takes it in.
std::string no_collision_triangles(std::size_t drawn, int sprites, const SceneOptions& options) {
  if (drawn == 0) return "the scene has no collision triangles: it draws none";
  std::string why = fmt::format("the scene has no collision triangles of the {} it draws", drawn);
  if (sprites > 0)
    why += fmt::format("; {} drawables are sprites, scenery by default (\"sprites\": true in a case, --sprites in "
                       "scene info, make them collide)", sprites);
  if (options.vertical_only)
    why += fmt::format("; none other lies within {:g} deg of vertical, so a car can hit nothing (\"collision\": "
                       "{{\"vertical_within_deg\": 90}} in a case, scene info without --vertical-only, make every "
                       "face collide)", options.vertical_tolerance_deg);
  if (options.collision.selects_by_name_or_texture() || options.collision.node_mask != 0xffffffffu)
    why += "; the collision set's node names, textures or node mask leave out the rest";
  return why;
}

}  // namespace

Scene make_scene(std::string name, osg::ref_ptr<osg::Node> graph, std::vector<WallSegment> walls,
                 const SceneOptions& options) {
  Scene scene;
  if (osg::ref_ptr<osg::MatrixTransform> t = frame_transform(name, options)) {
    t->addChild(graph.get());
    graph = t;
    walls.clear();  // given in the generator's frame, which the transform no longer is
  }
  // Every triangle, in one walk of the graph: the surface is made of them, and the sprites found among them.
  std::vector<DrawableSpan> spans;
  const std::vector<Triangle> all = triangles_by_drawable(*graph, spans);
  // The surface index, a third of a real track's load, is built on a second core meanwhile: it reads `all`
  // alone, where the sprites' marks are written to the graph. (On a throw below, the future's destructor
  // waits for it before `all` goes.)
  // The road under a car is among the faces the collision set leaves, but never a face steeper than 45 deg
  // (kDefaultVerticalWithinDeg): when every face collides (90: a SUMO network without walls), the road must
  // still carry the rectangle, or it rides the fallback below a climbing road and meets the road itself.
  const double tolerance = std::min(options.vertical_tolerance_deg, kDefaultVerticalWithinDeg);
  std::future<SurfaceQuery> surface =
      std::async(std::launch::async, [&all, tolerance] { return SurfaceQuery(all, tolerance); });
  // Sprites are marked on the graph itself, in the scene's frame (z up), so that a detector intersecting a
  // copy of it finds the marks.
  if (options.find_sprites && !options.collision.sprites) scene.sprites = mark_sprites(all, spans);
  // A file read with a stated or assumed axis: do its faces agree? Judged by every face it draws, since the
  // collision set may be its walls alone (a case's default), which face sideways in any scene.
  if (options.up)
    if (std::string line = up_axis_warning(name, all, *options.up); !line.empty())
      scene.notes.push_back(std::move(line));
  scene.triangles =
      collision_triangles(*graph, options.vertical_only, options.vertical_tolerance_deg, options.collision);
  scene.collision = options.collision;
  scene.vertical_within_deg = options.vertical_only ? options.vertical_tolerance_deg : -1;
  if (scene.triangles.empty()) throw Error(name, "", no_collision_triangles(all.size(), scene.sprites, options));
  GroundGrid barrier_bottoms = build_ground_grid(scene.triangles);
  scene.surface = std::make_shared<const SurfaceQuery>(surface.get(), std::move(barrier_bottoms),
                                                       options.collision.above_road_max);
  graph->getBound();  // computed now, so that threads sharing the scene never compute it at once
  scene.graph = graph;
  scene.walls = std::move(walls);
  scene.name = std::move(name);
  return scene;
}

Scene make_scene(GeneratedScene generated) {
  SceneOptions all_collides;  // a built-in scene: all of it collides, at any height
  all_collides.collision.above_road_max = kNoHeightBand;
  return make_scene("", std::move(generated.graph), std::move(generated.walls), all_collides);
}

Scene load_scene(const std::string& name_or_path, const SceneOptions& options) {
  if (scene_registry().contains(name_or_path)) return make_registered_scene(name_or_path);
  const auto start = std::chrono::steady_clock::now();
  const OsgNoticeScope notices;
  const UpAxis read_as = options.up.value_or(format_up_axis(name_or_path));  // an OpenDRIVE file's: z
  Scene scene = [&] {
    try {
      if (is_opendrive_file(name_or_path)) return opendrive_scene(name_or_path, options);
      if (options.up && declares_up_axis(name_or_path))
        throw Error(name_or_path, "up_axis",
                    "a COLLADA file declares its own up axis (<asset><up_axis>), which OSG's reader applies: "
                    "expected no up_axis for it (one would turn the scene a second time)");
      SceneOptions file_options = options;
      file_options.find_sprites = true;
      file_options.up = read_as;
      return make_scene(name_or_path, read_scene_graph(name_or_path, options.decode_images), {}, file_options);
    } catch (const Error& e) {
      throw e.in_file(name_or_path);  // the graph's own checks name the node, not the file
    }
  }();
  scene.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (std::string line = summarise_notices(name_or_path, notices.finish()); !line.empty())
    scene.notes.push_back(std::move(line));
  if (std::string line = float_precision_warning(name_or_path, *scene.graph); !line.empty())
    scene.notes.push_back(std::move(line));
  // Once per load, never per notification.
  for (const std::string& note : scene.notes) std::cerr << "warning: " << note << '\n';
  return scene;
}

}  // namespace crashbench
