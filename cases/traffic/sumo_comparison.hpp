#pragma once
// What crashbench found against what SUMO reported (docs/case-files.md, "SUMO traffic"). SUMO writes a
// collision every step while a pair stays in it: rows of one pair no more than 1.5 SUMO steps apart are
// one episode. An episode is matched by crashbench's first contact of the same pair within two SUMO steps
// of the episode's start; every episode left unmatched and every contact SUMO did not report says why.
#include "cases/sumo_result.hpp"

namespace crashbench {

struct Case;
struct RunResult;

/// One SUMO collision episode and crashbench's answer to it.
SumoComparison compare_with_sumo(const Case& c, const RunResult& result);

}  // namespace crashbench
