#pragma once
// The OpenDRIVE reader's pieces below a road (odr_reader.cpp reads the roads themselves): lane sections,
// objects and junctions.
#include "detectors/scenes/opendrive/odr_attributes.hpp"

namespace crashbench::odr {

/// A `laneSection`: its lanes by side, ordered outward from the centre lane, ids checked.
LaneSection read_lane_section(const Attributes& at, const Element& section);

/// An `object` with its repeats and outline.
Object read_object(const Attributes& at, const Element& object);

/// A `junction` with its connections and their lane links.
Junction read_junction(const Attributes& at, const Element& junction);

}  // namespace crashbench::odr
