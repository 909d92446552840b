#pragma once
// Every registered response model run on a crash-test case and scored against the measured delta-Vs.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/math.hpp"
#include "validation/channel_checks.hpp"
#include "validation/sprague_geers.hpp"
#include "validation/vehicle_pair.hpp"

namespace crashbench {

/// One model's result on the test: each vehicle's simulated delta-V over the measured pulse, in its own
/// body frame at impact, and its errors against the measured ones.
struct ModelScore {
  std::string model;
  std::string error;                 ///< the run's error ("" when it ran)
  std::vector<Vec2> delta_v_B;       ///< per vehicle [m/s]
  std::vector<double> magnitude_error;  ///< |dV| simulated - measured, per vehicle [m/s]
  std::vector<double> direction_error;  ///< angle from the measured dV to the simulated one, per vehicle [deg]
  double yaw_rate_change = 0;        ///< vehicle 1 [rad/s]
  bool has_yaw_error = false;
  double yaw_rate_error = 0;         ///< against the sills' estimate [rad/s]
  bool has_pulse = false;            ///< the model answered with a force over the contact (a pulse)
  SpragueGeers pulse;                ///< vehicle 1's x acceleration against the measured one, CFC 60
  std::string parameters;            ///< the model's parameters as it ran
};

/// Restitution and friction as constants, for every model whose parameters hold such a law (an uncertainty
/// band's sample: crash_test_band.hpp).
struct DrawnLaws {
  double restitution = 0;  ///< e [-]
  double friction = 0;     ///< mu [-]
};

/// Runs `case_doc` (from test_case, with its `measured`) once per registered response model, each with its
/// defaults (or, with `laws`, its `restitution` and `friction` laws replaced by those constants where its
/// parameters() hold them as laws), scoring each vehicle's delta-V over the measured window; a model
/// that answers with a force also has its pulse compared with `measured` (vehicle 1's).
std::vector<ModelScore> score_models(const nlohmann::json& case_doc, const std::string& file,
                                     const VehiclePulse& measured, const DrawnLaws* laws = nullptr);

/// Prints the scorecard: the measured values with their window uncertainty, then a row per model.
void print_scorecard(const std::vector<ModelScore>& scores, const TestChecks& checks);

}  // namespace crashbench
