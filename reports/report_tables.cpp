#include "reports/report_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "detectors/scenes/scene_library.hpp"
#include "reports/case_groups.hpp"
#include "reports/html_text.hpp"
#include "reports/summary_markdown.hpp"

namespace crashbench {
namespace {

/// Knight's 2002 baseline (thesis Table 6-1): the same simulation without any collision calculation. It
/// belongs to no scene, so it is not in the scene registry.
constexpr PublishedStepTime kNoCollision2002{"No collision calculation", "Knight 2002, thesis Table 6-1", "", 0.99};

/// The published step time for `model` among `published`, 0 when there is none.
double published_ms(std::span<const PublishedStepTime> published, const std::string& model) {
  for (const PublishedStepTime& p : published)
    if (p.response_model == model) return p.step_ms;
  return 0;
}

/// The published figures of a registered scene (none for a file or an unknown name), one line per label.
std::string published_cell(std::span<const PublishedStepTime> published) {
  std::vector<std::string_view> labels;
  for (const PublishedStepTime& p : published)
    if (std::find(labels.begin(), labels.end(), p.label) == labels.end()) labels.push_back(p.label);
  std::string cell;
  for (const std::string_view label : labels) {
    std::string figures;
    for (const PublishedStepTime& p : published)
      if (p.label == label)
        figures += fmt::format("{}{}: {:.2f} ms", figures.empty() ? "" : ", ", p.response_model, p.step_ms);
    cell += fmt::format("{}{}<br><small>{}</small>", cell.empty() ? "" : "<br>", html_escape(std::string(label)),
                        html_escape(figures));
  }
  return cell;
}

std::span<const PublishedStepTime> published_for(const std::string& scene) {
  const SceneEntry* entry = find_entry_or_null(scene_registry().entries(), scene);
  return entry ? entry->published : std::span<const PublishedStepTime>{};
}

/// Mean over cases of each case's mean step cost (Knight's table gives averages), and of each case's
/// median, which a noisy shared machine disturbs less.
struct Mean {
  double sum = 0, median_sum = 0;
  int n = 0;
  void add(double mean, double median) { sum += mean, median_sum += median, ++n; }
  double value() const { return n ? sum / n : 0; }
  double median() const { return n ? median_sum / n : 0; }
};

std::string cost_cell(const Mean& m, std::span<const PublishedStepTime> published, const std::string& model) {
  if (m.n == 0) return "<td class=na>&mdash;</td>";
  const double us = m.value() / 1000;
  // The first published figure for this model (the unoptimised one where a scene has two).
  const double ref = published_ms(published, model);
  const std::string ratio = ref > 0 && us > 0 ? fmt::format("<br><small>published/now {:.0f}</small>", ref * 1000 / us) : "";
  return fmt::format("<td>{:.2f} us <small>(median {:.2f}, n={})</small>{}</td>", us, m.median() / 1000, m.n, ratio);
}

std::string verdict_class(const CaseRecord& c) { return c.status == "passed" ? "pass" : "fail"; }

}  // namespace

std::string performance_table_html(const ResultsFile& results) {
  // Scene -> detector -> response model; the dynamics phase does not depend on the detector.
  std::set<std::string> models;
  std::map<std::string, std::map<std::string, std::map<std::string, Mean>>> step;
  std::map<std::string, Mean> dynamics;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const std::string model = c.config_value("response_model");
    models.insert(model);
    step[c.config_value("scene")][c.config_value("detector")][model].add(c.mean_ns("step"), c.median_ns("step"));
    dynamics[model].add(c.mean_ns("dynamics"), c.median_ns("dynamics"));
  }
  std::string out = "<table class=perf><tr><th>scene</th><th class=label>detector</th>";
  for (const auto& model : models) out += "<th>" + html_escape(model) + "</th>";
  out += "<th>published (the scene registry's figures)</th></tr>\n";
  // The scene's name and its published figures span its detectors' rows.
  const auto row = [&](const std::string& scene, std::size_t rows, const std::string& detector,
                       const std::map<std::string, Mean>& cells, std::span<const PublishedStepTime> published) {
    std::string r = "<tr>";
    if (!scene.empty()) r += fmt::format("<th rowspan={}>{}</th>", rows, html_escape(scene));
    r += "<td class=label>" + html_escape(detector) + "</td>";
    for (const auto& model : models) {
      const auto it = cells.find(model);
      r += cost_cell(it == cells.end() ? Mean{} : it->second, published, model);
    }
    if (!scene.empty())
      r += published.empty() ? fmt::format("<td rowspan={} class=na>&mdash;</td>", rows)
                             : fmt::format("<td rowspan={} class=label>{}</td>", rows, published_cell(published));
    return r + "</tr>\n";
  };
  for (const auto& [scene, detectors] : step) {
    bool first = true;
    for (const auto& [detector, cells] : detectors) {
      out += row(first ? scene : "", detectors.size(), detector, cells, published_for(scene));
      first = false;
    }
  }
  // Knight's baseline holds for every model.
  std::vector<PublishedStepTime> baseline;
  for (const auto& model : models) baseline.push_back({kNoCollision2002.label, kNoCollision2002.source, model, kNoCollision2002.step_ms});
  out += row("no collision calculation (dynamics phase only)", 1, "any", dynamics, baseline);
  return out + "</table>\n";
}

