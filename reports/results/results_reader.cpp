#include "reports/results/results_reader.hpp"

#include <fmt/format.h>

#include <climits>
#include <filesystem>

#include "cases/checks/physics_hash.hpp"
#include "cases/loading/json_parse.hpp"
#include "core/json_reader.hpp"
#include "reports/results/record_store.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_stream.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

void require_numbers(const JsonReader& object, std::initializer_list<std::string_view> keys) {
  for (const auto key : keys) object.at(key).number();
}

/// An array of `n` numbers.
void check_numbers(const JsonReader& array, std::size_t n, const char* expected) {
  if (array.array_size() != n) array.fail(std::string("expected ") + expected);
  for (std::size_t i = 0; i < n; ++i) array.at(i).number();
}

void check_vec2(const JsonReader& v) { check_numbers(v, 2, "[x, y]"); }

void check_state(const JsonReader& state) {
  check_vec2(state.at("position"));
  check_vec2(state.at("velocity"));
  require_numbers(state, {"heading_deg", "yaw_rate_deg_s"});
}

/// A response model's end-of-impact state ("model_end"): body-frame velocity, yaw and roll rates.
void check_end_state(const JsonReader& state) {
  check_vec2(state.at("velocity_B"));
  require_numbers(state, {"yaw_rate_deg_s", "roll_rate_deg_s"});
}

/// `vehicles`: how many vehicles the case has; an event names one of them (and maybe the scene, -1, as `other`).
void check_event(const JsonReader& e, int vehicles) {
  require_numbers(e, {"time", "step", "impact", "energy_before", "energy_after", "angle_of_attack_deg"});
  e.at("vehicle").integer_in(0, vehicles - 1);
  if (const auto other = e.find("other"); other && other->integer_in(-1, vehicles - 1) >= 0) {
    check_state(e.at("other_pre"));
    check_state(e.at("other_post"));
  }
  for (const auto key : {"point", "impulse", "normal"}) check_vec2(e.at(key));
  e.at("status").string();
  check_state(e.at("pre"));
  check_state(e.at("post"));
  if (!e.at("invariants").is_object()) e.at("invariants").fail("expected an object of invariant verdicts");
  if (const auto end = e.find("model_end")) {
    end->at("duration").non_negative_number();
    check_end_state(end->at("vehicle"));
    if (const auto other = end->find("other")) check_end_state(*other);
  }
}

/// Every series holds a number per sample time; the plots index them together.
void check_trajectory(const JsonReader& t) {
  const std::size_t samples = t.at("time").array_size();
  check_numbers(t.at("time"), samples, "sample times");
  const JsonReader vehicles = t.at("vehicles");
  for (std::size_t v = 0; v < vehicles.array_size(); ++v) {
    const JsonReader vehicle = vehicles.at(v);
    if (const auto name = vehicle.find("name")) name->string();
    for (const auto key : {"x", "y", "heading_deg", "speed", "yaw_rate_deg_s"})
      check_numbers(vehicle.at(key), samples, "a number per sample time");
  }
}

/// The scene's wall footprints: [ax, ay, bx, by] each.
void check_walls(const JsonReader& walls) {
  for (std::size_t i = 0; i < walls.array_size(); ++i) check_numbers(walls.at(i), 4, "[ax, ay, bx, by]");
}

/// The model's own parameters: an object naming the model. The laws the report plots (e, mu, P) are
/// read where a model has them, as a number or {cos2, offset}; other keys are the model's business.
/// One of the response model's laws as the run sampled it: a quantity and as many values as angles.
LawCurve read_curve(const JsonReader& curve) {
  curve.only_keys({"quantity", "angle_deg", "value"});
  LawCurve out{curve.at("quantity").string(), {}, {}};
  const JsonReader angles = curve.at("angle_deg"), values = curve.at("value");
  if (angles.array_size() < 2) angles.fail("expected at least two angles [deg]");
  check_numbers(values, angles.array_size(), "as many values as angles");
  for (std::size_t i = 0; i < angles.array_size(); ++i) {
    out.angle_deg.push_back(angles.at(i).number_in(0, 90));
    out.value.push_back(values.at(i).number());
    if (i > 0 && !(out.angle_deg[i] > out.angle_deg[i - 1])) angles.at(i).fail("expected angles in increasing order");
  }
  return out;
}

