#pragma once
// JUnit XML for CI systems (GitLab, Jenkins, GitHub test reporters): one <testsuite> per results file,
// one <testcase> per case, one <failure> per failed invariant (with its worst residual and tolerance) or
// unmet expectation, and an <error> for a case that could not run.
#include <string>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// The whole JUnit document for `results`.
std::string junit_xml(const ResultsFile& results);

}  // namespace crashbench
