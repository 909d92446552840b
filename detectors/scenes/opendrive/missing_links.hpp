#pragma once
// Links to what a file does not have: a road's predecessor or successor naming a road or junction, or a
// junction's connection naming an incoming or connecting road, that no element of the file carries.
// Lane routes cannot follow such a link, and SUMO's netconvert stops on one naming a road ("incoming road
// '41' is not known": CommonRoad's conflicting_references.xodr). A link to a junction the file lacks and no
// road lies in is a dead end: netconvert's own exports write one at every dead-end node of the network,
// and read such a file back without a word.
#include <string>
#include <vector>

#include "detectors/scenes/opendrive/odr_model.hpp"

namespace crashbench::odr {

struct MissingLink {
  std::string where;   ///< "road 'ID' (line N) predecessor" or "junction 'ID' connection 'ID' incomingRoad"
  std::string target;  ///< "road 'ID'" or "junction 'ID'"
  bool to_road = false;   ///< it names a road (netconvert stops on it), else a junction
  bool dead_end = false;  ///< a link to a junction no road lies in: nothing there to follow
};

/// Every link of `net` to a road or junction id the file lacks, in file order.
std::vector<MissingLink> missing_links(const Network& net);

}  // namespace crashbench::odr
