#include "detectors/scenes/files/texture_placeholders.hpp"

#include <osg/Image>

#include <algorithm>
#include <osg/Notify>
#include <osgDB/Callbacks>
#include <osgDB/FileUtils>
#include <osgDB/Registry>

namespace crashbench {
namespace {

/// A file osgDB cannot find is answered with its own name, so that the reader goes on to read it as an
/// image (and gets a placeholder) instead of dropping the texture.
class FindOrKeepName : public osgDB::FindFileCallback {
 public:
  std::string findDataFile(const std::string& name, const osgDB::Options* options,
                           osgDB::CaseSensitivity sensitivity) override {
    const std::string found = osgDB::Registry::instance()->findDataFileImplementation(name, options, sensitivity);
    return found.empty() ? name : found;
  }
};

class ReadOrPlaceholder : public osgDB::ReadFileCallback {
 public:
  explicit ReadOrPlaceholder(bool decode) : decode_(decode) {}
  osgDB::ReaderWriter::ReadResult readImage(const std::string& file, const osgDB::Options* options) override {
    const bool exists = osgDB::fileExists(file);
    if (exists && decode_) {
      osgDB::ReaderWriter::ReadResult read = osgDB::Registry::instance()->readImageImplementation(file, options);
      if (read.validImage()) return read;
    }
    if (!exists || decode_)
      OSG_FATAL << "crashbench: could not " << (exists ? "read" : "find") << " texture \"" << file
                << "\" (kept by its file name, without its image)" << std::endl;
    osg::ref_ptr<osg::Image> placeholder = new osg::Image;
    placeholder->allocateImage(1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE);
    std::fill_n(placeholder->data(), 4, static_cast<unsigned char>(255));  // opaque white
    placeholder->setFileName(file);
    return placeholder.get();
  }

 private:
  bool decode_;
};

}  // namespace

osg::ref_ptr<osgDB::Options> options_keeping_texture_names(bool decode_images) {
  osg::ref_ptr<osgDB::Options> options = new osgDB::Options;
  options->setFindFileCallback(new FindOrKeepName);
  options->setReadFileCallback(new ReadOrPlaceholder(decode_images));
  return options;
}

}  // namespace crashbench