/// A case's published results (config.published), as the impact table shows them.
void check_published(const JsonReader& published) {
  published.at("source").string();
  published.at("impact").integer_in(1, INT_MAX);
  const JsonReader columns = published.at("columns");
  for (std::size_t i = 0; i < columns.array_size(); ++i) {
    const JsonReader column = columns.at(i);
    column.at("label").string();
    if (const auto v = column.find("velocity_B")) check_vec2(*v);
    for (const auto key : {"yaw_rate_deg_s", "roll_rate_deg_s"})
      if (const auto r = column.find(key)) r->number();
  }
}

/// What results.json keeps of a case whose record went to a file: percentiles and binned contacts, as
/// reports/results/record_store.hpp writes them and the report's many-vehicle section reads them.
void check_record_summary(const JsonReader& c) {
  const JsonReader summary = c.at("trajectory").at("summary");
  const std::size_t samples = c.at("trajectory").at("time").array_size();
  const JsonReader over_time = summary.at("speed_over_time");
  for (const auto& [name, fraction] : kPercentiles) check_numbers(over_time.at(name), samples, "a number per sample time");
  const auto check_percentiles = [](const JsonReader& p) {
    if (!p.is_object()) p.fail("expected an object of percentiles");
    for (const auto& [name, fraction] : kPercentiles)
      if (const auto value = p.find(name)) value->number();
  };
  const JsonReader per_vehicle = summary.at("per_vehicle");
  for (const auto key : {"peak_speed", "final_speed", "peak_yaw_rate_deg_s", "distance"}) check_percentiles(per_vehicle.at(key));
  const JsonReader contacts = c.at("contacts");
  check_percentiles(contacts.at("per_vehicle"));
  c.at("events_file").string();
  c.at("events_count").integer_in(0, INT_MAX);
  if (const auto counts = contacts.at("plan").find("counts")) {
    check_numbers(contacts.at("plan").at("x"), 2, "[lo, hi]");
    check_numbers(contacts.at("plan").at("y"), 2, "[lo, hi]");
    for (std::size_t row = 0; row < counts->array_size(); ++row)
      check_numbers(counts->at(row), counts->array_size(), "a square grid of counts");
  }
  contacts.at("over_time").at("end").positive_number();
  const JsonReader bins = contacts.at("over_time").at("counts");
  check_numbers(bins, bins.array_size(), "counts");
}

/// The sizes the plan view draws the vehicles with, one entry per vehicle of the trajectory (of the file's
/// when results.json keeps only sampled vehicles, each naming its index).
void check_vehicle_params(const JsonReader& params, const JsonReader& trajectory) {
  if (const auto file = trajectory.find("file")) {
    file->string();
    const JsonReader summary = trajectory.at("summary");
    if (params.array_size() != static_cast<std::size_t>(summary.at("vehicles").integer_in(0, INT_MAX)))
      params.fail("expected one entry per vehicle of the trajectory file (trajectory/summary/vehicles)");
    const JsonReader sampled = trajectory.at("vehicles");
    for (std::size_t v = 0; v < sampled.array_size(); ++v)
      sampled.at(v).at("index").integer_in(0, static_cast<int>(params.array_size()) - 1);
  } else if (params.array_size() != trajectory.at("vehicles").array_size()) {
    params.fail("expected one entry per vehicle of the trajectory");
  }
  for (std::size_t v = 0; v < params.array_size(); ++v)
    for (const auto key : {"mass", "yaw_inertia", "cg_to_front", "cg_to_rear", "width"})
      params.at(v).at(key).positive_number();
}

PhaseCost read_phase(const JsonReader& p) {
  PhaseCost cost{p.at("mean_ns").number(), p.at("median_ns").number(), p.at("p99_ns").number(),
                 p.at("max_ns").number(), {}};
  if (const auto h = p.find("histogram")) {
    const JsonReader counts = h->at("counts");
    for (std::size_t i = 0; i < counts.array_size(); ++i) cost.histogram.push_back(counts.at(i).integer_in(0, INT_MAX));
  }
  return cost;
}

/// The case's wall footprints: its own "scene_walls", or the document's "scenes" entry it refers to.
JsonReader scene_walls_of(const JsonReader& c, const JsonReader& scenes) {
  const auto ref = c.find("scene_walls_ref");
  if (!ref) return c.at("scene_walls");
  const std::string key = ref->string();
  if (!scenes.is_object() || !scenes.has(key))
    ref->fail("names scene walls '" + key + "' that /scenes does not hold: expected a key of /scenes");
  return scenes.at(key).at("walls");
}

