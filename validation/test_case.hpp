#pragma once
// An NHTSA test as a crashbench case, vehicle-to-vehicle or into a rigid barrier: the header's vehicles,
// what the header lacks from stated rules (each named in the case's description), each vehicle's measured
// delta-V as the case's `measured` (the report's measured-crashes section scores every model against it)
// and vehicle 1's end-of-pulse state as its "published" column (the impact table shows it beside every
// model's).
#include <nlohmann/json.hpp>

#include "validation/channel_checks.hpp"
#include "validation/vehicle_pair.hpp"

namespace crashbench {

/// The rules for what an EV5 header does not give (docs/validation.md, "A test as a case").
struct MissingInputs {
  double front_overhang_share = 0.48;  ///< front overhang / (length - wheelbase): the 2008 Fusion's 40 of 83 in
  double cg_height = 0.55;             ///< [m] a mid-size sedan's; only the 4-DOF model reads it
  double yaw_inertia_factor = 0.88;    ///< Izz = f m (L^2 + W^2) / 12; f from the Fusion's 3168 kg m^2
  double rail_spacing = 1.0;           ///< [m] between a sedan's frame rails: "no rail overlap" offsets the
                                       ///< centre lines by at least this
  double road_mu = 0.8;                ///< dry concrete
  double cornering_stiffness = 80000;  ///< [N/rad] per axle, a mid-size sedan's
};

/// The case document for `test` (vehicle 1 at the origin heading +X at its speed, vehicle 2 at
/// `pair.heading2_deg`: in a frontal impact facing it, its left front against vehicle 1's left front with the
/// centre lines `rules.rail_spacing` apart; in a rear one (pair_impact) ahead of it, its back against vehicle
/// 1's front, the centre lines aligned; the first contact prescribed at the middle of the overlap with the
/// normal bisecting the two faces), to run for `checks.pulse_end`. Throws Error naming the test when it
/// makes no vehicle-to-vehicle case.
/// `response` is the case's response object. Each vehicle's measured delta-V is the case's `measured`,
/// with `uncertainty` (per vehicle [m/s], WindowBand::spread; missing ones 0) as its spread.
nlohmann::json test_case(const NhtsaTest& test, const TestChecks& checks, const PairChecks& pair,
                         const nlohmann::json& response, const MissingInputs& rules = {},
                         const std::vector<double>& uncertainty = {});

/// The case document for a barrier test that makes one (why_no_barrier_case): its vehicle heading straight
/// at the straight-wall scene's wall at its speed, its front 1 mm short of it, to run for
/// `checks.pulse_end`; the measured delta-V as in test_case. Throws Error naming the test
/// when it makes no barrier case.
nlohmann::json barrier_case(const NhtsaTest& test, const TestChecks& checks, const nlohmann::json& response,
                            const MissingInputs& rules = {}, const std::vector<double>& uncertainty = {});

}  // namespace crashbench
