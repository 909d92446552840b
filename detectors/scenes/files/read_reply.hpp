#pragma once
// What the child that reads a scene file (contained_read.hpp) sends back to the process that started it:
// the notifications OSG sent during the read, and the graph as .osgb bytes with a census of it, so that
// the parent reads the file once and can tell a graph the round trip did not keep whole.
#include <osg/Node>
#include <osg/Notify>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crashbench {

/// What a graph holds, counted the same way on both sides of the round trip: a node class without an .osgb
/// serializer is dropped by the writer with a notice, and so is whatever hangs below it.
struct GraphCensus {
  std::uint64_t nodes = 0;
  std::uint64_t drawables = 0;
  std::uint64_t vertices = 0;
  std::uint64_t indices = 0;
  std::uint64_t texture_names = 0;  ///< the bytes of the texture images' file names (the collision filter reads them)
  bool operator==(const GraphCensus&) const = default;
};
GraphCensus census_of(osg::Node& graph);

/// Records every notification sent while it is OSG's handler (in the child).
class RecordingNotifyHandler : public osg::NotifyHandler {
 public:
  void notify(osg::NotifySeverity severity, const char* message) override;
  const std::vector<std::pair<osg::NotifySeverity, std::string>>& notices() const { return notices_; }

 private:
  std::vector<std::pair<osg::NotifySeverity, std::string>> notices_;
};

struct ReadReply {
  std::vector<std::pair<osg::NotifySeverity, std::string>> notices;
  /// Whether the plugin read a graph; the graph is sent only if .osgb could write it.
  bool read_a_graph = false;
  std::optional<GraphCensus> census;
  std::string osgb;
};

/// Loads OSG's .osgb plugin and its serializers for osg's own classes (once): called before the child is
/// forked, so that the child inherits them and the two processes load them once between them.
void load_osgb_serializers();

/// The reply as bytes: `graph` may be null (the plugin read nothing). Throws whatever writing the .osgb threw.
std::string encode_read_reply(const std::vector<std::pair<osg::NotifySeverity, std::string>>& notices,
                              osg::Node* graph);
/// The reply from its bytes; std::nullopt if they are cut short (a child that died while writing).
std::optional<ReadReply> decode_read_reply(std::string_view bytes);

/// The graph in `reply`, read back from its .osgb, or nullptr when it is not there or does not match the
/// child's census (the caller then reads the file itself).
osg::ref_ptr<osg::Node> graph_of(const ReadReply& reply);

/// Sends each notice to OSG's handler as if the read had happened here.
void replay_notices(const ReadReply& reply);

}  // namespace crashbench
