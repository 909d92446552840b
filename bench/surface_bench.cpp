// Cost of the downward surface query per vehicle per step (detectors/scenes/surface_query.hpp): one
// vehicle driving the visual track's lap (road, terrain, trees), or any scene file given in the
// environment variable CRASHBENCH_SURFACE_SCENE (z-up; CRASHBENCH_SURFACE_UP=y for y-up files) on a grid
// of points over its bounds.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/surface_query.hpp"

namespace crashbench {
namespace {

/// Points to query: the track-visual lap, or a 200 x 200 grid over a scene file's triangles.
std::vector<Vec2> query_points(const Scene& scene, bool from_file) {
  std::vector<Vec2> points;
  if (!from_file) {
    for (const VehiclePose& p : scene_registry().at("track-visual").drive()) points.push_back(p.position_W);
    return points;
  }
  Vec2 lo = scene.triangles.front().a_W.head<2>(), hi = lo;
  for (const Triangle& t : scene.triangles) lo = lo.cwiseMin(t.a_W.head<2>()), hi = hi.cwiseMax(t.a_W.head<2>());
  for (int i = 0; i < 200; ++i)
    for (int j = 0; j < 200; ++j) points.push_back(lo + Vec2((hi - lo).x() * i / 199.0, (hi - lo).y() * j / 199.0));
  return points;
}

void BM_SurfaceQuery(benchmark::State& state) {
  const char* file = std::getenv("CRASHBENCH_SURFACE_SCENE");
  const char* up = std::getenv("CRASHBENCH_SURFACE_UP");
  SceneOptions options;
  if (up && std::string(up) == "y") options.up = UpAxis::kY;
  const Scene scene = file ? load_scene(file, options) : load_scene("track-visual");
  const std::vector<Vec2> points = query_points(scene, file != nullptr);
  std::size_t i = 0;
  double hint = kHighest;
  long long missing = 0;
  int face = -1;
  for (auto _ : state) {
    const double z = scene.surface->height_below(points[i], hint, face);
    if (std::isnan(z)) ++missing, hint = kHighest; else hint = z;
    benchmark::DoNotOptimize(z);
    i = (i + 1) % points.size();
  }
  state.counters["surface_triangles"] = scene.surface->surface_triangles();
  state.counters["missing_share"] = static_cast<double>(missing) / static_cast<double>(state.iterations());
  state.SetLabel(file ? file : "track-visual");
}
BENCHMARK(BM_SurfaceQuery);

}  // namespace
}  // namespace crashbench
