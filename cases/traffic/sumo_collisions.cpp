// read_collisions (sumo_files.hpp): SUMO's collision output (--collision-output), streamed.
#include <fmt/format.h>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"

namespace crashbench::sumo {
namespace {

class CollisionCollector final : public XmlHandler {
 public:
  explicit CollisionCollector(const std::string& file)
      : stream_(file, "a SUMO collision output (--collision-output)", *this), values_(stream_.file()) {}

  std::vector<Collision> read() {
    while (stream_.read()) {
    }
    return std::move(collisions_);
  }

  void start(const XmlElement& e) override {
    if (e.depth == 0 && e.name != "collisions")
      values_.fail(e, "", fmt::format("expected the root <collisions> of {}, found <{}>", stream_.kind(), e.name));
    if (e.name != "collision") return;
    if (e.depth != 1)
      values_.fail(e, "", fmt::format("inside <{}>: expected each <collision> directly inside <collisions>", e.parent));
    Collision c;
    c.time = values_.number(e, "time");
    if (!collisions_.empty()) {
      const Collision& previous = collisions_.back();
      if (c.time < previous.time)
        values_.unexpected(e, "time",
                           fmt::format("a time no earlier than the previous collision's {} s (line {})", previous.time,
                                       previous.line));
    }
    c.type = optional_text(e, "type");
    c.lane = optional_text(e, "lane");
    c.collider = values_.text(e, "collider");
    c.victim = values_.text(e, "victim");
    if (c.victim == c.collider) values_.unexpected(e, "victim", "a vehicle other than the collider");
    c.collider_speed = values_.number(e, "colliderSpeed");
    c.victim_speed = values_.number(e, "victimSpeed");
    c.line = e.line;
    collisions_.push_back(std::move(c));
  }

  void end(std::string_view, int) override {}

 private:
  static std::string optional_text(const XmlElement& e, std::string_view key) {
    const char* text = e.find(key);
    return text ? text : "";
  }

  XmlFileStream stream_;
  XmlValues values_;
  std::vector<Collision> collisions_;
};

}  // namespace

std::vector<Collision> read_collisions(const std::string& file) { return CollisionCollector(file).read(); }

}  // namespace crashbench::sumo
