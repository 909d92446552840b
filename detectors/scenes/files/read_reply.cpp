#include "detectors/scenes/files/read_reply.hpp"

#include <osg/Geometry>
#include <osg/NodeVisitor>
#include <osg/Texture>
#include <osgDB/ObjectWrapper>
#include <osgDB/Registry>

#include <cstring>
#include <mutex>
#include <sstream>

#include "detectors/scenes/files/osg_notify.hpp"

namespace crashbench {
namespace {

class CensusTaker : public osg::NodeVisitor {
 public:
  CensusTaker() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
  void apply(osg::Node& node) override {
    ++census.nodes;
    count_texture_names(node.getStateSet());
    traverse(node);
  }
  void apply(osg::Drawable& drawable) override {
    ++census.drawables;
    if (const osg::Geometry* geometry = drawable.asGeometry()) {
      if (const osg::Array* vertices = geometry->getVertexArray()) census.vertices += vertices->getNumElements();
      for (unsigned i = 0; i < geometry->getNumPrimitiveSets(); ++i)
        census.indices += geometry->getPrimitiveSet(i)->getNumIndices();
    }
    apply(static_cast<osg::Node&>(drawable));
  }
  GraphCensus census;

 private:
  void count_texture_names(const osg::StateSet* state) {
    if (!state) return;
    for (const osg::StateSet::AttributeList& unit : state->getTextureAttributeList())
      for (const auto& [type, attribute] : unit)
        if (const auto* texture = dynamic_cast<const osg::Texture*>(attribute.first.get()))
          for (unsigned i = 0; i < texture->getNumImages(); ++i)
            if (const osg::Image* image = texture->getImage(i)) census.texture_names += image->getFileName().size();
  }
};

template <class T>
void put(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

void put_text(std::string& out, std::string_view text) {
  put<std::uint64_t>(out, text.size());
  out.append(text);
}

/// Reads the reply's fields in order; any read past the end leaves it failed.
class ReplyReader {
 public:
  explicit ReplyReader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    T value{};
    if (!take(sizeof value)) return value;
    std::memcpy(&value, bytes_.data() + at_ - sizeof value, sizeof value);
    return value;
  }
  std::string get_text() {
    const auto size = get<std::uint64_t>();
    if (!take(size)) return {};
    return std::string(bytes_.substr(at_ - size, size));
  }
  bool ok() const { return ok_; }

 private:
  bool take(std::uint64_t size) {
    if (!ok_ || size > bytes_.size() - at_) return ok_ = false;
    at_ += size;
    return true;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

osgDB::ReaderWriter& osgb_plugin() {
  osgDB::ReaderWriter* plugin = osgDB::Registry::instance()->getReaderWriterForExtension("osgb");
  if (!plugin) throw std::runtime_error("no osgDB plugin for .osgb");
  return *plugin;
}

}  // namespace

void load_osgb_serializers() {
  static std::once_flag once;
  std::call_once(once, [] {
    const OsgNoticesUncounted loading;  // OSG narrates the libraries it looks for
    (void)osgb_plugin();
    (void)osgDB::Registry::instance()->getObjectWrapperManager()->findWrapper("osg::Group");
  });
}

GraphCensus census_of(osg::Node& graph) {
  CensusTaker taker;
  graph.accept(taker);
  return taker.census;
}

void RecordingNotifyHandler::notify(osg::NotifySeverity severity, const char* message) {
  notices_.emplace_back(severity, message);
}

std::string encode_read_reply(const std::vector<std::pair<osg::NotifySeverity, std::string>>& notices,
                              osg::Node* graph) {
  std::string out;
  put<std::uint64_t>(out, notices.size());
  for (const auto& [severity, text] : notices) {
    put<std::int32_t>(out, severity);
    put_text(out, text);
  }
  put<std::uint8_t>(out, graph != nullptr);
  std::ostringstream osgb(std::ios::binary);
  // Images travel inside the .osgb, so that their file names (what the collision filter reads) do too
  // and nothing is looked up on disk again.
  const osg::ref_ptr<osgDB::Options> inline_images = new osgDB::Options("WriteImageHint=IncludeData");
  const bool written = graph && osgb_plugin().writeNode(*graph, osgb, inline_images.get()).success();
  put<std::uint8_t>(out, written);
  if (!written) return out;
  const GraphCensus census = census_of(*graph);
  for (const std::uint64_t count :
       {census.nodes, census.drawables, census.vertices, census.indices, census.texture_names})
    put<std::uint64_t>(out, count);
  put_text(out, osgb.view());
  return out;
}

std::optional<ReadReply> decode_read_reply(std::string_view bytes) {
  ReplyReader in(bytes);
  ReadReply reply;
  for (auto n = in.get<std::uint64_t>(); in.ok() && n > 0; --n) {
    const auto severity = static_cast<osg::NotifySeverity>(in.get<std::int32_t>());
    reply.notices.emplace_back(severity, in.get_text());
  }
  reply.read_a_graph = in.get<std::uint8_t>() != 0;
  if (in.get<std::uint8_t>() != 0) {
    GraphCensus census;
    for (std::uint64_t* count : {&census.nodes, &census.drawables, &census.vertices, &census.indices,
                                 &census.texture_names})
      *count = in.get<std::uint64_t>();
    reply.census = census;
    reply.osgb = in.get_text();
  }
  if (!in.ok()) return std::nullopt;
  return reply;
}

osg::ref_ptr<osg::Node> graph_of(const ReadReply& reply) {
  if (!reply.census) return nullptr;
  const OsgNoticesUncounted transport;  // OSG narrates loading its serializers and the stream's byte order
  // The bytes come from a process that ran a plugin on a hostile file: whatever goes wrong reading them
  // back only costs a second read (after the child survived the file).
  try {
    std::istringstream osgb(reply.osgb, std::ios::binary);
    osgDB::ReaderWriter::ReadResult read = osgb_plugin().readNode(osgb, nullptr);
    osg::ref_ptr<osg::Node> graph = read.takeNode();
    if (!graph || census_of(*graph) != *reply.census) return nullptr;
    return graph;
  } catch (...) {
    return nullptr;
  }
}

void replay_notices(const ReadReply& reply) {
  osg::NotifyHandler* handler = osg::getNotifyHandler();
  if (!handler) return;
  for (const auto& [severity, text] : reply.notices) handler->notify(severity, text.c_str());
}

}  // namespace crashbench
