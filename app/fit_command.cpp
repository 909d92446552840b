// `crashbench fit TABLE.csv`: the IIHS small-overlap rows run forward with their tabulated Brach
// parameters under every reading of the unconfirmed columns; the reading the known-vehicle rows fit best
// is taken, the other rows are held out; then backward, from the measured delta-V and yaw rate to e and
// the impulse ratio. With --cases DIR, the known-vehicle rows are written as cases too (validation/wall_case.hpp),
// with a matrix of them, so that `crashbench run` and the report's measured-crashes section score them. Method:
// docs/validation.md.
#include <fmt/format.h>

#include <filesystem>
#include <limits>

#include "app/commands.hpp"
#include "core/units.hpp"
#include "reports/results/results_json.hpp"
#include "validation/wall_case.hpp"
#include "validation/wall_impact.hpp"

namespace crashbench {
namespace {

// The held-out rows' yaw inertia rule: the known vehicle's radius of gyration (I / m).
double held_out_k2(const std::vector<IihsRow>& rows) {
  for (const IihsRow& r : rows)
    if (const auto v = known_vehicle(r)) return v->yaw_inertia / v->mass;
  return 0;
}

double mean_error(const std::vector<IihsRow>& rows, const WallReading& reading) {
  double sum = 0;
  int n = 0;
  for (const IihsRow& r : rows)
    if (const auto v = known_vehicle(r)) {
      sum += wall_error(wall_impact(r, reading, v->mass, v->yaw_inertia, r.e, r.mu_percent), r, v->yaw_inertia / v->mass);
      ++n;
    }
  return n ? sum / n : std::numeric_limits<double>::infinity();
}

void print_row(const IihsRow& r, const WallReading& reading, double mass, double inertia, const char* role) {
  const WallOutcome o = wall_impact(r, reading, mass, inertia, r.e, r.mu_percent);
  const WallFit f = fit_wall(r, reading, mass, inertia);
  fmt::print("{:<8} {:<17} {:<9} {:>6.2f} {:>6.2f} {:>7.1f} {:>6.2f} {:>6.2f} {:>7.1f} {:>6.1f}% | {:>5.3f} {:>5.1f} "
             "{:>6.3f} {:>5.1f} {:>6.3f} {:>5.1f}\n",
             r.test_id, r.vehicle, role, r.dvx, r.dvy, r.omega_deg_s, std::abs(o.delta_v_B.x()),
             std::abs(o.delta_v_B.y()), std::abs(o.yaw_rate) * kRadToDeg, 100 * wall_error(o, r, inertia / mass), r.e, r.mu_percent,
             f.e, f.mu_percent, f.e - r.e, f.mu_percent - r.mu_percent);
}

/// The known-vehicle rows as cases in `folder`, with `iihs-matrix.json` listing them; returns the matrix's path.
std::string write_cases(const std::vector<IihsRow>& rows, const WallReading& reading, const std::string& folder) {
  nlohmann::json cases = nlohmann::json::array();
  for (const IihsRow& r : rows)
    if (const auto v = known_vehicle(r)) {
      const std::string name = "iihs-" + r.test_id + ".json";
      write_json_file((std::filesystem::path(folder) / name).string(), wall_case(r, reading, *v));
      cases.push_back(name);
    }
  const std::string matrix = (std::filesystem::path(folder) / "iihs-matrix.json").string();
  write_json_file(matrix, {{"matrix", "iihs-forward"},
                           {"description", "The IIHS rows with a known vehicle, forward with their Brach parameters "
                                           "(crashbench fit --cases)."},
                           {"cases", cases}});
  return matrix;
}

}  // namespace

void add_fit_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("fit", "IIHS small-overlap rows: forward with their Brach parameters, and the "
                                        "parameters fitted back from the measured delta-V and yaw rate");
  static std::string input;
  cmd->add_option("file", input, "The table (iihs_small_overlap_brach_matrix.csv's columns)")->required();
  static std::string cases_folder;
  cmd->add_option("--cases", cases_folder, "Also write the known-vehicle rows as cases (taken reading), and a matrix "
                                           "of them, into this folder");
  cmd->callback([&exit_code] {
    const std::vector<IihsRow> rows = read_iihs_table(input);
    fmt::print("readings of the unconfirmed columns, mean relative error on the known-vehicle rows:\n");
    const std::vector<WallReading> readings = all_readings();
    WallReading best = readings.front();
    for (const WallReading& r : readings) {
      const double err = mean_error(rows, r);
      fmt::print("  {:<62} {:>7.1f}%\n", r.name(), 100 * err);
      // Mirror images (both sides flipped) fit alike; the first of a tie is kept, phi counter-clockwise:
      // IIHS's small overlap is on the driver's side, the left.
      if (err < mean_error(rows, best)) best = r;
    }
    fmt::print("taken: {}\n", best.name());
    const double k2 = held_out_k2(rows);
    fmt::print("held-out rows: yaw inertia {:.3f} m^2 x mass (the known vehicle's radius of gyration)\n\n", k2);
    fmt::print("{:<8} {:<17} {:<9} {:>6} {:>6} {:>7} {:>6} {:>6} {:>7} {:>7} | {:>5} {:>5} {:>6} {:>5} {:>6} {:>5}\n",
               "test", "vehicle", "role", "dvx", "dvy", "r", "sim", "sim", "sim", "error", "e", "mu%", "fit e",
               "mu%", "de", "dmu");
    for (const IihsRow& r : rows) {
      if (const auto v = known_vehicle(r)) print_row(r, best, v->mass, v->yaw_inertia, "known");
      else print_row(r, best, 1.0, k2, "held out");
    }
    fmt::print("dvx, dvy [m/s], r [deg/s] measured magnitudes; sim: forward with the tabulated e and mu%; error: "
               "relative, kinetic-energy metric; fit: e and mu% from the measured values\n");
    if (!cases_folder.empty())
      fmt::print("cases: {} (crashbench run it, with --report, for the measured-crashes section)\n",
                 write_cases(rows, best, cases_folder));
    exit_code = kExitOk;
  });
}

}  // namespace crashbench
