#include "validation/iihs_table.hpp"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <sstream>

#include "core/error.hpp"
#include "validation/record_fields.hpp"

namespace crashbench {
namespace {

std::vector<std::string> split_csv(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF files
  std::vector<std::string> out;
  std::stringstream s(line);
  std::string cell;
  while (std::getline(s, cell, ',')) out.push_back(cell);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

class RowReader {
 public:
  RowReader(const std::string& file, int line, const std::map<std::string, std::size_t>& columns,
            const std::vector<std::string>& cells)
      : file_(file), line_(line), columns_(columns), cells_(cells) {}

  const std::string& text(const std::string& name) const {
    const auto it = columns_.find(name);
    if (it == columns_.end()) throw Error(file_, "line 1", fmt::format("a column \"{}\"", name));
    if (it->second >= cells_.size()) throw Error(file_, fmt::format("line {}, {}", line_, name), "a value, found none");
    return cells_[it->second];
  }
  double number(const std::string& name) const {
    double v = 0;
    if (!parse_double(text(name), v))
      throw Error(file_, fmt::format("line {}, {}", line_, name), fmt::format("a number, found \"{}\"", text(name)));
    return v;
  }

 private:
  const std::string& file_;
  int line_;
  const std::map<std::string, std::size_t>& columns_;
  const std::vector<std::string>& cells_;
};

}  // namespace

std::vector<IihsRow> read_iihs_table(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(path, "", "a readable CSV file");
  std::string line;
  if (!std::getline(in, line)) throw Error(path, "line 1", "a header line naming the columns");
  std::map<std::string, std::size_t> columns;
  const std::vector<std::string> names = split_csv(line);
  for (std::size_t i = 0; i < names.size(); ++i) columns[names[i]] = i;
  std::vector<IihsRow> rows;
  for (int n = 2; std::getline(in, line); ++n) {
    if (line.empty() || line == "\r") continue;
    const std::vector<std::string> cells = split_csv(line);
    const RowReader r(path, n, columns, cells);
    IihsRow row;
    row.test_id = r.text("test_id");
    row.vehicle = r.text("vehicle");
    row.model_year = static_cast<int>(r.number("model_year"));
    row.e = r.number("e_restitution");
    row.mu_percent = r.number("mu_impulse_ratio_pct");
    row.d = r.number("d_cg_to_impact_m");
    row.phi_deg = r.number("phi_deg");
    row.gamma_deg = r.number("gamma_deg");
    row.speed = r.number("v_impact_mps");
    row.dvx = r.number("dvx_mps");
    row.dvy = r.number("dvy_mps");
    row.omega_deg_s = r.number("omega_deg_s");
    row.gamma_sheets_agree = r.text("gamma_sheets_agree").rfind("yes", 0) == 0;
    rows.push_back(row);
  }
  return rows;
}

std::optional<WallVehicle> known_vehicle(const IihsRow& row) {
  if (row.vehicle == "FordFusion" && row.model_year == 2008)
    return WallVehicle{1621, 3168, "2008 Ford Fusion, second-hand (pycrash's \"Copy of IMPC match Carpenter.xlsx\")"};
  return std::nullopt;
}

}  // namespace crashbench
