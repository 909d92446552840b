#include "reports/report_measured.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>
#include <utility>

#include "core/units.hpp"
#include "reports/html_text.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// The results file may come from anywhere (the report renders what the reader accepts, fuzzed): every
// field is read by kind, and a malformed one is left out, never thrown on.
double number_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number() ? j[key].get<double>() : NAN;
}

/// j[key] as (x, y) when it is two numbers.
std::optional<std::pair<double, double>> pair_at(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return std::nullopt;
  const json& p = j[key];
  if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) return std::nullopt;
  return std::pair(p[0].get<double>(), p[1].get<double>());
}

std::string string_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

std::vector<MeasuredValue> measured_values(const json& measured) {
  std::vector<MeasuredValue> out;
  if (!measured.is_object() || !measured.contains("vehicles") || !measured["vehicles"].is_array()) return out;
  for (const json& v : measured["vehicles"]) {
    const auto dv = pair_at(v, "delta_v_B");
    if (!dv) break;  // the vehicles after a malformed one would be misnumbered
    MeasuredValue m;
    std::tie(m.x, m.y) = *dv;
    m.magnitude = std::hypot(m.x, m.y);
    m.uncertainty = number_at(v, "uncertainty");
    m.yaw_rate_change_deg_s = number_at(v, "yaw_rate_change_deg_s");
    m.has_yaw = std::isfinite(m.yaw_rate_change_deg_s);
    m.yaw_is_estimate = v.contains("yaw_is_estimate") && v["yaw_is_estimate"].is_boolean() && v["yaw_is_estimate"].get<bool>();
    out.push_back(m);
  }
  return out;
}

/// A model's comparisons gathered over its cases, per vehicle.
struct Gathered {
  std::vector<std::vector<double>> magnitudes, magnitude_errors, direction_errors, yaw_errors;
};

void gather(Gathered& g, const json& comparisons, std::size_t vehicles) {
  g.magnitudes.resize(vehicles), g.magnitude_errors.resize(vehicles), g.direction_errors.resize(vehicles),
      g.yaw_errors.resize(vehicles);
  if (!comparisons.is_array()) return;
  for (std::size_t k = 0; k < vehicles && k < comparisons.size(); ++k) {
    const json& c = comparisons[k];
    const auto simulated = pair_at(c, "simulated_B");
    if (!simulated) continue;  // the run recorded too little of the window
    g.magnitudes[k].push_back(std::hypot(simulated->first, simulated->second));
    g.magnitude_errors[k].push_back(number_at(c, "magnitude_error"));
    g.direction_errors[k].push_back(number_at(c, "direction_error_deg"));
    if (const double yaw = number_at(c, "yaw_rate_error_deg_s"); std::isfinite(yaw)) g.yaw_errors[k].push_back(yaw);
  }
}

ModelOnVehicle summarise(const Gathered& g, std::size_t k, const MeasuredValue& measured) {
  ModelOnVehicle v;
  v.measured = measured.magnitude;
  v.runs = k < g.magnitudes.size() ? static_cast<int>(g.magnitudes[k].size()) : 0;  // none when every case failed
  if (v.runs == 0) return v;
  v.median = median(g.magnitudes[k]);
  v.low = *std::min_element(g.magnitudes[k].begin(), g.magnitudes[k].end());
  v.high = *std::max_element(g.magnitudes[k].begin(), g.magnitudes[k].end());
  v.magnitude_error = median(g.magnitude_errors[k]);
  v.direction_error_deg = median(g.direction_errors[k]);
  v.has_yaw = !g.yaw_errors[k].empty();
  if (v.has_yaw) v.yaw_error_deg_s = median(g.yaw_errors[k]);
  return v;
}

std::string kmh(double mps, const char* format = "{:.1f}") { return fmt::format(fmt::runtime(format), mps * kMpsToKmh); }

