#include "reports/junit_xml.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "core/text.hpp"
#include "reports/expectation_text.hpp"

namespace crashbench {
namespace {

/// One <failure> element; `message` is escaped here.
std::string failure(std::string_view type, const std::string& message) {
  return fmt::format("      <failure type=\"{}\" message=\"{}\"/>\n", type, escape_xml(message));
}

std::string failures_of(const CaseRecord& c) {
  std::string out;
  for (const InvariantRecord& inv : c.invariants)
    if (inv.failed > 0)
      out += failure("invariant", fmt::format("{}: worst residual {:.6g} > tolerance {:.6g} ({} of {} events)", inv.name,
                                              inv.worst_residual, inv.tolerance, inv.failed, inv.checked));
  if (!c.impacts_ok) out += failure("expectation", impact_count_mismatch(c.impacts_min, c.impacts_max, c.impacts));
  if (!c.first_impact_ok) out += failure("expectation", "first impact outside the case's expect.first_impact_time");
  // A failed case whose reason the fields above do not name still gets one failure, so it cannot read as passed.
  if (out.empty() && c.status == "failed") out += failure("case", c.error.empty() ? "the case failed" : c.error);
  return out;
}

std::string testcase(const CaseRecord& c) {
  // Time: the run's own stepping time (mean step cost x steps), not the wall time of the process.
  const double seconds = c.mean_ns("step") * c.steps * 1e-9;
  const std::string classname = std::filesystem::path(c.source_file).stem().string();
  std::string out = fmt::format("    <testcase name=\"{}\" classname=\"crashbench.{}\" time=\"{:.6f}\"", escape_xml(c.name),
                                escape_xml(classname), seconds);
  std::string body;
  if (c.status == "error")
    body = fmt::format("      <error type=\"bad-input\" message=\"{}\"/>\n", escape_xml(c.error));
  else
    body = failures_of(c);
  return body.empty() ? out + "/>\n" : out + ">\n" + body + "    </testcase>\n";
}

}  // namespace

std::string junit_xml(const ResultsFile& results) {
  const auto counts = results.status_counts();
  int failures = 0;
  double seconds = 0;
  std::string cases;
  for (const CaseRecord& c : results.cases) {
    failures += c.status == "failed";
    seconds += c.mean_ns("step") * c.steps * 1e-9;
    cases += testcase(c);
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"crashbench\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.6f}\">\n",
                     results.cases.size(), failures, counts.errors, seconds);
  out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\" time=\"{:.6f}\">\n",
                     escape_xml(results.path), results.cases.size(), failures, counts.errors, seconds);
  out += cases;
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace crashbench
