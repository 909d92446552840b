#include "reports/report_contacts.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "reports/case_groups.hpp"
#include "reports/html_text.hpp"
#include "reports/figure.hpp"

namespace crashbench {
namespace {

struct FirstImpact {
  double delta_v = 0;      ///< |V_post - V_pre| of the struck vehicle [m/s]
  double energy_kept = 0;  ///< E2/E1 [-]
  double duration = -1;    ///< contact duration [s]; < 0: an instant impulse
  double peak_force = -1;  ///< [N]; < 0: an instant impulse
};

struct Row {
  std::string base, response;
  std::map<std::string, FirstImpact> by_integrator;
};

bool has_force_answer(const CaseRecord& c) {
  for (const auto& e : c.raw.value("events", nlohmann::json::array()))
    if (e.value("answer", std::string()) == "force") return true;
  return false;
}

std::optional<FirstImpact> first_impact(const CaseRecord& c) {
  const nlohmann::json events = c.raw.value("events", nlohmann::json::array());
  const auto impacts = impacts_of(events);
  if (impacts.empty()) return std::nullopt;
  const ImpactRecord& i = impacts.front();
  FirstImpact f{(i.post.velocity_W - i.pre.velocity_W).norm(), i.energy_kept, -1, -1};
  const nlohmann::json& first = events.front();
  if (first.value("answer", std::string()) == "force" && first.contains("model_end")) {
    f.duration = first["model_end"].value("duration", -1.0);
    f.peak_force = first["model_end"].value("peak_force", -1.0);
  }
  return f;
}

std::string cells(const FirstImpact& f) {
  if (f.duration < 0) return fmt::format("<td>{:.2f}</td><td>instant</td><td>&mdash;</td>", f.delta_v);
  return fmt::format("<td>{:.2f}</td><td>{:.0f}</td><td>{:.0f}</td>", f.delta_v, 1000 * f.duration, f.peak_force / 1000);
}

/// The contact table's rows and the integrators its cases ran; empty without a force-answered contact.
struct ContactRows {
  std::vector<Row> rows;
  std::set<std::string> integrators;
  /// The integrator whose run a row shows (RK4 when present).
  std::string shown() const { return integrators.count("rk4") ? "rk4" : *integrators.begin(); }
  const FirstImpact& of(const Row& r) const {
    return r.by_integrator.count(shown()) ? r.by_integrator.at(shown()) : r.by_integrator.begin()->second;
  }
};

ContactRows contact_rows(const ResultsFile& results) {
  ContactRows out;
  bool any = false;
  for (const auto& c : results.cases) any = any || (c.status != "error" && has_force_answer(c));
  if (!any) return out;
  // Rows: a listed case with one response (everything the case name varies but the integrator).
  std::map<std::string, std::size_t> where;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const auto impact = first_impact(c);
    if (!impact) continue;
    const std::string integrator = c.config_value("integrator");
    const std::string key = variation_key(c.listed_name, c.variation, "integrator");
    if (!where.count(key)) {
      nlohmann::json others = c.variation;
      others.erase("integrator");
      where[key] = out.rows.size();
      out.rows.push_back({c.listed_name.empty() ? c.name : c.listed_name, variation_text(others), {}});
    }
    out.rows[where[key]].by_integrator[integrator] = *impact;
    out.integrators.insert(integrator);
  }
  return out;
}

/// One grouped bar chart: a bar group per case, a bar per response, `value` of its first impact.
Figure contact_bars(const ContactRows& c, const std::string& title, const std::string& y_title,
                    double (*value)(const FirstImpact&)) {
  Figure f{"contacts", title, nlohmann::json::array(), plot_layout(title, "case", y_title)};
  f.layout["barmode"] = "group";
  std::map<std::string, std::size_t> trace_of;
  for (const Row& r : c.rows) {
    if (!trace_of.count(r.response)) {
      trace_of[r.response] = f.data.size();
      f.data.push_back({{"type", "bar"}, {"name", r.response}, {"x", nlohmann::json::array()},
                        {"y", nlohmann::json::array()}});
    }
    nlohmann::json& trace = f.data[trace_of[r.response]];
    trace["x"].push_back(r.base);
    trace["y"].push_back(value(c.of(r)));
  }
  return f;
}

}  // namespace

std::vector<Figure> contact_figures(const ResultsFile& results) {
  const ContactRows c = contact_rows(results);
  if (c.rows.empty()) return {};
  const std::string run = " (" + c.shown() + ")";
  return {contact_bars(c, "Delta-V of the struck vehicle, first impact" + run, "delta-V [m/s]",
                       [](const FirstImpact& f) { return f.delta_v; }),
          contact_bars(c, "Kinetic energy kept by the first impact" + run, "E2/E1 [-]",
                       [](const FirstImpact& f) { return f.energy_kept; })};
}

std::string contact_table_html(const ResultsFile& results) {
  const ContactRows contacts = contact_rows(results);
  if (contacts.rows.empty()) return "";
  const auto& [rows, integrators] = contacts;
  const std::string shown = contacts.shown();
  std::string out = fmt::format(
      "<table class=contacts><tr><th>case</th><th>variation</th><th>&Delta;V [m/s]</th><th>contact [ms]</th>"
      "<th>peak force [kN]</th>");
  for (const auto& i : integrators) out += "<th>E2/E1 " + html_escape(i) + "</th>";
  out += "</tr>\n";
  for (const auto& r : rows) {
    out += "<tr><td>" + html_escape(r.base) + "</td><td>" + html_escape(r.response) + "</td>" + cells(contacts.of(r));
    for (const auto& i : integrators)
      out += r.by_integrator.count(i) ? fmt::format("<td>{:.3f}</td>", r.by_integrator.at(i).energy_kept)
                                      : std::string("<td class=na>&mdash;</td>");
    out += "</tr>\n";
  }
  return out + "</table>\n<p class=note>First impact of each case: &Delta;V and E2/E1 of the struck vehicle (the pair's "
               "energy for two vehicles); contact duration and peak force for force-answered contacts (" +
         html_escape(shown) + "). Euler gaining energy on the undamped spring is Deak's point (docs/penalty.md).</p>\n";
}

}  // namespace crashbench