std::string test_table_html(const MeasuredTest& t) {
  std::string out = "<table><tr><th class=label>model</th><th>runs</th>";
  for (std::size_t k = 0; k < t.measured.size(); ++k)
    out += fmt::format("<th>vehicle {0} |dV| [km/h]</th><th>band</th><th>err |dV|</th><th>err dir [deg]</th>", k + 1);
  out += "<th>err yaw 1 [deg/s]</th></tr>\n<tr><td class=label>measured</td><td></td>";
  for (const MeasuredValue& m : t.measured)
    out += fmt::format("<td class=published>{} &plusmn; {}</td><td></td><td></td><td>({}, {})</td>", kmh(m.magnitude),
                       kmh(m.uncertainty), kmh(m.x), kmh(m.y));
  const MeasuredValue& first = t.measured.front();
  out += "<td class=published>" +
         (first.has_yaw ? fmt::format("{:.0f}{}", first.yaw_rate_change_deg_s, first.yaw_is_estimate ? " (estimate)" : "")
                        : std::string("-")) +
         "</td></tr>\n";
  for (const ModelOnTest& m : t.models) {
    const int runs = m.vehicles.empty() ? 0 : m.vehicles.front().runs;
    out += fmt::format("<tr><td class=label>{}</td><td>{}{}{}</td>", html_escape(m.model), runs,
                       m.errors ? fmt::format(" ({} errors)", m.errors) : "",
                       m.failed ? fmt::format(" <b>({} failed invariants)</b>", m.failed) : "");
    for (const ModelOnVehicle& v : m.vehicles) {
      if (v.runs == 0) {
        out += "<td class=na>-</td><td></td><td></td><td></td>";
        continue;
      }
      out += fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{:.0f}</td>", kmh(v.median),
                         v.runs > 1 ? kmh(v.low) + " to " + kmh(v.high) + (v.inside() ? " (holds it)" : " (misses)") : "",
                         kmh(v.magnitude_error, "{:+.1f}"), v.direction_error_deg);
    }
    out += "<td>" + (!m.vehicles.empty() && m.vehicles.front().has_yaw ? fmt::format("{:+.0f}", m.vehicles.front().yaw_error_deg_s) : "-") +
           "</td></tr>\n";
  }
  return out + "</table>\n";
}

/// "four-dof came closest: |dV| off by 2.4 and 3.3 km/h (mean 2.9); next restitution, mean 7.9".
std::string closest_sentence(const MeasuredTest& t) {
  std::string untrusted;
  for (const ModelOnTest& m : t.models)
    if (m.failed > 0)
      untrusted += fmt::format("{}{} ({} of its runs failed an invariant)", untrusted.empty() ? "" : ", ", m.model, m.failed);
  if (!untrusted.empty()) untrusted = " Not ranked: " + untrusted + ".";
  const std::vector<const ModelOnTest*> ranked = t.ranked();
  if (ranked.empty()) return "No model ran on every measured vehicle with its invariants held." + untrusted;
  const ModelOnTest* best = ranked.front();
  std::string errors;
  for (const ModelOnVehicle& v : best->vehicles) errors += (errors.empty() ? "" : " and ") + kmh(v.magnitude_error, "{:+.1f}");
  std::string out = fmt::format("{} came closest: |dV| off by {} km/h (mean |error| {} km/h)", best->model, errors,
                                kmh(best->mean_abs_error()));
  if (ranked.size() > 1) out += fmt::format("; next {}, {} km/h", ranked[1]->model, kmh(ranked[1]->mean_abs_error()));
  return out + "." + untrusted;
}

/// "measured |dV| inside the band: 3 of 10 (model, vehicle) pairs", over models with more than one run.
std::string band_sentence(const std::vector<MeasuredTest>& tests) {
  int banded = 0, inside = 0;
  for (const MeasuredTest& t : tests)
    for (const ModelOnTest& m : t.models)
      for (const ModelOnVehicle& v : m.vehicles)
        if (v.runs > 1) ++banded, inside += v.inside();
  if (banded == 0) return "";
  return fmt::format("Measured |dV| inside the model's band (the range over its runs): {} of {} (test, model, vehicle).",
                     inside, banded);
}

}  // namespace

bool ModelOnVehicle::inside() const { return runs > 1 && measured >= low && measured <= high; }

double ModelOnTest::mean_abs_error() const {
  double sum = 0;
  for (const ModelOnVehicle& v : vehicles) {
    if (v.runs == 0) return std::numeric_limits<double>::infinity();
    sum += std::abs(v.magnitude_error);
  }
  return vehicles.empty() ? std::numeric_limits<double>::infinity() : sum / static_cast<double>(vehicles.size());
}

std::vector<const ModelOnTest*> MeasuredTest::ranked() const {
  std::vector<const ModelOnTest*> out;
  for (const ModelOnTest& m : models)
    if (m.failed == 0 && std::isfinite(m.mean_abs_error())) out.push_back(&m);
  std::stable_sort(out.begin(), out.end(),
                   [](const ModelOnTest* a, const ModelOnTest* b) { return a->mean_abs_error() < b->mean_abs_error(); });
  return out;
}

