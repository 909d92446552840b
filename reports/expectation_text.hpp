#pragma once
// What a case expected of its impacts, said the way a person would read it in a summary row.
#include <string>

namespace crashbench {

/// "expected at least 1 impact, got 0", "expected 1 to 3 impacts, got 5", "expected exactly 1 impact,
/// got 2", "expected at most 2 impacts, got 3" for an impact count `got` outside [min, max]; max =
/// INT_MAX means no upper bound (the loader's default).
std::string impact_count_mismatch(int min, int max, int got);

/// One line on what the summaries count: an impact groups the contact events of one collision.
std::string impacts_versus_events_note();

}  // namespace crashbench
