// Reading an AC3D scene file into a graph (docs/scenes.md, "AC3D read here"): crashbench's own parser in
// this process, OpenSceneGraph's AC3D reader in this process, and that reader in the child that sends its
// graph back as .osgb (contained_read.hpp: what every AC3D file cost before). The file is a generated
// AC3D road of 100,000 triangles (textured strips of quads, as a track's), or CRASHBENCH_READ_SCENE=FILE
// (.ac or .acc, e.g. a torcs-data track):
//
//   CRASHBENCH_READ_SCENE=/usr/share/games/torcs/tracks/road/forza/forza.acc build/release/bench/scene_read_bench
#include <benchmark/benchmark.h>

#include <osgDB/ReadFile>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "detectors/scenes/files/ac3d_reader.hpp"
#include "detectors/scenes/files/acc_reader.hpp"
#include "detectors/scenes/files/contained_read.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/texture_placeholders.hpp"

namespace crashbench {
namespace {

/// A road of `objects` textured strips, each of `quads` quads (two triangles each), as AC3D text.
std::string generated_road(int objects, int quads) {
  std::string text = "AC3Db\nMATERIAL \"grey\" rgb 0.5 0.5 0.5 amb 0.5 0.5 0.5 emis 0 0 0 spec 0 0 0 shi 0 trans 0\n";
  text += "OBJECT world\nkids " + std::to_string(objects) + "\n";
  for (int o = 0; o < objects; ++o) {
    text += "OBJECT poly\nname \"road" + std::to_string(o) + "\"\ntexture \"asphalt.png\"\n";
    text += "numvert " + std::to_string(2 * (quads + 1)) + "\n";
    for (int k = 0; k <= quads; ++k)
      for (const double y : {-5.0, 5.0}) text += std::to_string(o * 100.0 + k * 0.731) + " " + std::to_string(y) + " 0.125\n";
    text += "numsurf " + std::to_string(quads) + "\n";
    for (int k = 0; k < quads; ++k)
      text += "SURF 0x10\nmat 0\nrefs 4\n" + std::to_string(2 * k) + " 0 0\n" + std::to_string(2 * k + 2) + " 1 0\n" +
              std::to_string(2 * k + 3) + " 1 1\n" + std::to_string(2 * k + 1) + " 0 1\n";
    text += "kids 0\n";
  }
  return text;
}

/// The file to read: CRASHBENCH_READ_SCENE, or the generated road written once.
const std::string& scene_file() {
  static const std::string path = [] {
    if (const char* file = std::getenv("CRASHBENCH_READ_SCENE")) return std::string(file);
    const std::string generated = (std::filesystem::temp_directory_path() / "crashbench-read-bench.ac").string();
    std::ofstream(generated) << generated_road(500, 100);
    return generated;
  }();
  return path;
}

/// Runs `read` on the file each iteration; its graph must come back.
template <class Read>
void time_reads(benchmark::State& state, Read read) {
  install_osg_notify_handler();
  set_osg_verbose(false);
  register_acc_reader();
  const osg::ref_ptr<osgDB::Options> options = options_keeping_texture_names(false);
  for (auto _ : state) {
    const osg::ref_ptr<osg::Node> graph = read(scene_file(), options.get());
    if (!graph) {
      state.SkipWithError(("no graph read from " + scene_file()).c_str());
      return;
    }
    benchmark::DoNotOptimize(graph.get());
  }
  state.counters["file_MB"] = static_cast<double>(std::filesystem::file_size(scene_file())) / 1e6;
}

void BM_ReadCrashbench(benchmark::State& state) {
  time_reads(state, [](const std::string& path, const osgDB::Options* options) {
    std::string declined;
    return read_ac3d_here(path, options, declined);
  });
}

void BM_ReadOsgHere(benchmark::State& state) {
  time_reads(state, [](const std::string& path, const osgDB::Options* options) {
    return osgDB::readRefNodeFile(path, options);
  });
}

void BM_ReadOsgInChild(benchmark::State& state) {
  time_reads(state, [](const std::string& path, const osgDB::Options* options) { return read_contained(path, options); });
}

BENCHMARK(BM_ReadCrashbench)->Name("read/crashbench")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadOsgHere)->Name("read/osg")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadOsgInChild)->Name("read/osg-child")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace crashbench
