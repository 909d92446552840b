// class_defaults, off_road_class, builtin_type_defaults, builtin_type_class (sumo_vclass.hpp). Lengths and widths are SUMO 1.15's (Debian's), read
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

struct BuiltinType {
  std::string_view id, vclass;
  ClassDefaults defaults;
};

// DEFAULT_CONTAINERTYPE, of class "ignoring", is sized apart from its class (6.1 x 2.4 m).
constexpr std::array kBuiltinTypes{
    BuiltinType{"DEFAULT_VEHTYPE", "passenger", kPassenger},
    BuiltinType{"DEFAULT_TAXITYPE", "taxi", kPassenger},
    BuiltinType{"DEFAULT_BIKETYPE", "bicycle", {1.6, 0.65, 10}},
    BuiltinType{"DEFAULT_PEDTYPE", "pedestrian", {0.215, 0.478, 70}},
    BuiltinType{"DEFAULT_RAILTYPE", "rail", {135.0, 2.84, 79500}},
    BuiltinType{"DEFAULT_CONTAINERTYPE", "ignoring", {6.1, 2.4, 1500}},
};

const BuiltinType* builtin_type(std::string_view type_id) {
  for (const BuiltinType& t : kBuiltinTypes)
    if (t.id == type_id) return &t;
  return nullptr;
}

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
  const BuiltinType* t = builtin_type(type_id);
  return t ? std::optional(t->defaults) : std::nullopt;
}

std::string_view builtin_type_class(std::string_view type_id) {
  const BuiltinType* t = builtin_type(type_id);
  return t ? t->vclass : std::string_view();
}

}  // namespace crashbench::sumo
