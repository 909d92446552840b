// class_defaults, builtin_type_defaults (sumo_vclass.hpp). Lengths and widths are SUMO 1.15's (Debian's), read
// back through TraCI (traci.vehicletype.getLength/getWidth) from one vType of each class with nothing else
// set; they agree with SUMO's "Vehicle Type Parameter Defaults" page. Masses are that page's (and
// SUMOVTypeParameter.cpp's in later SUMO): 1.15 moves no vehicle by its mass, so it keeps none per class.
#include "cases/traffic/sumo_vclass.hpp"

#include <array>

namespace crashbench::sumo {
namespace {

struct ClassRow {
  std::string_view name;
  ClassDefaults defaults;
};

constexpr ClassDefaults kPassenger{5.0, 1.8, 1500};

constexpr std::array kClasses{
    ClassRow{"passenger", kPassenger},   ClassRow{"private", kPassenger},     ClassRow{"taxi", kPassenger},
    ClassRow{"vip", kPassenger},         ClassRow{"hov", kPassenger},         ClassRow{"evehicle", kPassenger},
    ClassRow{"army", kPassenger},        ClassRow{"authority", kPassenger},   ClassRow{"custom1", kPassenger},
    ClassRow{"custom2", kPassenger},     ClassRow{"ignoring", kPassenger},
    ClassRow{"delivery", {6.5, 2.16, 5000}}, ClassRow{"emergency", {6.5, 2.16, 5000}},
    ClassRow{"truck", {7.1, 2.4, 12000}},    ClassRow{"trailer", {16.5, 2.55, 15000}},
    ClassRow{"bus", {12.0, 2.5, 7500}},      ClassRow{"coach", {14.0, 2.6, 12000}},
    ClassRow{"motorcycle", {2.2, 0.9, 200}}, ClassRow{"moped", {2.1, 0.78, 80}},
    ClassRow{"bicycle", {1.6, 0.65, 10}},    ClassRow{"pedestrian", {0.215, 0.478, 70}},
    ClassRow{"tram", {22.0, 2.4, 37900}},    ClassRow{"rail_urban", {109.5, 3.0, 59000}},
    ClassRow{"rail", {135.0, 2.84, 79500}},  ClassRow{"rail_electric", {200.0, 2.95, 83000}},
    ClassRow{"rail_fast", {200.0, 2.95, 409000}}, ClassRow{"ship", {17.0, 4.0, 100000}},
};

// DEFAULT_CONTAINERTYPE, of class "ignoring", is sized apart from its class (6.1 x 2.4 m).
constexpr std::array kBuiltinTypes{
    ClassRow{"DEFAULT_VEHTYPE", kPassenger},          ClassRow{"DEFAULT_TAXITYPE", kPassenger},
    ClassRow{"DEFAULT_BIKETYPE", {1.6, 0.65, 10}},    ClassRow{"DEFAULT_PEDTYPE", {0.215, 0.478, 70}},
    ClassRow{"DEFAULT_RAILTYPE", {135.0, 2.84, 79500}}, ClassRow{"DEFAULT_CONTAINERTYPE", {6.1, 2.4, 1500}},
};

}  // namespace

std::optional<ClassDefaults> class_defaults(std::string_view vclass) {
  for (const ClassRow& row : kClasses)
    if (row.name == vclass) return row.defaults;
  return std::nullopt;
}

bool off_road_class(std::string_view vclass) {
  return vclass == "rail" || vclass == "rail_urban" || vclass == "rail_electric" || vclass == "rail_fast" || vclass == "ship";
}

std::optional<ClassDefaults> builtin_type_defaults(std::string_view type_id) {
  for (const ClassRow& row : kBuiltinTypes)
    if (row.name == type_id) return row.defaults;
  return std::nullopt;
}

}  // namespace crashbench::sumo