std::string cost_table_html(const ResultsFile& results) {
  std::string out = "<table><tr><th>case</th><th>scene</th><th>detector</th><th>model</th>";
  for (const char* phase : {"detect", "resolve", "dynamics", "step"}) out += fmt::format("<th>{} median [us]</th>", phase);
  out += "<th>step p99 [us]</th><th>step max [us]</th><th>budget [% dt]</th></tr>\n";
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>", html_escape(c.name),
                       html_escape(c.config_value("scene")), html_escape(c.config_value("detector")),
                       html_escape(c.config_value("response_model")));
    for (const char* phase : {"detect", "resolve", "dynamics", "step"}) out += fmt::format("<td>{:.2f}</td>", c.median_ns(phase) / 1000);
    const PhaseCost step = c.timing.count("step") ? c.timing.at("step") : PhaseCost{};
    out += fmt::format("<td>{:.2f}</td><td>{:.2f}</td><td>{:.3f}</td></tr>\n", step.p99_ns / 1000, step.max_ns / 1000,
                       100 * step.median_ns * 1e-9 / c.dt);
  }
  return out + "</table>\n";
}

std::string invariant_table_html(const ResultsFile& results) {
  std::vector<std::string> names;
  for (const auto& c : results.cases)
    for (const auto& inv : c.invariants)
      if (std::find(names.begin(), names.end(), inv.name) == names.end()) names.push_back(inv.name);
  std::string out = "<table><tr><th>case</th><th>status</th><th>impacts</th>";
  for (const auto& n : names) out += "<th>" + html_escape(n) + "<br><small>worst residual / tolerance</small></th>";
  out += "</tr>\n";
  for (const CaseRecord* c : failures_first(results)) {
    out += fmt::format("<tr class={}><td>{}</td><td>{}</td>", verdict_class(*c), html_escape(c->name), c->status);
    if (c->status == "error") {
      out += fmt::format("<td colspan={}>{}</td></tr>\n", names.size() + 1, html_escape(c->error));
      continue;
    }
    out += fmt::format("<td class={}>{}{}{}{}</td>", c->impacts_ok && c->first_impact_ok ? "pass" : "fail", c->impacts,
                       c->first_impact_ok ? "" : " <small>(first impact outside its window)</small>",
                       c->unchecked_events ? fmt::format(" <small>({} with no invariant checked)</small>", c->unchecked_events) : "",
                       c->failure.empty() ? "" : " <small>stopped: " + html_escape(c->failure) + "</small>");
    for (const auto& n : names) {
      const auto it = std::find_if(c->invariants.begin(), c->invariants.end(), [&](const auto& i) { return i.name == n; });
      if (it == c->invariants.end()) {
        out += "<td class=na>&mdash;</td>";
        continue;
      }
      out += fmt::format("<td class={}>{:.2e} / {:.0e}<br><small>{} of {} failed</small></td>", it->failed ? "fail" : "pass",
                         it->worst_residual, it->tolerance, it->failed, it->checked);
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

}  // namespace crashbench
