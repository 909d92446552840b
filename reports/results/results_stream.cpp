#include "reports/results/results_stream.hpp"

#include <fmt/chrono.h>

#include <algorithm>
#include <climits>
#include <ctime>

#include "cases/loading/json_parse.hpp"
#include "core/json_reader.hpp"
#include "reports/results/shared_walls.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

std::string utc_now() {
  return fmt::format("{:%FT%TZ}", fmt::gmtime(std::time(nullptr)));
}

/// An Error from line `number` of the stream: its pointer says the line, then where in the line.
Error on_line(const Error& e, std::size_t number, const std::string& path, const std::string& prefix = "") {
  std::string pointer = e.pointer();
  if (!prefix.empty() && pointer.rfind(prefix, 0) == 0) pointer = "/case" + pointer.substr(prefix.size());
  return Error(path, "line " + std::to_string(number) + (pointer.empty() || pointer == "/" ? "" : " " + pointer),
               e.problem());
}

/// The start line's run description, checked as results.json's "run" is.
void read_start(const json& line, const std::string& path, ResultsFile& file) {
  const JsonReader start(line, path, "line 1 ");
  if (!start.is_object() || start.string_or("format", "") != kResultsStreamFormat)
    start.fail("not a crashbench results stream: expected a first line with \"format\": \"" +
               std::string(kResultsStreamFormat) + "\"");
  file.run = parse_results({{"format", kResultsFormat}, {"run", start.at("run").json()}, {"cases", json::array()}}, path).run;
  file.planned_cases = static_cast<std::size_t>(start.at("planned_cases").integer_in(0, INT_MAX));
}

/// One case line, checked as a case of results.json is; `scenes` holds the scene lines read so far.
CaseRecord read_case_line(const json& line, std::size_t number, const std::string& path, const json& scenes) {
  const JsonReader entry(line, path, "line " + std::to_string(number) + " ");
  const json& c = entry.at("case").json();
  json its_scene = json::object();
  if (const auto ref = c.find("scene_walls_ref"); ref != c.end() && ref->is_string() && scenes.contains(ref->get<std::string>()))
    its_scene[ref->get<std::string>()] = scenes[ref->get<std::string>()];
  try {
    ResultsFile one = parse_results({{"format", kResultsFormat}, {"scenes", its_scene}, {"cases", json::array({c})}}, path);
    return std::move(one.cases.front());
  } catch (const Error& e) {
    throw on_line(e, number, path, "/cases/0");
  }
}

}  // namespace

ResultsStream::ResultsStream(const std::string& path, const std::vector<std::string>& inputs, const RunInfo& info,
                             std::size_t planned_cases)
    : file_(path) {
  const json run = to_json(std::span<const RunResult>(), info)["run"];
  file_.write_line(dump_json({{"format", kResultsStreamFormat}, {"kind", "start"}, {"started", utc_now()},
                              {"inputs", inputs}, {"run", run}, {"planned_cases", planned_cases}}));
}

void ResultsStream::add(const RunResult& result, std::size_t index, const std::string& trajectory_file) {
  json c = to_json(result, trajectory_file, WallsAs::kKey);
  c["index"] = index;
  if (const std::string key = c.value("scene_walls_ref", ""); !key.empty() && scenes_written_.insert(key).second)
    file_.write_line(dump_json({{"kind", "scene"}, {"key", key}, {"walls", walls_json(result)}}));
  file_.write_line(dump_json({{"kind", "case"}, {"case", std::move(c)}}));
  ++written_;
}

void ResultsStream::finish() {
  file_.write_line(dump_json({{"kind", "end"}, {"finished", utc_now()}, {"cases", written_}}));
  file_.sync();
}

ResultsFile parse_results_stream(std::string_view text, const std::string& path) {
  ResultsFile file;
  file.path = path;
  file.interrupted = true;
  std::size_t number = 0;
  json scenes = json::object();
  // Only lines that end with a newline are whole: the writer adds it in the same write() as the line.
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string_view::npos; start = end + 1) {
    const std::string_view line = text.substr(start, end - start);
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    json doc;
    try {
      doc = parse_json_text(line, path);
    } catch (const Error& e) {
      throw on_line(e, number, path);
    }
    if (number == 1) {
      read_start(doc, path, file);
      continue;
    }
    const JsonReader entry(doc, path, "line " + std::to_string(number) + " ");
    const std::string kind = entry.at("kind").choice({"scene", "case", "end"});
    if (!file.interrupted) entry.fail("a line after the end line: expected the end line last");
    if (kind == "end") {
      file.interrupted = false;
    } else if (kind == "scene") {
      entry.at("walls").array_size();  // an array; each wall is checked with the first case that refers to it
      scenes[entry.at("key").string()] = {{"walls", entry.at("walls").json()}};
    } else {
      file.cases.push_back(read_case_line(doc, number, path, scenes));
    }
  }
  if (number == 0) throw Error(path, "", "no complete line: expected a crashbench results stream (results.jsonl)");
  std::stable_sort(file.cases.begin(), file.cases.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  for (std::size_t i = 1; i < file.cases.size(); ++i)
    if (file.cases[i].index == file.cases[i - 1].index)
      throw Error(path, "", "case index " + std::to_string(file.cases[i].index) + " appears twice: expected each case once");
  return file;
}

}  // namespace crashbench
