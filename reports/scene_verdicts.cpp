#include "reports/scene_verdicts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "core/text.hpp"
#include "reports/cost_summary.hpp"

namespace crashbench {
namespace {

using CaseList = std::vector<const CaseRecord*>;

/// The reference detector of a group: the one its cross-checked cases name (the first, if they differ).
std::string reference_of(const std::map<std::string, CaseList>& by_detector) {
  for (const auto& [detector, cases] : by_detector)
    for (const CaseRecord* c : cases)
      if (c->agreement) return c->agreement->reference;
  return "";
}

/// Whether `c` was checked against `reference`; the reference's own unchecked cases agree with it by definition.
bool checked_against(const CaseRecord& c, const std::string& detector, const std::string& reference) {
  if (reference.empty()) return false;
  return c.agreement ? c.agreement->reference == reference : detector == reference;
}

/// A detector's standing from its cross-checked cases only, so that every detector is timed on the cases
/// the check ran on (a case outside the detector matrices would skew one detector's median); a detector
/// with none is timed on all its cases and marked not cross-checked.
DetectorStanding standing(const std::string& detector, const CaseList& cases, const std::string& reference) {
  CaseList checked;
  for (const CaseRecord* c : cases)
    if (checked_against(*c, detector, reference)) checked.push_back(c);
  DetectorStanding s;
  s.detector = detector;
  s.cross_checked = !checked.empty();
  GroupCost cost;
  for (const CaseRecord* c : checked.empty() ? cases : checked) {
    cost.add(*c, "step");
    if (s.cross_checked && c->agreement)
      s.steps_checked += c->agreement->steps_checked, s.steps_differing += c->agreement->steps_differing;
  }
  s.median_ns = cost.median_ns();
  s.p99_ns = cost.worst_p99_ns;
  s.budget_ns = cost.smallest_dt * 1e9;
  s.cases = cost.cases();
  return s;
}

SceneVerdict verdict(const std::string& scene, const std::string& model, const std::map<std::string, CaseList>& by_detector) {
  SceneVerdict v{scene, model, reference_of(by_detector), {}, {}, {}};
  for (const auto& [detector, cases] : by_detector) v.standings.push_back(standing(detector, cases, v.reference));
  std::stable_sort(v.standings.begin(), v.standings.end(),
                   [](const DetectorStanding& a, const DetectorStanding& b) { return a.median_ns < b.median_ns; });
  for (std::size_t i = 0; i < v.standings.size(); ++i) {
    if (!v.standings[i].why_not(v.reference).empty()) continue;
    if (!v.best) v.best = i;
    else if (!v.runner_up) v.runner_up = i;
  }
  return v;
}

std::string us(double ns) { return fmt::format("{:.2f} us", ns / 1000); }

/// The verdict's cells as plain text: use, its cost, runner-up, margin, faster detectors passed over.
std::vector<std::string> verdict_cells(const SceneVerdict& v) {
  if (!v.cross_checked())
    return {"not cross-checked", "", "", "", "no case of this scene and model named a reference detector (check_against)"};
  std::string passed_over;
  const std::size_t faster = v.best.value_or(v.standings.size());
  for (std::size_t i = 0; i < faster; ++i) {
    const DetectorStanding& s = v.standings[i];
    passed_over += fmt::format("{}{} {}: {}", passed_over.empty() ? "" : "; ", s.detector, us(s.median_ns),
                               s.why_not(v.reference));
  }
  if (!v.best) return {"none agrees within the budget", "", "", "", passed_over};
  const DetectorStanding& best = v.standings[*v.best];
  const std::string cost = fmt::format("{} (p99 {}, budget {:.2f} ms)", us(best.median_ns), us(best.p99_ns),
                                       best.budget_ns / 1e6);
  if (!v.runner_up) return {best.detector, cost, "none", "", passed_over};
  const DetectorStanding& second = v.standings[*v.runner_up];
  return {best.detector, cost, fmt::format("{} {}", second.detector, us(second.median_ns)),
          fmt::format("{:.2f}x", *v.margin()), passed_over};
}

constexpr const char* kColumns[] = {"scene",  "response model", "use (fastest agreeing within budget)",
                                    "median step", "runner-up", "margin", "faster, passed over"};

}  // namespace

std::string DetectorStanding::why_not(const std::string& reference) const {
  if (!cross_checked) return "not cross-checked";
  if (steps_differing > 0)
    return fmt::format("disagrees with {} on {} of {} steps", reference, steps_differing, steps_checked);
  if (!fits()) return fmt::format("p99 {:.2f} ms over the {:.2f} ms budget", p99_ns / 1e6, budget_ns / 1e6);
  return "";
}

std::string verdict_note() {
  return "For each scene and response model: the fastest detector (median of its cases' median steps) whose "
         "contacts matched the reference detector's (check_against) on every step of every case checked and whose "
         "worst p99 step fits the budget (the case's dt: 5 ms at 200 Hz), timed on the cross-checked cases only; the "
         "runner-up and how much slower it is; the faster detectors passed over and why. Without a reference check "
         "the scene is not cross-checked.";
}

std::optional<double> SceneVerdict::margin() const {
  if (!best || !runner_up) return std::nullopt;
  const double fastest = standings[*best].median_ns;
  return fastest > 0 ? std::optional(standings[*runner_up].median_ns / fastest) : std::nullopt;
}

std::vector<SceneVerdict> scene_verdicts(const ResultsFile& results) {
  std::map<std::pair<std::string, std::string>, std::map<std::string, CaseList>> groups;
  for (const CaseRecord& c : results.cases)
    if (c.status != "error")
      groups[{c.config_value("scene"), c.config_value("response_model")}][c.config_value("detector")].push_back(&c);
  std::vector<SceneVerdict> out;
  for (const auto& [key, by_detector] : groups) out.push_back(verdict(key.first, key.second, by_detector));
  return out;
}

std::string verdict_table_html(const std::vector<SceneVerdict>& verdicts) {
  if (verdicts.empty()) return "<p>No case ran: no verdict.</p>\n";
  std::string out = "<table class=verdict><tr>";
  for (const char* column : kColumns) out += fmt::format("<th>{}</th>", column);
  out += "</tr>\n";
  for (const SceneVerdict& v : verdicts) {
    const std::vector<std::string> cells = verdict_cells(v);
    out += fmt::format("<tr><td>{}</td><td>{}</td><td class={}><b>{}</b></td>", escape_html(v.scene),
                       escape_html(v.model), v.best ? "pass" : "na", escape_html(cells[0]));
    for (std::size_t i = 1; i < cells.size(); ++i) out += fmt::format("<td>{}</td>", escape_html(cells[i]));
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string verdict_table_markdown(const std::vector<SceneVerdict>& verdicts) {
  if (verdicts.empty()) return "No case ran: no verdict.\n";
  std::string header, rule;
  for (const char* column : kColumns) header += fmt::format(" {} |", column), rule += " --- |";
  std::string out = fmt::format("|{}\n|{}\n", header, rule);
  for (const SceneVerdict& v : verdicts) {
    const std::vector<std::string> cells = verdict_cells(v);
    out += fmt::format("| {} | {} | **{}** |", escape_markdown_cell(v.scene), escape_markdown_cell(v.model),
                       escape_markdown_cell(cells[0]));
    for (std::size_t i = 1; i < cells.size(); ++i) out += fmt::format(" {} |", escape_markdown_cell(cells[i]));
    out += "\n";
  }
  return out;
}

}  // namespace crashbench
