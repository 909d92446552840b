// read_vehicle_types (sumo_files.hpp): the <vType> elements of a route or additional file, streamed, since
// route files with every trip of a day run to gigabytes; all else is skipped.
#include <fmt/format.h>

#include <unordered_map>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"

namespace crashbench::sumo {
namespace {

class VehicleTypeCollector final : public XmlListReader<VehicleType> {
 public:
  explicit VehicleTypeCollector(const std::string& file)
      // <add>: the older name of an additional file's root, which SUMO still reads (25 of the files
      // sumo-tools ships use it, the racing game's rerouter.add.xml among them).
      : XmlListReader(file, {"a SUMO route or additional file", {"routes", "additional", "add"}}) {}

  void start(const XmlElement& e) override {
    if (e.name != "vType") return;
    VehicleType& type = items_.emplace_back();
    type.id = values_.text(e, "id");
    type.line = e.line;
    if (const auto [seen, fresh] = lines_of_ids_.try_emplace(type.id, e.line); !fresh)
      values_.fail(e, "id",
                   fmt::format("'{}' again: expected each vType id once, and the vType of line {} has it", type.id,
                               seen->second));
    type.length = dimension(e, "length");
    type.width = dimension(e, "width");
    type.mass = values_.number_if_any(e, "mass");
    type.vclass = e.find_or_empty("vClass");
    if (type.mass && !(*type.mass > 0 && *type.mass <= 1e6)) values_.unexpected(e, "mass", "a mass in (0, 1e6] kg");
  }

 private:
  std::optional<double> dimension(const XmlElement& e, std::string_view key) const {
    const std::optional<double> x = values_.number_if_any(e, key);
    if (x && !(*x > 0 && *x <= 100)) values_.unexpected(e, key, fmt::format("a {} in (0, 100] m", key));
    return x;
  }

  std::unordered_map<std::string, int> lines_of_ids_;
};

}  // namespace

std::vector<VehicleType> read_vehicle_types(const std::string& file) { return VehicleTypeCollector(file).read(); }

}  // namespace crashbench::sumo
