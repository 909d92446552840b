#pragma once
// The scorecard's uncertainty band: the inputs the header lacks sampled (seeded, uniform within stated
// ranges), every response model run on each sample, and whether the measured delta-V falls inside.
#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

#include "validation/channel_checks.hpp"
#include "validation/test_case.hpp"

namespace crashbench {

/// The ranges the inputs the header lacks are drawn from (docs/validation.md, "The band"); --band and
/// --matrix draw from the same.
struct InputRange {
  double low, high;
};
inline constexpr InputRange kRailSpacingRange{0.8, 1.2};         ///< [m] centre lines apart
inline constexpr InputRange kYawInertiaFactorRange{0.75, 1.0};   ///< of m (L^2 + W^2) / 12
inline constexpr InputRange kFrontOverhangShareRange{0.43, 0.53};
inline constexpr InputRange kCgHeightRange{0.50, 0.60};          ///< [m]
/// Each model's restitution and friction, as constants, where its parameters hold them as laws (--band
/// only: a matrix's keys are one model's). Around Knight's defaults, e(alpha) 0.18-0.30 and mu(alpha)
/// 0.15-0.30, widened both ways: what the test's own numbers cannot pin.
inline constexpr InputRange kRestitutionRange{0.0, 0.4};
inline constexpr InputRange kFrictionRange{0.05, 0.6};

/// One model's band: the smallest and largest |dV| of each vehicle over the samples [m/s].
struct ModelBand {
  std::string model;
  std::vector<double> low, high;  ///< per vehicle
  int runs = 0;                   ///< samples that ran
};

/// The test's case under given MissingInputs (test_case or barrier_case, with brach-planar as its response).
using CaseMaker = std::function<nlohmann::json(const MissingInputs&)>;

/// Runs `samples` cases from `make`, each with MissingInputs, e and mu drawn uniformly from the ranges above
/// (a matrix's draws, cases/loading/matrix_draws.hpp, with `seed`).
std::vector<ModelBand> sample_bands(const CaseMaker& make, const std::string& file, int samples,
                                    unsigned long long seed);

/// Prints each model's band beside the measured |dV| and the fraction of (model, vehicle) bands holding it.
void print_bands(const std::vector<ModelBand>& bands, const TestChecks& checks, int samples,
                 unsigned long long seed);

}  // namespace crashbench
