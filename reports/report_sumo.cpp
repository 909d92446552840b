#include "reports/report_sumo.hpp"

#include <fmt/format.h>

#include "reports/html_text.hpp"

namespace crashbench {
namespace {

/// Shown per table: a long run's cascade of secondary contacts would otherwise bury the page.
constexpr std::size_t kMostRows = 200;

std::string number(const nlohmann::json& j, const char* key, const char* format = "{:.3f}") {
  return j.contains(key) && j[key].is_number() ? fmt::format(fmt::runtime(format), j[key].get<double>()) : "";
}

std::string episodes_html(const nlohmann::json& episodes) {
  std::string out =
      "<table><tr><th>collider</th><th>victim</th><th>SUMO type</th><th>SUMO time [s]</th><th>speeds [m/s]</th>"
      "<th>matched</th><th>contact [s]</th><th>impulse [N s]</th><th>delta-V collider, victim [m/s]</th><th>why not</th></tr>\n";
  std::size_t rows = 0;
  for (const nlohmann::json& e : episodes) {
    if (++rows > kMostRows) break;
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}, {}</td><td>{}</td><td>{}</td><td>{}</td>"
                       "<td>{}</td><td>{}</td></tr>\n",
                       html_escape(e.value("collider", "")), html_escape(e.value("victim", "")), html_escape(e.value("type", "")),
                       number(e, "time", "{:.1f}"), number(e, "collider_speed", "{:.1f}"), number(e, "victim_speed", "{:.1f}"),
                       e.value("matched", false) ? "yes" : "<b>no</b>", number(e, "contact_time"), number(e, "impulse", "{:.0f}"),
                       e.value("matched", false) ? number(e, "collider_dv", "{:.2f}") + ", " + number(e, "victim_dv", "{:.2f}") : "",
                       html_escape(e.value("why", "")));
  }
  return out + "</table>\n";
}

std::string extra_html(const nlohmann::json& extra) {
  std::string out = "<table><tr><th>kind</th><th>vehicle</th><th>other</th><th>time [s]</th><th>why</th></tr>\n";
  std::size_t rows = 0;
  for (const nlohmann::json& x : extra) {
    if (++rows > kMostRows) break;
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", html_escape(x.value("kind", "")),
                       html_escape(x.value("vehicle", "")), html_escape(x.value("other", "")), number(x, "time"),
                       html_escape(x.value("why", "")));
  }
  return out + "</table>\n";
}

}  // namespace

std::string sumo_section_html(const ResultsFile& results) {
  std::string out;
  for (const CaseRecord& c : results.cases) {
    if (!c.raw.contains("sumo") || !c.raw["sumo"].is_object()) continue;
    const nlohmann::json& s = c.raw["sumo"];
    const nlohmann::json episodes = s.value("episodes", nlohmann::json::array());
    const nlohmann::json extra = s.value("extra_contacts", nlohmann::json::array());
    out += fmt::format("<h3>{}</h3>\n<p>{} SUMO vehicles (at most {} at once), {} released by a contact; {} collision "
                       "episodes, {} matched; {} contacts SUMO did not report. Tables show at most {} rows each; "
                       "results.json holds them all.</p>\n",
                       html_escape(c.name), s.value("vehicles", 0), s.value("most_present", 0), s.value("released", 0),
                       episodes.size(), s.value("episodes_matched", 0), extra.size(), kMostRows);
    out += episodes_html(episodes);
    if (!extra.empty()) out += "<p>Contacts SUMO did not report:</p>\n" + extra_html(extra);
  }
  return out;
}

}  // namespace crashbench
