#include "reports/html_report.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cases/loading/json_parse.hpp"
#include "core/error.hpp"
#include "core/install_paths.hpp"
#include "reports/expectation_text.hpp"
#include "reports/html_text.hpp"
#include "reports/plot_library.hpp"
#include "reports/report_assets.hpp"
#include "reports/report_contacts.hpp"
#include "reports/report_figures.hpp"
#include "reports/report_measured.hpp"
#include "reports/report_scale.hpp"
#include "reports/report_sumo.hpp"
#include "reports/report_tables.hpp"
#include "reports/results/output_file.hpp"
#include "reports/scene_verdicts.hpp"
#include "reports/summary_markdown.hpp"

namespace crashbench {
namespace {

void write_text(const std::filesystem::path& path, std::string_view text) { write_file_atomically(path.string(), text); }

std::string overview(const ResultsFile& results) {
  const auto [passed, failed, errors] = results.status_counts();
  std::string timing = results.timing_serial()
                           ? "Timing ran serially: one case at a time, so the costs are comparable."
                           : fmt::format("Timing ran with {} cases at once (--jobs): the costs are indicative only; rerun "
                                         "with --jobs 1 for figures to compare.",
                                         results.run.value("jobs", 0));
  const std::string interrupted =
      results.interrupted ? "<p class=interrupted><b>" + html_escape(results.interruption_note()) +
                                "</b>: the run did not finish; these are the cases it finished.</p>\n"
                          : "";
  return interrupted + fmt::format("<p><b>{}</b> cases: <b>{}</b> passed, <b>{}</b> failed, <b>{}</b> errors. {}</p>\n<p class=note>From "
                     "{}.</p>\n",
                     results.cases.size(), passed, failed, errors, timing, html_escape(results.path));
}

std::string figures_json(const ResultsFile& results) {
  nlohmann::json figures = nlohmann::json::array();
  std::vector<Figure> all = all_figures(results);
  for (Figure& f : scale_figures(results)) all.push_back(std::move(f));
  for (Figure& f : measured_figures(results)) all.push_back(std::move(f));
  for (const Figure& f : all)
    figures.push_back({{"section", f.section}, {"title", f.title}, {"data", f.data}, {"layout", f.layout},
                       {"folded_legend_entries", f.folded_legend_entries}});
  return dump_json(figures);
}

}  // namespace

std::string plotting_library_path() {
  const char* env = std::getenv("CRASHBENCH_PLOTLY_JS");
  if (env && *env) return env;
  // A copy shipped with an installed crashbench wins over the system's.
  const std::filesystem::path shipped = installed_data_dir() / "plotly.js";
  std::error_code ec;
  if (!installed_data_dir().empty() && std::filesystem::is_regular_file(shipped, ec)) return shipped.string();
  return std::string(kDebianPlotlyJs);
}

std::string load_plotting_library(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(path, "", "cannot read the plotting library: install Debian's python3-plotly (ci/setup-deps.sh) or "
                          "set CRASHBENCH_PLOTLY_JS to a plotly.js file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string report_html(const ResultsFile& results, std::string_view plotting_js) {
  std::string page = "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>crashbench report</title>\n<style>";
  page += report_css();
  page += "</style>\n<script>" + std::string(console_capture_script()) + "</script>\n";
  page += plotting_library_scripts(plotting_js) + "</head><body>\n<h1>crashbench report</h1>\n";
  // The question a user opens the report with comes first: which detector to use on each scene.
  page += fmt::format("<h2>Verdict per scene: the detector to use</h2>\n<p class=note>{}</p>\n{}", html_escape(verdict_note()),
                      verdict_table_html(scene_verdicts(results)));
  page += overview(results);
  page += "<p id=render-status data-expected=0 data-rendered=0 data-errors=0 data-clipped-labels=-1>plots not rendered (is JavaScript on?)</p>\n"
          "<pre id=console-errors></pre>\n<pre id=clipped-labels></pre>\n";
  page += "<h2>Per-scene performance (Knight's Table 6-1)</h2>\n<p class=note>Whole-step cost per scene, detector "
          "and response model: the median of the cases' median steps, the worst case's 99th percentile beside it "
          "(n = cases; means are in the cost-per-case table); the baseline row is the dynamics phase alone. Each scene's "
          "label gives the collision triangles and walls its cases ran with. The published figures come from each "
          "scene's registry entry, a column per source: for the l-rail and the track, Knight's VDANL update times on a "
          "300 MHz Pentium II (thesis Table 6-1), and his Watkins Glen after MultiGen Creator reorganised it; "
          "published/now is how many times faster a step runs here than the first.</p>\n";
  page += performance_table_html(results);
  page += "<h2>Per-step cost histograms</h2>\n<div class=plots id=plots-costs></div>\n";
  page += "<h2>Trajectories</h2>\n<div class=plots id=plots-trajectories></div>\n";
  if (const std::string many = scale_table_html(results); !many.empty())
    page += "<h2>Cases of many vehicles</h2>\n<p class=note>" + html_escape(scale_section_note()) + "</p>\n" + many +
            "<div class=plots id=plots-scale></div>\n";
  page += "<h2>Knight's laws</h2>\n<div class=plots id=plots-laws></div>\n";
  page += "<h2>Sweeps</h2>\n<p class=note>A contour plot appears for cases that come from one listed case and "
          "differ in exactly two numeric matrix fields.</p>\n<div class=plots id=plots-sweeps></div>\n";
  page += "<h2>Invariant verdicts</h2>\n<p class=note>" + html_escape(impacts_versus_events_note()) + "</p>\n" +
          invariant_table_html(results);
  page += "<h2>Cost per case</h2>\n" + cost_table_html(results);
  page += "<h2>Response models side by side on each impact</h2>\n<p class=note>Pre: vehicle state before the impact's "
          "first event; post: after its last; impulse summed over the impact's events; world frame, yaw rate "
          "counter-clockwise positive.</p>\n" + impacts_side_by_side_html(results);
  if (const std::string measured = measured_section_html(results); !measured.empty())
    page += "<h2>Measured crashes</h2>\n<p class=note>Each listed case carrying a staged test's measurements is one "
            "test: each vehicle's delta-V over the measured window, body frame at impact, per response model (the "
            "median of its runs; a model's several runs, such as a matrix's draws of the inputs the test does not "
            "give, are its band) against the measured one with its own uncertainty (docs/validation.md).</p>\n" +
            measured;
  if (const std::string contacts = contact_table_html(results); !contacts.empty())
    page += "<h2>Contact forces and integrators</h2>\n" + contacts + "<div class=plots id=plots-contacts></div>\n";
  if (const std::string sumo = sumo_section_html(results); !sumo.empty())
    page += "<h2>SUMO traffic</h2>\n<p class=note>Each SUMO collision episode against crashbench's first contact of "
            "the same pair within two SUMO steps (docs/case-files.md, \"SUMO traffic\").</p>\n" + sumo;
  page += "<script type=application/json id=figures>" + escape_json_for_script(figures_json(results)) + "</script>\n";
  page += "<script>" + std::string(render_script()) + "</script>\n</body></html>\n";
  return page;
}

ReportPaths write_report(const ResultsFile& results, const std::string& dir, std::string_view plotting_js) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw Error(dir, "", "cannot create the report folder: " + ec.message());
  const ReportPaths paths{(std::filesystem::path(dir) / "report.html").string(),
                          (std::filesystem::path(dir) / "summary.md").string()};
  write_text(paths.html, report_html(results, plotting_js));
  write_text(paths.summary, summary_markdown(results));
  return paths;
}

}  // namespace crashbench
