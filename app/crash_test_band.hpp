#pragma once
// The scorecard's uncertainty band: the inputs the header lacks sampled (seeded, uniform within stated
// ranges), every response model run on each sample, and whether the measured delta-V falls inside.
#include <string>
#include <vector>

#include "validation/channel_checks.hpp"
#include "validation/vehicle_pair.hpp"

namespace crashbench {

/// One model's band: the smallest and largest |dV| of each vehicle over the samples [m/s].
struct ModelBand {
  std::string model;
  std::vector<double> low, high;  ///< per vehicle
  int runs = 0;                   ///< samples that ran
};

/// Runs `samples` cases, each with MissingInputs drawn from `seed`: the centre lines 0.8 to 1.2 m apart,
/// the yaw inertia factor 0.75 to 1.0, the front overhang share 0.43 to 0.53, the CG height 0.50 to 0.60 m.
std::vector<ModelBand> sample_bands(const NhtsaTest& test, const TestChecks& checks, const PairChecks& pair,
                                    const std::string& file, int samples, unsigned long long seed);

/// Prints each model's band beside the measured |dV| and the fraction of (model, vehicle) bands holding it.
void print_bands(const std::vector<ModelBand>& bands, const TestChecks& checks, int samples,
                 unsigned long long seed);

}  // namespace crashbench
