#pragma once
// A real track for detect_bench and scale_bench: the scene file named by the environment variable
// CRASHBENCH_BENCH_SCENE (CRASHBENCH_BENCH_UP=y for a y-up file such as TORCS's), read with the collision
// set a lap uses (docs/scenes.md "Driving the tracks": faces steeper than 45 degrees, TREE* left out),
// driven along its centre line (a TORCS road course, `crashbench scene centreline`) and 1.5 m to either
// side, a pose at each of the line's points (metres apart: each query a first one), or every
// CRASHBENCH_BENCH_STEP metres (0.125: a lap at 25 m/s in 5 ms steps, where clear boxes spare queries).
// An OpenDRIVE file (.xodr) is read with 1 m edge walls and driven along every driving lane of every
// road outside junctions (opendrive_lanes_drive), or, with CRASHBENCH_BENCH_JUNCTIONS=y, of every
// connecting road inside them (overlapping, cut fine on tight turns: the surface query's hard case).
// Each pose's ground_z comes from the surface query beforehand, so that the detect rows time detection
// alone and the surface row times the terrain following; scale_bench puts its lane traffic on the drive
// (lane_traffic.hpp). Header-only.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "cases/case.hpp"
#include "cases/loading/scene_source.hpp"
#include "core/error.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench {

struct BenchSceneFile {
  std::string label;                ///< "file:" + the file's stem, the benchmarks' scene name
  SceneSpec spec;                   ///< how it is read, as a case's scene (scale_bench's lane traffic)
  Scene scene;
  std::vector<VehiclePose> drive;   ///< centre line and +-1.5 m lanes, ground_z set
  std::vector<Vec2> points_W;       ///< the same CGs, for the surface row [m]
};

/// The benchmark scene name of CRASHBENCH_BENCH_SCENE, or "" when it is not set (no file benchmarks).
inline std::string bench_scene_label() {
  const char* path = std::getenv("CRASHBENCH_BENCH_SCENE");
  if (!path || !*path) return "";
  std::string stem = path;
  stem = stem.substr(stem.find_last_of('/') + 1);
  return "file:" + stem.substr(0, stem.find('.'));
}

/// CRASHBENCH_BENCH_STEP [m]: the laps' poses this far apart at most (0.125: 25 m/s at 5 ms), or 0 (unset):
/// the centre line's own points, metres apart, each a first query.
inline double bench_step() {
  const char* text = std::getenv("CRASHBENCH_BENCH_STEP");
  if (!text) return 0.0;
  char* end = nullptr;
  const double step = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(step > 0) || !std::isfinite(step))
    throw Error("CRASHBENCH_BENCH_STEP", "", std::string("'") + text + "': expected a distance in metres, more than 0");
  return step;
}

/// The file scene and its drive, loaded on first use (never at start-up: registration only needs the label).
inline const BenchSceneFile& bench_scene_file() {
  static const BenchSceneFile loaded = [] {
    BenchSceneFile f;
    const std::string path = std::getenv("CRASHBENCH_BENCH_SCENE");
    const char* up = std::getenv("CRASHBENCH_BENCH_UP");
    f.label = bench_scene_label();
    f.spec.file = std::filesystem::absolute(path).string();
    f.spec.up_axis = up && std::string(up) == "y" ? "y" : "z";
    f.spec.vertical_within_deg = 45;
    f.spec.collision.exclude = {"TREE*"};
    if (is_opendrive_file(path)) f.spec.opendrive.edge_height = kDefaultEdgeHeight;  // walls along every road
    f.scene = build_scene(f.spec);
    if (is_opendrive_file(path)) {
      const char* junctions = std::getenv("CRASHBENCH_BENCH_JUNCTIONS");
      const bool inside = junctions && std::string(junctions) == "y";
      f.drive = opendrive_lanes_drive(f.scene, path, inside ? OdrRoads::kInsideJunctions : OdrRoads::kOutsideJunctions);
    } else {
      std::ifstream in(path);
      if (!in) throw Error(path, "", "cannot read the file for its centre line");
      const Centreline line = read_centreline(in, path, {f.spec.up_axis == "y", 1.0});
      constexpr double kLanes[] = {0.0, 1.5, -1.5};
      f.drive = centreline_drive(f.scene, line, kLanes, bench_step());
    }
    for (const VehiclePose& p : f.drive) f.points_W.push_back(p.position_W);
    return f;
  }();
  return loaded;
}

/// The file scene, or null with `state` skipped and the load's error as its message (a file the drive
/// cannot be made on, as a TORCS .ac track without road strips): the benchmark says why, the others run.
inline const BenchSceneFile* bench_scene_file_or_skip(benchmark::State& state) {
  try {
    return &bench_scene_file();
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return nullptr;
  }
}

}  // namespace crashbench