/// The parts only a case that ran has.
void read_ran_case(const JsonReader& c, const JsonReader& scenes, CaseRecord& r) {
  const JsonReader config = c.at("config");
  if (!config.is_object()) config.fail("expected an object");
  for (const auto& [key, value] : config.json().items())
    if (value.is_string()) r.config[key] = value.get<std::string>();
  r.dt = config.at("dt").positive_number();
  if (const auto published = config.find("published")) check_published(*published);
  if (const auto response = config.find("response")) response->at("model").string();
  // config.detector and config.dynamics: the part's options {"name" / "model": name, ...}, or (older
  // files) its name alone.
  if (const auto detector = config.find("detector"); detector && !detector->is_string())
    r.config["detector"] = detector->at("name").string();
  if (const auto dynamics = config.find("dynamics"); dynamics && !dynamics->is_string())
    r.config["dynamics"] = dynamics->at("model").string();
  r.steps = c.at("steps").integer_in(0, INT_MAX);
  if (const auto hash = c.find("physics_hash")) {
    r.physics_hash = hash->string();
    if (!parse_physics_hash(r.physics_hash)) hash->fail("expected 16 hex digits");
  }
  r.impacts = c.at("impacts").integer_in(0, INT_MAX);
  if (const auto expected = c.find("impacts_expected")) {
    r.impacts_ok = expected->at("ok").boolean();
    r.impacts_min = expected->at("min").integer_in(0, INT_MAX);
    r.impacts_max = expected->at("max").integer_in(r.impacts_min, INT_MAX);
  }
  if (const auto expected = c.find("first_impact_expected")) r.first_impact_ok = expected->at("ok").boolean();
  const JsonReader invariants = c.at("invariants");
  if (!invariants.is_object()) invariants.fail("expected an object");
  for (const auto& [key, value] : invariants.json().items()) {
    const JsonReader inv = invariants.at(key);
    r.invariants.push_back({key, inv.at("checked").integer_in(0, INT_MAX), inv.at("failed").integer_in(0, INT_MAX),
                            inv.at("worst_residual").number(), inv.at("tolerance").number()});
  }
  if (const auto failure = c.find("failure")) r.failure = failure->string();
  if (const auto unchecked = c.find("unchecked_events")) r.unchecked_events = unchecked->integer_in(0, INT_MAX);
  const JsonReader timing = c.at("timing");
  if (!timing.is_object()) timing.fail("expected an object of phases");
  for (const auto& [key, value] : timing.json().items()) r.timing[key] = read_phase(timing.at(key));
  check_trajectory(c.at("trajectory"));
  const int vehicles = static_cast<int>(c.at("trajectory").at("vehicles").array_size());
  const JsonReader events = c.at("events");
  for (std::size_t i = 0; i < events.array_size(); ++i) check_event(events.at(i), vehicles);
  if (const auto version = config.find("vehicle_params_version")) version->integer_in(1, kVehicleParamsVersion);
  check_vehicle_params(config.at("vehicle_params"), c.at("trajectory"));
  const JsonReader walls = scene_walls_of(c, scenes);
  check_walls(walls);
  r.scene_walls = walls.array_size();
  r.trajectory_file = c.at("trajectory").string_or("file", "");
  if (!r.trajectory_file.empty()) check_record_summary(c);
  if (const auto triangles = c.find("scene_triangles")) r.scene_triangles = triangles->integer_in(0, INT_MAX);
  if (const auto published = c.find("scene_published"))
    for (std::size_t i = 0; i < published->array_size(); ++i) {
      const JsonReader p = published->at(i);
      p.only_keys({"label", "source", "response_model", "step_ms"});
      r.scene_published.push_back({p.at("label").string(), p.at("source").string(), p.at("response_model").string(),
                                   p.at("step_ms").positive_number()});
    }
  if (const auto curves = c.find("response_curves"))
    for (std::size_t i = 0; i < curves->array_size(); ++i) r.response_curves.push_back(read_curve(curves->at(i)));
  if (const auto a = c.find("detector_agreement")) {
    r.agreement = CaseRecord::Agreement{a->at("reference").string(), a->at("steps_checked").integer_in(0, INT_MAX),
                                        a->at("steps_differing").integer_in(0, INT_MAX)};
  }
}

