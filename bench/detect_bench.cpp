// Per-step detection cost of every detector on every registered scene that has a drive: one vehicle's rectangle (four edge
// segments, every crossing with its normal, contacts built) per iteration, the poses cycling through a
// scripted drive that weaves into and out of the walls. Structures are built in prepare, outside the timer
// and once per benchmark (Google Benchmark calls the function several times while it picks the iteration
// count); their build time and the bytes allocated while building are counters, and so are the
// allocations made inside detect() (allocs_per_step). Embree is the reference ray engine when installed.
//
//   build/release/bench/detect_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// A real track or an OpenDRIVE road as well (bench_scene_file.hpp): CRASHBENCH_BENCH_SCENE=FILE
// [CRASHBENCH_BENCH_UP=y] adds detect/file:NAME/<detector> for tree, the three OSG variants and Embree, and
// surface/file:NAME, the terrain-following query per vehicle-step.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>

#include "detectors/detector.hpp"
#include "detectors/swept.hpp"
#include "testkit/counting_allocator.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "bench/bench_scene_file.hpp"
#ifdef CRASHBENCH_HAVE_EMBREE
#include "bench/detect_bench_embree.hpp"
#endif

namespace crashbench {
namespace {

const Scene& cached_scene(const std::string& name) {
  if (name == bench_scene_label()) return bench_scene_file().scene;
  static std::map<std::string, Scene> scenes;
  auto it = scenes.find(name);
  if (it == scenes.end()) it = scenes.emplace(name, make_registered_scene(name)).first;
  return it->second;
}

/// The drive of a registered scene, or the file scene's laps; each pose on the surface under it, as the
/// runner places it before detection, so that the rows time detection alone (surface/... times the query).
std::vector<VehiclePose> drive_of(const std::string& name) {
  if (name == bench_scene_label()) return bench_scene_file().drive;
  std::vector<VehiclePose> poses = scene_registry().at(name).drive();
  follow_surface(cached_scene(name), poses);
  return poses;
}

/// A registered detector, or Embree. (Named apart from crashbench::make_detector: an overload taking
/// const std::string& would call itself.)
std::unique_ptr<Detector> make_bench_detector(const std::string& name) {
#ifdef CRASHBENCH_HAVE_EMBREE
  if (name == "embree") return std::make_unique<EmbreeDetector>();
#endif
  return make_detector(std::string_view(name));
}

/// The detector of the benchmark that runs now, prepared once; only one is kept (the 1M-triangle
/// structures are large).
struct PreparedDetector {
  std::string key;
  std::unique_ptr<Detector> detector;
  double build_ms = 0, build_mb = 0;
};

PreparedDetector& prepared(const Scene& scene, const std::string& scene_name, const std::string& detector_name) {
  static PreparedDetector current;
  const std::string key = scene_name + "/" + detector_name;
  if (current.key == key) return current;
  current = {};
  current.detector = make_bench_detector(detector_name);
  const std::int64_t bytes_before = testing::allocated_bytes();
  const auto t0 = std::chrono::steady_clock::now();
  current.detector->prepare(scene, 1);
  current.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  current.build_mb = static_cast<double>(testing::allocated_bytes() - bytes_before) / 1e6;
  current.key = key;
  return current;
}

void detect_step(benchmark::State& state, const std::string& scene_name, const std::string& detector_name) {
  const Scene& scene = cached_scene(scene_name);
  const std::vector<VehiclePose> poses = drive_of(scene_name);
  PreparedDetector& p = prepared(scene, scene_name, detector_name);
  Detector* detector = p.detector.get();
  const double build_ms = p.build_ms, build_mb = p.build_mb;
  std::vector<Contact> out;
  out.reserve(64);
  DetectorStats stats;
  std::size_t i = 0, contacts = 0;
  const std::int64_t allocs_before = testing::allocation_count();
  for (auto _ : state) {
    out.clear();
    detector->detect(std::span(&poses[i], 1), out, stats);
    contacts += out.size();
    benchmark::DoNotOptimize(out.data());
    i = i + 1 == poses.size() ? 0 : i + 1;
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["allocs_per_step"] = static_cast<double>(testing::allocation_count() - allocs_before) / n;
  state.counters["build_ms"] = build_ms;
  state.counters["build_alloc_MB"] = build_mb;
  state.counters["contacts_per_step"] = static_cast<double>(contacts) / n;
  state.counters["tested_per_step"] = static_cast<double>(stats.primitives_tested) / n;
  state.counters["nodes_per_step"] = static_cast<double>(stats.nodes_visited) / n;
  state.counters["triangles"] = static_cast<double>(scene.triangles.size());
}

/// The swept query of one step: detect at pose i + 1 of the drive, then sweep from pose i (the `sweep`
/// phase's cost on top of `detect`). Compare with detect/<scene>/<detector> for what sweeping adds.
void sweep_step(benchmark::State& state, const std::string& scene_name, const std::string& detector_name) {
  const Scene& scene = cached_scene(scene_name);
  const std::vector<VehiclePose> poses = drive_of(scene_name);
  Detector* detector = prepared(scene, scene_name, detector_name).detector.get();
  std::vector<Contact> out;
  out.reserve(64);
  SweepScratch scratch;
  scratch.prepare(1);
  DetectorStats stats;
  std::size_t i = 0, contacts = 0;
  const std::int64_t allocs_before = testing::allocation_count();
  for (auto _ : state) {
    const std::size_t next = i + 1 == poses.size() ? 0 : i + 1;
    out.clear();
    detect_swept(*detector, std::span(&poses[i], 1), std::span(&poses[next], 1), out, stats, scratch);
    contacts += out.size();
    benchmark::DoNotOptimize(out.data());
    i = next;
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["allocs_per_step"] = static_cast<double>(testing::allocation_count() - allocs_before) / n;
  state.counters["contacts_per_step"] = static_cast<double>(contacts) / n;
  state.counters["tested_per_step"] = static_cast<double>(stats.primitives_tested) / n;
}

/// The terrain following of the file scene: one surface query per vehicle-step along its drive, each
/// hinted with the previous answer and face as the runner does.
void surface_step(benchmark::State& state) {
  const BenchSceneFile& f = bench_scene_file();
  std::size_t i = 0;
  double hint = kHighest;
  int face = -1;
  for (auto _ : state) {
    const double z = f.scene.surface->height_below(f.points_W[i], hint, face);
    hint = std::isnan(z) ? kHighest : z;
    benchmark::DoNotOptimize(z);
    i = i + 1 == f.points_W.size() ? 0 : i + 1;
  }
  state.counters["triangles"] = static_cast<double>(f.scene.triangles.size());
  const SurfaceQuery::Layout layout = f.scene.surface->layout();
  state.counters["surface_faces"] = f.scene.surface->surface_triangles();
  state.counters["cell_m"] = layout.cell;
  const long long listed = layout.entries + layout.cells + layout.sub_entries;
  state.counters["listed_MB"] = static_cast<double>(listed) * sizeof(int) / 1e6;
}

/// The file scene's rows: the detectors a real-track user would weigh, and the surface query.
void register_file_scene(const std::vector<std::string>& names) {
  const std::string scene = bench_scene_label();
  if (scene.empty()) return;
  for (const std::string& d : names)
    if (d == "tree" || d.starts_with("osg") || d == "embree")
      benchmark::RegisterBenchmark(("detect/" + scene + "/" + d).c_str(), [scene, d](benchmark::State& s) {
        if (bench_scene_file_or_skip(s)) detect_step(s, scene, d);
      });
  benchmark::RegisterBenchmark(("surface/" + scene).c_str(), [](benchmark::State& s) {
    if (bench_scene_file_or_skip(s)) surface_step(s);
  });
}

/// Registers scene x detector at start-up.
const bool kRegistered = [] {
  std::vector<std::string> names;
  for (const auto& e : detectors()) names.emplace_back(e.name);
#ifdef CRASHBENCH_HAVE_EMBREE
  names.emplace_back("embree");
#endif
  for (const SceneEntry& entry : scene_registry().entries()) {
    if (!entry.drive) continue;  // nothing to touch
    const std::string scene(entry.name);
    for (const std::string& d : names)
      benchmark::RegisterBenchmark(("detect/" + scene + "/" + d).c_str(),
                                   [scene, d](benchmark::State& s) { detect_step(s, scene, d); });
    for (const std::string& d : names)
      if (d != "embree")
        benchmark::RegisterBenchmark(("sweep/" + scene + "/" + d).c_str(),
                                     [scene, d](benchmark::State& s) { sweep_step(s, scene, d); });
  }
  register_file_scene(names);
  return true;
}();

}  // namespace
}  // namespace crashbench
