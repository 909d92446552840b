#pragma once
// What SUMO gives a vehicle type that does not say its size: the defaults of its vehicle class (`vClass`,
// passenger when absent), and the classes of the types SUMO defines itself (DEFAULT_VEHTYPE, ...), which
// a vehicle without a `type` takes. SUMO's collisions are overlaps of these sizes, so crashbench's
// rectangles must have them too.
#include <optional>
#include <string_view>

namespace crashbench::sumo {

struct ClassDefaults {
  double length = 0, width = 0;  ///< [m]
  double mass = 0;               ///< [kg]
};

/// The defaults of vehicle class `vclass` (SUMO's name, e.g. "truck"); nullopt for a name not in the table
/// (a class of a later SUMO, or a misspelling).
std::optional<ClassDefaults> class_defaults(std::string_view vclass);

/// True for SUMO's rail and water classes (rail, rail_urban, rail_electric, rail_fast, ship): not road
/// vehicles, and longer (135 to 200 m trains) than crashbench's rectangle can be.
bool off_road_class(std::string_view vclass);

/// The size and mass of one of the types SUMO defines itself (DEFAULT_VEHTYPE, DEFAULT_BIKETYPE, ...), which
/// a route file may redefine; nullopt for any other id.
std::optional<ClassDefaults> builtin_type_defaults(std::string_view type_id);
/// The class of one of SUMO's own types ("rail" for DEFAULT_RAILTYPE, ...); "" for any other id.
std::string_view builtin_type_class(std::string_view type_id);

}  // namespace crashbench::sumo