CaseRecord read_case(const JsonReader& c, const JsonReader& scenes, std::size_t position) {
  CaseRecord r;
  r.name = c.at("name").string();
  r.status = c.at("status").choice({"passed", "failed", "error"});
  r.index = c.has("index") ? static_cast<std::size_t>(c.at("index").integer_in(0, INT_MAX)) : position;
  if (const auto source = c.find("source_file")) r.source_file = source->string();
  // Files written before variations were data have neither: the name is the listed name.
  r.listed_name = c.has("listed_name") ? c.at("listed_name").string() : r.name;
  if (const auto variation = c.find("variation")) {
    if (!variation->is_object()) variation->fail("expected an object of \"dotted.path\": value");
    r.variation = variation->json();
  }
  if (r.status == "error") {
    r.error = c.at("error").string();
  } else {
    read_ran_case(c, scenes, r);
  }
  r.raw = c.json();
  // The plots read the walls from the case, wherever the file kept them.
  if (r.raw.contains("scene_walls_ref")) {
    r.raw["scene_walls"] = scene_walls_of(c, scenes).json();
    r.raw.erase("scene_walls_ref");
  }
  return r;
}

}  // namespace

std::string CaseRecord::config_value(const std::string& key) const {
  const auto it = config.find(key);
  return it == config.end() ? std::string() : it->second;
}

double CaseRecord::mean_ns(const std::string& phase) const {
  const auto it = timing.find(phase);
  return it == timing.end() ? 0.0 : it->second.mean_ns;
}

double CaseRecord::median_ns(const std::string& phase) const {
  const auto it = timing.find(phase);
  return it == timing.end() ? 0.0 : it->second.median_ns;
}

bool ResultsFile::timing_serial() const { return run.value("timing_serial", true); }

ResultsFile::StatusCounts ResultsFile::status_counts() const {
  StatusCounts n;
  for (const auto& c : cases) {
    n.passed += c.status == "passed";
    n.failed += c.status == "failed";
    n.errors += c.status == "error";
  }
  return n;
}

ResultsFile parse_results(const json& doc, const std::string& path) {
  const JsonReader root(doc, path);
  if (!root.is_object() || !root.has("format"))
    root.fail(std::string("not a crashbench results file: expected an object with \"format\": \"") +
              std::string(kResultsFormat) + "\"");
  const std::string format = root.at("format").string();
  if (format != kResultsFormat)
    root.at("format").fail("format '" + format + "' is not supported: expected '" + std::string(kResultsFormat) +
                           "' (written by another version of crashbench?)");
  ResultsFile file;
  file.path = path;
  if (const auto run = root.find("run")) {
    if (!run->is_object()) run->fail("expected an object");
    if (const auto serial = run->find("timing_serial")) serial->boolean();
    for (const auto key : {"jobs", "total_cases"})
      if (const auto count = run->find(key)) count->integer_in(0, INT_MAX);
    file.run = run->json();
  }
  static const json kNoScenes = json::object();
  const auto scenes = root.find("scenes");
  if (scenes && !scenes->is_object()) scenes->fail("expected an object of shared scene walls");
  const JsonReader shared = scenes ? *scenes : JsonReader(kNoScenes, path);
  const JsonReader cases = root.at("cases");
  for (std::size_t i = 0; i < cases.array_size(); ++i) file.cases.push_back(read_case(cases.at(i), shared, i));
  return file;
}

std::string ResultsFile::interruption_note() const {
  return interrupted ? fmt::format("interrupted: {} of {} cases finished", cases.size(), planned_cases) : "";
}

ResultsFile read_results_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    const std::filesystem::path json_file = std::filesystem::path(path) / "results.json";
    const std::filesystem::path stream = std::filesystem::path(path) / "results.jsonl";
    if (std::filesystem::exists(json_file, ec)) return read_results_file(json_file.string());
    if (std::filesystem::exists(stream, ec)) return read_results_file(stream.string());
    throw Error(path, "", "is a folder without results.json or results.jsonl: expected a results file");
  }
  const std::string content = read_text_file(path);
  if (std::filesystem::path(path).extension() == ".jsonl") return parse_results_stream(content, path);
  return parse_results(parse_json_text(content, path), path);
}

}  // namespace crashbench
