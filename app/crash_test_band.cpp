#include "app/crash_test_band.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "app/crash_test_score.hpp"
#include "cases/loading/matrix_draws.hpp"
#include "core/units.hpp"
#include "validation/test_case.hpp"

namespace crashbench {
namespace {

// Draw `index` of the input `name`, as a matrix's draws of the same range would give it.
double uniform(const InputRange& r, std::uint64_t seed, const char* name, std::size_t index) {
  return draw_value({Distribution::Kind::uniform, r.low, r.high, std::nullopt}, seed, name, index);
}

// Draw `index` of each input the header lacks.
MissingInputs draw(std::uint64_t seed, std::size_t index) {
  MissingInputs m;
  m.rail_spacing = uniform(kRailSpacingRange, seed, "rail_spacing", index);
  m.yaw_inertia_factor = uniform(kYawInertiaFactorRange, seed, "yaw_inertia_factor", index);
  m.front_overhang_share = uniform(kFrontOverhangShareRange, seed, "front_overhang_share", index);
  m.cg_height = uniform(kCgHeightRange, seed, "cg_height", index);
  return m;
}

// Draw `index` of e and mu.
DrawnLaws draw_laws(std::uint64_t seed, std::size_t index) {
  return {uniform(kRestitutionRange, seed, "restitution", index), uniform(kFrictionRange, seed, "friction", index)};
}

}  // namespace

std::vector<ModelBand> sample_bands(const CaseMaker& make, const std::string& file, int samples,
                                    unsigned long long seed) {
  std::vector<ModelBand> bands;
  for (int s = 0; s < samples; ++s) {
    const MissingInputs rules = draw(seed, static_cast<std::size_t>(s));
    const DrawnLaws laws = draw_laws(seed, static_cast<std::size_t>(s));
    const auto scores = score_models(make(rules), file, {}, &laws);
    bands.resize(scores.size());
    for (std::size_t m = 0; m < scores.size(); ++m) {
      ModelBand& b = bands[m];
      b.model = scores[m].model;
      if (!scores[m].error.empty()) continue;
      const auto& dv = scores[m].delta_v_B;
      if (b.low.empty()) b.low.assign(dv.size(), 1e300), b.high.assign(dv.size(), -1e300);
      for (std::size_t v = 0; v < dv.size() && v < b.low.size(); ++v) {
        b.low[v] = std::min(b.low[v], dv[v].norm());
        b.high[v] = std::max(b.high[v], dv[v].norm());
      }
      ++b.runs;
    }
  }
  return bands;
}

void print_bands(const std::vector<ModelBand>& bands, const TestChecks& checks, int samples, unsigned long long seed) {
  // One car into a barrier, centred head-on: no centre-line offset is drawn for it, and neither the yaw
  // inertia nor the CG height moves an impulse through the CG line.
  const bool pair = checks.vehicles.size() == 2;
  fmt::print("\nband: {} samples (seed {}) of {}the yaw inertia factor {}-{}, front overhang share {}-{}, CG height "
             "{}-{} m, and each model's e {}-{} and mu {}-{} where it has those laws{}; |dV| [km/h]\n", samples, seed,
             pair ? fmt::format("the centre-line offset {}-{} m, ", kRailSpacingRange.low, kRailSpacingRange.high) : "",
             kYawInertiaFactorRange.low, kYawInertiaFactorRange.high, kFrontOverhangShareRange.low,
             kFrontOverhangShareRange.high, kCgHeightRange.low, kCgHeightRange.high, kRestitutionRange.low,
             kRestitutionRange.high, kFrictionRange.low, kFrictionRange.high,
             pair ? "" : " (into a barrier, centred head-on, only e moves the delta-V)");
  int inside = 0, total = 0;
  for (const ModelBand& b : bands) {
    std::string row = fmt::format("{:<14}", b.model);
    for (std::size_t v = 0; v < b.low.size() && v < checks.vehicles.size(); ++v) {
      const double m = checks.vehicles[v].delta_v_B.norm();
      const bool in = m >= b.low[v] && m <= b.high[v];
      inside += in, ++total;
      row += fmt::format("  vehicle {}: {:.1f} to {:.1f} (measured {:.1f}: {})", checks.vehicles[v].vehicle,
                         b.low[v] * kMpsToKmh, b.high[v] * kMpsToKmh, m * kMpsToKmh, in ? "inside" : "outside");
    }
    fmt::print("{} [{} runs]\n", row, b.runs);
  }
  fmt::print("measured |dV| inside the band: {} of {} (model, vehicle) pairs\n", inside, total);
}

}  // namespace crashbench