std::vector<MeasuredTest> measured_tests(const ResultsFile& results) {
  std::vector<MeasuredTest> tests;
  std::vector<std::vector<Gathered>> gathered;  // per test, per model
  for (const CaseRecord& c : results.cases) {
    if (!c.raw.is_object() || !c.raw.contains("config") || !c.raw["config"].is_object() ||
        !c.raw["config"].contains("measured"))
      continue;
    const json& measured = c.raw["config"]["measured"];
    std::vector<MeasuredValue> values = measured_values(measured);
    if (values.empty()) continue;  // nothing readable to compare with
    auto t = std::find_if(tests.begin(), tests.end(), [&](const MeasuredTest& x) { return x.name == c.listed_name; });
    if (t == tests.end()) {
      tests.push_back({c.listed_name, string_at(measured, "source"), std::move(values), {}});
      gathered.emplace_back();
      t = tests.end() - 1;
    }
    auto& models = gathered[static_cast<std::size_t>(t - tests.begin())];
    const auto config = c.config.find("response_model");
    const std::string model = config == c.config.end() ? "?" : config->second;
    auto m = std::find_if(t->models.begin(), t->models.end(), [&](const ModelOnTest& x) { return x.model == model; });
    if (m == t->models.end()) {
      t->models.push_back({model, {}, 0});
      models.emplace_back();
      m = t->models.end() - 1;
    }
    Gathered& g = models[static_cast<std::size_t>(m - t->models.begin())];
    if (c.status == "error" || !c.raw.contains("measured_comparison")) {
      ++m->errors;
      continue;
    }
    m->failed += c.status == "failed";
    gather(g, c.raw["measured_comparison"], t->measured.size());
  }
  for (std::size_t i = 0; i < tests.size(); ++i)
    for (std::size_t j = 0; j < tests[i].models.size(); ++j) {
      for (std::size_t k = 0; k < tests[i].measured.size(); ++k)
        tests[i].models[j].vehicles.push_back(summarise(gathered[i][j], k, tests[i].measured[k]));
    }
  return tests;
}

std::string measured_section_html(const ResultsFile& results) {
  const std::vector<MeasuredTest> tests = measured_tests(results);
  if (tests.empty()) return "";
  std::string out;
  for (const MeasuredTest& t : tests)
    out += fmt::format("<h3>{}</h3>\n<p class=note>Measured: {}</p>\n{}<p><b>{}</b></p>\n", html_escape(t.name),
                       html_escape(t.source), test_table_html(t), html_escape(closest_sentence(t)));
  if (const std::string band = band_sentence(tests); !band.empty()) out += "<p>" + html_escape(band) + "</p>\n";
  return out + "<div class=plots id=plots-measured></div>\n";
}

std::vector<Figure> measured_figures(const ResultsFile& results) {
  std::vector<Figure> figures;
  for (const MeasuredTest& t : measured_tests(results)) {
    Figure f{"measured", t.name + ": |delta-V| per vehicle, measured and each model",
             json::array(), plot_layout(t.name + ": |delta-V| per vehicle", "", "|delta-V| [km/h]")};
    f.layout["barmode"] = "group";
    json x = json::array(), measured = json::array(), spread = json::array();
    for (std::size_t k = 0; k < t.measured.size(); ++k) {
      x.push_back(fmt::format("vehicle {}", k + 1));
      measured.push_back(t.measured[k].magnitude * kMpsToKmh);
      spread.push_back(t.measured[k].uncertainty * kMpsToKmh);
    }
    f.data.push_back({{"type", "bar"}, {"name", "measured"}, {"x", x}, {"y", measured}, {"marker", {{"color", "#444"}}},
                      {"error_y", {{"type", "data"}, {"array", spread}, {"visible", true}}}});
    for (const ModelOnTest& m : t.models) {
      json y = json::array(), up = json::array(), down = json::array();
      bool banded = false;
      for (const ModelOnVehicle& v : m.vehicles) {
        y.push_back(v.runs ? json(v.median * kMpsToKmh) : json(nullptr));
        up.push_back((v.high - v.median) * kMpsToKmh), down.push_back((v.median - v.low) * kMpsToKmh);
        banded = banded || v.runs > 1;
      }
      f.data.push_back({{"type", "bar"}, {"name", m.model}, {"x", x}, {"y", y},
                        {"error_y", {{"type", "data"}, {"symmetric", false}, {"array", up}, {"arrayminus", down}, {"visible", banded}}}});
    }
    figures.push_back(std::move(f));
  }
  return figures;
}

std::string measured_summary_markdown(const ResultsFile& results) {
  const std::vector<MeasuredTest> tests = measured_tests(results);
  if (tests.empty()) return "";
  std::string out = "## Measured crashes\n\n";
  for (const MeasuredTest& t : tests) out += "- **" + t.name + "**: " + closest_sentence(t) + "\n";
  if (const std::string band = band_sentence(tests); !band.empty()) out += "\n" + band + "\n";
  return out + "\n";
}

}  // namespace crashbench
