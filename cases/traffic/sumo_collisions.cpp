// read_collisions (sumo_files.hpp): SUMO's collision output (--collision-output), streamed.
#include <fmt/format.h>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"

namespace crashbench::sumo {
namespace {

class CollisionCollector final : public XmlListReader<Collision> {
 public:
  explicit CollisionCollector(const std::string& file)
      : XmlListReader(file, {"a SUMO collision output (--collision-output)", {"collisions"}}) {}

  void start(const XmlElement& e) override {
    if (e.name != "collision") return;
    if (e.depth != 1)
      values_.fail(e, "", fmt::format("inside <{}>: expected each <collision> directly inside <collisions>", e.parent));
    Collision c;
    c.time = values_.time(e, "time");
    if (!items_.empty() && c.time < items_.back().time)
      values_.unexpected(e, "time",
                         fmt::format("a time no earlier than the previous collision's {} s (line {})",
                                     items_.back().time, items_.back().line));
    c.type = e.find_or_empty("type");
    c.lane = e.find_or_empty("lane");
    c.collider = values_.text(e, "collider");
    c.victim = values_.text(e, "victim");
    if (c.victim == c.collider) values_.unexpected(e, "victim", "a vehicle other than the collider");
    c.collider_speed = values_.number(e, "colliderSpeed");
    c.victim_speed = values_.number(e, "victimSpeed");
    c.line = e.line;
    items_.push_back(std::move(c));
  }
};

}  // namespace

std::vector<Collision> read_collisions(const std::string& file) { return CollisionCollector(file).read(); }

}  // namespace crashbench::sumo
