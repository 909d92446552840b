// `crashbench reconstruct`: pre-impact states from post-impact ones (cases/reconstruction.hpp), checked by
// running the recovered states forward; optionally writes the forward case.
#include <fmt/format.h>

#include "app/commands.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/reconstruction.hpp"
#include "core/units.hpp"
#include "reports/results/results_json.hpp"

namespace crashbench {
namespace {

/// A forward check within this (relative to the largest speed) passes.
constexpr double kForwardTolerance = 1e-9;

void print_state(std::string_view label, const PlanarState& s) {
  fmt::print("  {:<5} speed {:12.6f} m/s  velocity [{:12.6f}, {:12.6f}] m/s  yaw rate {:12.6f} deg/s\n", label,
             s.velocity_W.norm(), s.velocity_W.x(), s.velocity_W.y(), s.yaw_rate * kRadToDeg);
}

/// The input document with each vehicle's velocity and yaw rate replaced by the recovered pre-impact ones.
nlohmann::json forward_case(nlohmann::json doc, const Case& c, const Reconstruction& r) {
  const PrescribedContact& pc = *c.contact;
  for (const auto& [index, state] : {std::pair{pc.vehicle, r.pre_a}, std::pair{pc.other, r.pre_b}}) {
    nlohmann::json& v = doc["vehicles"][static_cast<std::size_t>(index)];
    v.erase("speed");
    v.erase("speed_mph");
    v["velocity"] = {state.velocity_W.x(), state.velocity_W.y()};
    v["yaw_rate_deg_s"] = state.yaw_rate * kRadToDeg;
  }
  doc["name"] = c.name + "-reconstructed";
  doc["description"] = "Pre-impact states reconstructed by crashbench reconstruct from " + c.source_file + ".";
  return doc;
}

}  // namespace

void add_reconstruct_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "reconstruct", "Pre-impact states from a case whose vehicles carry post-impact states (Brach's backward solve)");
  static std::string input;
  static std::string output;
  cmd->add_option("file", input, "Case file: two vehicles with post-impact states, a contact block, the response")
      ->required();
  cmd->add_option("-o,--output", output, "Write the forward case (the recovered pre-impact states) to this file");
  cmd->callback([&exit_code] {
    const nlohmann::json doc = read_json_file(input);
    const Case c = parse_case(doc, input);
    const Reconstruction r = reconstruct(c);
    fmt::print("{}: {} with e = {:.6g}, tangential/normal impulse ratio {:.6g} ({} passes)\n", c.name,
               c.response_model, r.restitution, r.tangential_ratio, r.iterations);
    for (const auto& [index, pre, post] : {std::tuple{c.contact->vehicle, r.pre_a, r.post_a},
                                           std::tuple{c.contact->other, r.pre_b, r.post_b}}) {
      fmt::print("{}:\n", c.vehicles[static_cast<std::size_t>(index)].name);
      print_state("pre", pre);
      print_state("post", post);
    }
    const bool ok = r.forward_residual <= kForwardTolerance;
    fmt::print("forward check: the recovered states give the post-impact ones within {:.3g} of the largest speed "
               "({})\n", r.forward_residual, ok ? "passed" : "FAILED");
    if (!output.empty()) {
      write_json_file(output, forward_case(doc, c, r));
      fmt::print("forward case: {}\n", output);
    }
    exit_code = ok ? kExitOk : kExitFailed;
  });
}

}  // namespace crashbench
