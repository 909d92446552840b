#include "reports/compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "cases/run_result.hpp"
#include "core/error.hpp"
#include "reports/case_groups.hpp"

namespace crashbench {
namespace {

std::string ratio(double a, double b) { return a > 0 && b > 0 ? fmt::format("{:.2f}", b / a) : "-"; }

/// Largest difference of the post-impact states, impact by impact: CG speed [m/s] and yaw rate [deg/s];
/// "impacts a->b" when the number of impacts differs.
std::string post_state_difference(const CaseRecord& a, const CaseRecord& b) {
  const auto ia = impacts_of(a.raw["events"]), ib = impacts_of(b.raw["events"]);
  double dv = 0, dr = 0;
  for (std::size_t k = 0; k < std::min(ia.size(), ib.size()); ++k) {
    dv = std::max(dv, (ia[k].post.velocity_W - ib[k].post.velocity_W).norm());
    dr = std::max(dr, std::abs(ia[k].post.yaw_rate_deg_s - ib[k].post.yaw_rate_deg_s));
  }
  std::string out = fmt::format("{:.3g} m/s, {:.3g} deg/s", dv, dr);
  if (ia.size() != ib.size()) out += fmt::format(" (impacts {}->{})", ia.size(), ib.size());
  return out;
}

struct InvariantChange {
  std::string name;
  bool now_fails;  ///< held in A, fails in B; otherwise the reverse
};

/// Invariants whose verdict differs between `a` and `b`.
std::vector<InvariantChange> invariant_changes(const CaseRecord& a, const CaseRecord& b) {
  std::map<std::string, int> failed_a;
  for (const auto& inv : a.invariants) failed_a[inv.name] = inv.failed;
  std::vector<InvariantChange> out;
  for (const auto& inv : b.invariants) {
    const int before = failed_a.count(inv.name) ? failed_a[inv.name] : 0;
    if ((before == 0) != (inv.failed == 0)) out.push_back({inv.name, inv.failed > 0});
  }
  return out;
}

void check_phase_names(const std::vector<std::string>& phases) {
  std::string known;
  for (std::size_t p = 0; p < kPhaseCount; ++p) known += (p ? ", " : "") + std::string(to_string(static_cast<Phase>(p)));
  for (const auto& name : phases) {
    bool found = false;
    for (std::size_t p = 0; p < kPhaseCount; ++p) found |= name == to_string(static_cast<Phase>(p));
    if (!found) throw Error("", "--phases", "unknown phase '" + name + "'; expected one of: " + known);
  }
  if (phases.empty()) throw Error("", "--phases", "expected at least one phase; one of: " + known);
}

/// "  A B B/A" for each phase: medians per step [us] and their ratio.
std::string phase_cells(const CaseRecord& a, const CaseRecord& b, const std::vector<std::string>& phases) {
  std::string out;
  for (const auto& p : phases)
    out += fmt::format("  {:>10.2f} {:>10.2f} {:>6}", a.median_ns(p) / 1000, b.median_ns(p) / 1000,
                       ratio(a.median_ns(p), b.median_ns(p)));
  return out;
}

}  // namespace

Comparison compare_results(const ResultsFile& a, const ResultsFile& b, const std::vector<std::string>& phases) {
  check_phase_names(phases);
  Comparison out;
  // Cases pair by what they are, the listed case and its matrix variation; one that occurs several times
  // (an unreadable case keeps its listed name) pairs occurrence by occurrence.
  const auto identity = [](const CaseRecord& c) { return variation_key(c.listed_name, c.variation); };
  std::map<std::string, std::vector<const CaseRecord*>> in_b;
  for (const auto& c : b.cases) in_b[identity(c)].push_back(&c);
  std::map<std::string, std::size_t> seen_a;
  std::size_t width = 4;
  for (const auto& c : a.cases) width = std::max(width, c.name.size());
  out.text = fmt::format("A: {}\nB: {}\n{}\n", a.path, b.path,
                         a.timing_serial() && b.timing_serial() ? "" : "warning: a file's timings ran with --jobs > 1");
  std::string header = fmt::format("{:<{}}  {:<17}", "case", width, "status A -> B");
  for (const auto& p : phases) header += fmt::format("  {:>10} {:>10} {:>6}", p + " A", p + " B", "B/A");
  out.text += header + "  post-impact |A-B| (max)\n";
  std::string changes;
  for (const auto& ca : a.cases) {
    const std::size_t occurrence = seen_a[identity(ca)]++;
    const auto it = in_b.find(identity(ca));
    if (it == in_b.end() || occurrence >= it->second.size()) {
      changes += fmt::format("  {}: only in A\n", ca.name);
      continue;
    }
    const CaseRecord& cb = *it->second[occurrence];
    const bool regressed = !ca.failed() && cb.failed(), improved = ca.failed() && !cb.failed();
    out.regressions += regressed;
    out.improvements += improved;
    const std::string post = ca.status == "error" || cb.status == "error" ? "-" : post_state_difference(ca, cb);
    out.text += fmt::format("{:<{}}  {:<17}{}  {}\n", ca.name, width, ca.status + " -> " + cb.status,
                            phase_cells(ca, cb, phases), post);
    if (regressed) changes += fmt::format("  {}: REGRESSED {} -> {}{}\n", ca.name, ca.status, cb.status,
                                          cb.error.empty() ? "" : " (" + cb.error + ")");
    if (improved) changes += fmt::format("  {}: fixed {} -> {}\n", ca.name, ca.status, cb.status);
    if (!ca.physics_hash.empty() && !cb.physics_hash.empty()) {
      const bool same = ca.physics_hash == cb.physics_hash;
      out.physics_identical += same;
      out.physics_changed += !same;
      if (!same) changes += fmt::format("  {}: physics changed (hash {} -> {})\n", ca.name, ca.physics_hash, cb.physics_hash);
    }
    // A case counts once; a verdict change inside a case whose status held counts on its own.
    for (const auto& change : invariant_changes(ca, cb)) {
      changes += fmt::format("  {}: now {}: {}\n", ca.name, change.now_fails ? "fails" : "holds", change.name);
      if (change.now_fails && !regressed) ++out.regressions;
      if (!change.now_fails && !improved) ++out.improvements;
    }
  }
  for (const auto& [key, list] : in_b)
    for (std::size_t k = seen_a[key]; k < list.size(); ++k)
      changes += fmt::format("  {}: only in B ({})\n", list[k]->name, list[k]->status);
  out.text += "(times are median per step [us]; B/A < 1: B is faster)\n";
  out.text += changes.empty() ? "verdicts: no changes\n" : "changes:\n" + changes;
  out.text += fmt::format("{} regression(s), {} fixed; physics: {} case(s) changed, {} identical\n", out.regressions,
                          out.improvements, out.physics_changed, out.physics_identical);
  return out;
}

}  // namespace crashbench
