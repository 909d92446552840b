#include "detectors/scenes/files/scene_io.hpp"

#include <osg/MatrixTransform>
#include <osgDB/FileNameUtils>
#include <osgDB/Registry>
#include <osgDB/WriteFile>

#include <filesystem>

#include "core/error.hpp"
#include "detectors/scenes/files/ac3d_guard.hpp"
#include "detectors/scenes/files/ac3d_reader.hpp"
#include "detectors/scenes/files/acc_reader.hpp"
#include "detectors/scenes/files/contained_read.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/osgt_guard.hpp"
#include "detectors/scenes/files/texture_placeholders.hpp"

namespace crashbench {
namespace {

/// Throws unless some osgDB plugin claims the extension of `path`.
void require_plugin(const std::string& path) {
  register_acc_reader();
  install_osg_notify_handler();
  const std::string ext = osgDB::getLowerCaseFileExtension(path);
  if (ext.empty()) throw Error(path, "", "no file extension: cannot tell the scene format");
  if (!osgDB::Registry::instance()->getReaderWriterForExtension(ext))
    throw Error(path, "", "unsupported scene format '." + ext + "' (no osgDB plugin for it)");
}

}  // namespace

osg::ref_ptr<osg::Node> read_scene_graph(const std::string& path, bool decode_images) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw Error(path, "", "scene file not found");
  require_plugin(path);
  // A TORCS .acc is AC3D too, its lines handed on to OSG's AC3D reader as they are (acc_reader.hpp).
  // Some of osgDB's readers trust the counts a file announces (ac3d_guard.hpp, osgt_guard.hpp).
  const osg::ref_ptr<osgDB::Options> options = options_keeping_texture_names(decode_images);
  // OSG's OBJ reader turns the file a quarter about X, taking it as y-up: read as the file has it, so that
  // the scene's up axis (SceneOptions::up, y by default for OBJ) is the file's for every format.
  const std::string ext = osgDB::getLowerCaseFileExtension(path);
  if (ext == "obj") options->setOptionString("noRotation");
  if (ext == "ac" || ext == "acc") {
    // Read here when crashbench's own AC3D parser takes the file (ac3d_reader.hpp), which it does for every
    // torcs-data track; what it declines goes to OSG's reader in the child below, the counts checked first.
    // The parser declines every count the guard refuses in what it reads (it reads nothing after the world
    // object, and neither does OSG's reader), so the guard's pass over the file is needed only for OSG's.
    std::string declined;
    if (!decode_images)
      if (osg::ref_ptr<osg::Node> graph = read_ac3d_here(path, options.get(), declined)) return graph;
    check_ac3d_counts(path);
  } else if (ext == "osgt") {
    check_osgt_counts(path);
  }
  const osg::ref_ptr<osg::Node> node = read_contained(path, options.get());
  if (!node) throw Error(path, "", "osgDB could not read this file as a scene graph");
  return node;
}

void write_scene_graph(const osg::Node& graph, const std::string& path) {
  require_plugin(path);
  // Like any output option, a missing folder is made rather than refused.
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec) throw Error(path, "", "cannot create the folder: " + ec.message());
  // ASCII formats print 6 significant digits by default: millimetres lost 1 km from the origin.
  const std::string ext = osgDB::getLowerCaseFileExtension(path);
  osg::ref_ptr<osgDB::Options> options = (ext == "osgt" || ext == "osg") ? new osgDB::Options("precision 9") : nullptr;
  // OBJ is y-up (format_up_axis): written as it is, a scene read back by default lay on its side.
  osg::ref_ptr<const osg::Node> written = &graph;
  if (ext == "obj") {
    osg::ref_ptr<osg::MatrixTransform> y_up = new osg::MatrixTransform(osg::Matrixd::rotate(-osg::PI_2, osg::X_AXIS));
    y_up->addChild(const_cast<osg::Node*>(&graph));  // read only: the writer visits it
    written = y_up;
  }
  const osgDB::ReaderWriter::WriteResult result = osgDB::Registry::instance()->writeNode(*written, path, options.get());
  if (!result.success())
    throw Error(path, "", "osgDB could not write the scene" +
                              (result.message().empty() ? std::string() : ": " + result.message()));
}

}  // namespace crashbench
