#include "app/scene_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "detectors/scenes/osg_notify.hpp"
#include "detectors/scenes/scene_io.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "detectors/scenes/scene_report.hpp"

namespace crashbench {
namespace {

/// Options shared by the subcommands, kept alive as long as the App.
struct SceneArgs {
  std::string name, output, file, up = "z";
  double unit_scale = 1.0;
  bool vertical_only = false;
  bool verbose = false;
  double tolerance_deg = kVerticalToleranceDeg;

  SceneOptions options() const {
    if (up != "z" && up != "y") throw Error(file, "--up", "expected 'z' or 'y', got '" + up + "'");
    SceneOptions o;
    o.up = up == "y" ? UpAxis::kY : UpAxis::kZ;
    o.unit_scale = unit_scale;
    o.vertical_only = vertical_only;
    o.vertical_tolerance_deg = tolerance_deg;
    return o;
  }
};

void make(const SceneArgs& args) {
  const Scene scene = make_registered_scene(args.name);
  if (!scene.graph) throw Error("", "name", "scene '" + args.name + "' has walls only: no scene graph to write");
  write_scene_graph(*scene.graph, args.output);
  const TriangleCensus c = census(*scene.graph);
  std::cout << fmt::format("wrote {}: {} triangles, {} vertical\n", args.output, c.total, c.vertical);
}

/// Every registered scene, one per line with its summary (`scene list`, `scene make --help`).
std::string scene_lines() {
  std::string out;
  for (const auto& e : scene_registry().entries()) out += fmt::format("  {:16} {}\n", e.name, e.summary);
  return out;
}

void list() { std::cout << scene_lines(); }

}  // namespace

void add_scene_commands(CLI::App& app) {
  auto args = std::make_shared<SceneArgs>();
  CLI::App* scene = app.add_subcommand("scene", "generate scene files and describe them");
  scene->require_subcommand(1);

  CLI::App* make_cmd = scene->add_subcommand("make", "write a registered scene in any format osgDB can write");
  make_cmd->add_option("name", args->name, "a scene from `crashbench scene list`")->required();
  make_cmd->add_option("-o,--output", args->output, "file to write (.osgt, .osgb, .ive, .flt, ...)")->required();
  // Built when help is shown, so scenes of a plugin loaded by --plugin are listed too.
  make_cmd->footer([] { return "Registered scenes:\n" + scene_lines(); });
  make_cmd->callback([args] { make(*args); });

  CLI::App* info = scene->add_subcommand("info", "triangle counts, bounds and vertical triangles of a scene file");
  info->add_option("file", args->file, "any osgDB-readable scene file")->required();
  info->add_option("--up", args->up, "up axis of the file: z (default) or y");
  info->add_option("--unit-scale", args->unit_scale, "metres per file unit");
  info->add_flag("--vertical-only", args->vertical_only, "count only vertical triangles for collision");
  info->add_option("--vertical-tolerance-deg", args->tolerance_deg, "normal within this of horizontal [deg]");
  info->add_flag("--verbose", args->verbose, "show every OpenSceneGraph notification, not just the summary");
  info->callback([args] {
    if (args->verbose) set_osg_verbose(true);  // else CRASHBENCH_VERBOSE decides
    std::cout << describe_scene_file(args->file, args->options());
  });

  scene->add_subcommand("list", "the registered scenes")->callback(list);
}

}  // namespace crashbench
