#pragma once
// Zhou, Peng & Lu (2008) Figure 7 from a run: the responses of each vehicle that rolled (a 4-DOF model)
// over time, body-frame velocities u, v and yaw and roll rates, from results.json's trajectory.
#include <vector>

#include "reports/figure.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

/// Per case whose trajectory has roll (`roll_rate_deg_s`) and that is not a point of a numeric sweep: u
/// and v [m/s] against time, and yaw and roll rate [deg/s] against time, one trace per vehicle and
/// quantity. None for planar runs.
std::vector<Figure> roll_figures(const ResultsFile& results);

}  // namespace crashbench
