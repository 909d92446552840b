#include "app/crash_test_band.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "app/crash_test_score.hpp"
#include "core/units.hpp"
#include "validation/test_case.hpp"

namespace crashbench {
namespace {

// A uniform draw from the generator's raw bits: the same numbers from any standard library, which
// std::uniform_real_distribution does not promise.
double uniform(std::mt19937_64& rng, double lo, double hi) {
  return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

MissingInputs draw(std::mt19937_64& rng) {
  MissingInputs m;
  m.rail_spacing = uniform(rng, 0.8, 1.2);
  m.yaw_inertia_factor = uniform(rng, 0.75, 1.0);
  m.front_overhang_share = uniform(rng, 0.43, 0.53);
  m.cg_height = uniform(rng, 0.50, 0.60);
  return m;
}

}  // namespace

std::vector<ModelBand> sample_bands(const NhtsaTest& test, const TestChecks& checks, const PairChecks& pair,
                                    const std::string& file, int samples, unsigned long long seed) {
  std::mt19937_64 rng(seed);
  std::vector<ModelBand> bands;
  for (int s = 0; s < samples; ++s) {
    const MissingInputs rules = draw(rng);
    const auto scores = score_models(test_case(test, checks, pair, {{"model", "brach-planar"}}, rules), file, {});
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
  fmt::print("\nband: {} samples (seed {}) of the centre-line offset 0.8-1.2 m, yaw inertia factor 0.75-1.0, front "
             "overhang share 0.43-0.53, CG height 0.50-0.60 m; |dV| [km/h]\n", samples, seed);
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
