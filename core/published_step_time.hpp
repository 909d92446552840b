#pragma once
// Whole-step times published for a scene with one response model, which the report sets beside the times
// a run measured (Knight's Table 6-1). A registered scene names its own; the run records them with the
// case's results, so that the report reads them from results.json, not from the scene registry.
#include <string_view>

namespace crashbench {

/// Knight's 2002 thesis, Table 6-1 (VDANL on a 300 MHz Pentium II): the source of the published step times.
inline constexpr std::string_view kKnight2002Source = "Knight 2002, thesis Table 6-1 (300 MHz Pentium II)";

struct PublishedStepTime {
  std::string_view label;           ///< what was timed, e.g. "Watkins Glen (1838 collision triangles)"
  std::string_view source;          ///< who published it on what machine, and how; a column of the report
  std::string_view response_model;  ///< crashbench's name of the model it was timed with
  double step_ms = 0;               ///< mean update time [ms]
};

/// Knight's 2002 baseline (thesis Table 6-1): the same simulation without any collision calculation. It
/// belongs to no scene, so the report shows it beside the dynamics phase of every run.
inline constexpr PublishedStepTime kNoCollision2002{"No collision calculation", kKnight2002Source, "", 0.99};

}  // namespace crashbench
