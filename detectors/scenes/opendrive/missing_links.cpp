#include "detectors/scenes/opendrive/missing_links.hpp"

#include <set>

#include <fmt/format.h>

namespace crashbench::odr {

std::vector<MissingLink> missing_links(const Network& net) {
  std::set<std::string> roads, junctions, lived_in;  // lived_in: junctions some road lies in
  for (const Road& r : net.roads) roads.insert(r.id), lived_in.insert(r.junction);
  for (const RoadWithoutLength& r : net.without_length) roads.insert(r.id);  // in the file, only not built
  for (const Junction& j : net.junctions) junctions.insert(j.id);
  std::vector<MissingLink> out;
  for (const Road& r : net.roads)
    for (const auto& [link, name] : {std::pair{&r.predecessor, "predecessor"}, {&r.successor, "successor"}}) {
      const bool road = link->element_type == "road", junction = link->element_type == "junction";
      if ((road && !roads.count(link->element_id)) || (junction && !junctions.count(link->element_id)))
        out.push_back({fmt::format("road '{}' (line {}) {}", r.id, r.line, name),
                       fmt::format("{} '{}'", link->element_type, link->element_id), road,
                       junction && !lived_in.count(link->element_id)});
    }
  for (const Junction& j : net.junctions)
    for (const Connection& c : j.connections)
      for (const auto& [id, name] :
           {std::pair{&c.incoming_road, "incomingRoad"}, {&c.connecting_road, "connectingRoad"}})
        if (!id->empty() && !roads.count(*id))
          out.push_back({fmt::format("junction '{}' connection '{}' {}", j.id, c.id, name),
                         fmt::format("road '{}'", *id), true});
  return out;
}

}  // namespace crashbench::odr
