// `crashbench crash-test TEST.EV5`: reads an NHTSA test (its header and the channel files beside it),
// checks every channel, gives each vehicle's delta-V from the channels that pass, writes the test as a
// case (-o) and scores every response model on it (--score). Method: docs/validation.md.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>

#include "app/commands.hpp"
#include "app/crash_test_band.hpp"
#include "app/crash_test_matrix.hpp"
#include "app/crash_test_score.hpp"
#include "core/units.hpp"
#include "reports/results/results_json.hpp"
#include "validation/channel_checks.hpp"
#include "validation/barrier_test.hpp"
#include "validation/test_case.hpp"
#include "validation/vehicle_pair.hpp"

namespace crashbench {
namespace {


void print_channels(const TestChecks& checks) {
  fmt::print("{:>5} {:>3} {:<16} {:<4} {:>8} {:>7} {:>7} {:>7} {:>9}  {}\n", "curve", "veh", "site", "axis",
             "offset g", "noise g", "peak g", "spike g", "dV km/h", "verdict");
  for (const ChannelVerdict& v : checks.channels)
    fmt::print("{:>5} {:>3} {:<16} {:<4} {:>8.3f} {:>7.2f} {:>7.0f} {:>7.0f} {:>9.1f}  {}\n", v.curve, v.vehicle,
               to_string(v.site), v.axis, v.offset_g, v.noise_g, v.peak_g, v.spike_g, v.delta_v * kMpsToKmh,
               v.pass ? "pass" : "FAIL: " + v.reasons);
}

// The measurement's own uncertainty from the window: each vehicle's |dV| with the end rule's threshold at
// half and at one and a third of the one used (the contact force's end is not sharp).
void print_window_band(const WindowBand& band, const CheckLimits& limits) {
  const TestChecks &a = band.late, &b = band.early;
  for (std::size_t i = 0; i < a.vehicles.size() && i < b.vehicles.size(); ++i)
    fmt::print("  vehicle {} window band: |dV| {:.1f} km/h (end {:.4f} s, {:.1f} g) to {:.1f} km/h (end {:.4f} s, "
               "{:.1f} g)\n", a.vehicles[i].vehicle, a.vehicles[i].delta_v_B.norm() * kMpsToKmh, a.pulse_end,
               limits.end_threshold_g / 1.5, b.vehicles[i].delta_v_B.norm() * kMpsToKmh, b.pulse_end,
               limits.end_threshold_g * 4 / 3);
}

void print_vehicles(const NhtsaTest& test, const TestChecks& checks) {
  for (std::size_t i = 0; i < checks.vehicles.size(); ++i) {
    const VehicleDeltaV& v = checks.vehicles[i];
    const Ev5Vehicle& h = test.header.vehicles[i];
    if (!v.valid) {
      fmt::print("vehicle {}: no delta-V: {}\n", v.vehicle, v.why_none);
      continue;
    }
    fmt::print("vehicle {} ({} kg, {:.1f} km/h): delta-V ({:.1f}, {:.1f}) km/h body frame (x fwd, y left), "
               "|dV| {:.1f} km/h, force from {:.0f} deg clockwise of ahead (header VDI {}); {}\n",
               v.vehicle, h.mass, h.speed * kMpsToKmh, v.delta_v_B.x() * kMpsToKmh, v.delta_v_B.y() * kMpsToKmh,
               v.delta_v_B.norm() * kMpsToKmh, v.pdof_deg, h.vdi, v.source);
    if (v.cg_vs_sill >= 0) fmt::print("  CG channels against the sill mean: largest difference {:.1f} km/h\n", v.cg_vs_sill * kMpsToKmh);
    if (v.has_yaw_estimate)
      fmt::print("  yaw rate change ESTIMATE {:.0f} deg/s (from the sills' x delta-V difference, sensor spacing "
                 "assumed {:.3f} m: body width less 2 x 0.15 m)\n", v.yaw_rate_change * kRadToDeg, v.sill_spacing);
  }
}

void print_pair(const Ev5Test& test, const PairChecks& p) {
  fmt::print("momentum ratio m1|dV1| / m2|dV2| = {:.3f}; world residual |m1 dV1 + m2 dV2| / m1|dV1| = {:.3f} with "
             "vehicle 2 heading {:.0f} deg ({:.3f} with {:.0f} deg): {}\n", p.momentum_ratio, p.residual,
             p.heading2_deg, p.other_residual, p.other_heading2_deg, p.momentum_ok ? "pass" : "FAIL");
  fmt::print("closing speed {:.1f} km/h: |dV1 - dV2| / closing speed = {:.3f} (<= 2: {})\n",
             test.closing_speed * kMpsToKmh, p.closing_ratio, p.closing_ok ? "pass" : "FAIL");
}

/// Why the test makes no case, or "" when it does: two vehicles (VTV) or one into a rigid barrier (VTB),
/// each with a delta-V from its channels.
std::string why_no_case(const Ev5Header& h, const TestChecks& checks) {
  if (const std::string why = h.vehicles.size() == 2 ? why_no_pair_case(h) : why_no_barrier_case(h); !why.empty())
    return why;
  for (const VehicleDeltaV& v : checks.vehicles)
    if (!v.valid) return fmt::format("vehicle {} has no delta-V ({})", v.vehicle, v.why_none);
  return "";
}

void print_barrier(const Ev5Header& h, const BarrierChecks& b) {
  fmt::print("barrier {} ({}): restitution -dVx / v - 1 = {:.3f} (within [0, 1]: {})\n", h.barrier->rigidity,
             h.barrier->shape, b.restitution, b.restitution_ok ? "pass" : "FAIL");
}

void print_reading(const NhtsaTest& test) {
  const Ev5Header& h = test.header;
  fmt::print("{}: \"{}\", {}, closing speed {:.1f} km/h, impact angle {:.0f} deg, {} vehicles, {} of {} curves "
             "read\n", test.ev5_path, h.test.title, h.test.configuration, h.test.closing_speed * kMpsToKmh,
             h.test.impact_angle_deg, h.vehicles.size(), test.channels.size(), h.test.curve_count);
  if (!test.missing_curves.empty())
    fmt::print("CG, sill and rear floor accelerometer curves the header lists without a file beside it: {}\n",
               fmt::join(test.missing_curves, ", "));
  for (const auto& [curve, units] : test.other_units)
    fmt::print("curve {}: a CG, sill or rear floor accelerometer in '{}', not G'S: left out\n", curve, units);
}

/// The case the test makes (why_no_case empty), under any MissingInputs: between its two vehicles, given
/// their `pair` checks, or against the barrier. The maker refers to `test`, `checks` and `spread`, which
/// must outlive it.
CaseMaker case_maker(const NhtsaTest& test, const TestChecks& checks, const std::optional<PairChecks>& pair,
                     const std::vector<double>& spread) {
  if (pair)
    return [&test, &checks, p = *pair, &spread](const MissingInputs& rules) {
      return test_case(test, checks, p, {{"model", "brach-planar"}}, rules, spread);
    };
  return [&test, &checks, &spread](const MissingInputs& rules) {
    return barrier_case(test, checks, {{"model", "brach-planar"}}, rules, spread);
  };
}

}  // namespace

void add_crash_test_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("crash-test",
                                 "Read an NHTSA crash test (EV5 header and channel files), check its channels, "
                                 "write it as a case and score every response model on it");
  static std::string input, output, matrix;
  static bool score = false;
  static int band_samples = 0;
  static unsigned long long band_seed = 1;
  static CheckLimits limits;
  cmd->add_option("file", input, "The test's EV5 header; its channel files NAME.NNN beside it")->required();
  auto* case_file = cmd->add_option("-o,--output", output, "Write the test as a case (vehicle-to-vehicle, or into a rigid barrier) to this file");
  cmd->add_option("--matrix", matrix, "With -o: write a matrix running every registered response model on the case "
                                     "(with --band, drawing the inputs the header lacks), for `crashbench run` and its report")
      ->needs(case_file);
  cmd->add_flag("--score", score, "Run every registered response model on the case and print the scorecard");
  cmd->add_option("--band", band_samples, "With --score: sample the inputs the header lacks this many times and "
                                         "print each model's delta-V band; with --matrix: that many draws")
      ->check(CLI::Range(0, 10000));
  cmd->add_option("--seed", band_seed, "The band's random seed")->capture_default_str();
  cmd->add_option("--end-threshold", limits.end_threshold_g,
                  "The pulse lasts while the 10 ms mean planar acceleration exceeds this [g]")->capture_default_str();
  cmd->callback([&exit_code] {
    const NhtsaTest test = read_nhtsa_test(input);
    const Ev5Header& h = test.header;
    print_reading(test);
    const TestChecks checks = check_channels(test, limits);
    fmt::print("pulse end {:.4f} s: the later of the vehicles' ends, where the 10 ms mean planar acceleration last "
               "exceeds {:.1f} g\n", checks.pulse_end, limits.end_threshold_g);
    print_channels(checks);
    print_vehicles(test, checks);
    const WindowBand band = window_band(test, limits);
    print_window_band(band, limits);
    // Two vehicles with a delta-V each are checked against each other whether or not they make a case (a side
    // impact's momentum balances too).
    std::optional<PairChecks> pair;
    if (checks.vehicles.size() == 2 && checks.vehicles[0].valid && checks.vehicles[1].valid) {
      pair = check_pair(h.test, checks.vehicles[0], checks.vehicles[1]);
      print_pair(h.test, *pair);
    }
    bool checks_pass = !pair || (pair->momentum_ok && pair->closing_ok);
    exit_code = checks_pass ? kExitOk : kExitFailed;
    if (const std::string why = why_no_case(h, checks); !why.empty()) {
      fmt::print("no case: {}\n", why);
      // Asked for a case, a matrix or scores and given none: that is a failure, not a quiet success.
      if (!output.empty() || !matrix.empty() || score) {
        fmt::print(stderr, "crashbench: {}: no case written or scored: {}\n", input, why);
        exit_code = kExitFailed;
      }
      return;
    }
    if (!pair) {  // a barrier case: the car against the barrier
      const BarrierChecks barrier = check_barrier(h.vehicles.front(), checks.vehicles.front());
      print_barrier(h, barrier);
      checks_pass = checks_pass && barrier.restitution_ok;
    }
    const std::vector<double> spread = band.spread(checks);
    const CaseMaker make = case_maker(test, checks, pair, spread);
    const nlohmann::json doc = make({});
    if (!output.empty()) {
      write_json_file(output, doc);
      fmt::print("case: {}\n", output);
    }
    if (!matrix.empty()) {
      write_json_file(matrix, crash_test_matrix(doc, output, matrix, band_samples, band_seed));
      fmt::print("matrix: {} (crashbench run {} --report DIR)\n", matrix, matrix);
    }
    if (score)
      print_scorecard(score_models(doc, output.empty() ? input : output, vehicle_pulse(test, checks, 1)),
                      checks);
    if (score && band_samples > 0)
      print_bands(sample_bands(make, output.empty() ? input : output, band_samples, band_seed), checks, band_samples,
                  band_seed);
    if (!checks_pass) exit_code = kExitFailed;
  });
}

}  // namespace crashbench
