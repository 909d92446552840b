#include "cases/loading/matrix.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "cases/loading/json_parse.hpp"
#include "cases/loading/matrix_draws.hpp"
#include "core/json_reader.hpp"

namespace crashbench {
namespace {

/// One axis of the product: a field and its listed values, or every drawn field with one column of
/// values each (draw i sets them all).
struct Variation {
  std::vector<std::string> paths;                 ///< dotted paths into the case, e.g. "response.model"
  std::vector<std::vector<nlohmann::json>> rows;  ///< rows[i][k]: the value of paths[k] in combination i
  bool drawn = false;
  std::size_t size() const { return rows.size(); }
};

/// The array index `key` names, or nullopt when it is not a decimal number below `size`.
std::optional<std::size_t> array_index(const std::string& key, std::size_t size) {
  std::size_t index = 0;
  const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), index);
  const bool whole = !key.empty() && ec == std::errc() && end == key.data() + key.size();
  return whole && index < size ? std::optional(index) : std::nullopt;
}

/// Sets the member at dotted `path`, creating objects on the way; a numeric segment indexes an array
/// ("vehicles.1.heading_deg"). Returns false when a segment indexes past an array's end.
bool set_dotted(nlohmann::json& doc, const std::string& path, const nlohmann::json& value) {
  nlohmann::json* node = &doc;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    nlohmann::json* child = nullptr;
    if (node->is_array()) {
      const auto index = array_index(key, node->size());
      if (!index) return false;
      child = &(*node)[*index];
    } else {
      if (!node->is_object()) *node = nlohmann::json::object();
      child = &(*node)[key];
    }
    if (dot == std::string::npos) {
      *child = value;
      return true;
    }
    node = child;
    start = dot + 1;
  }
}

/// A dotted path names fields: no empty segment, and no deeper than a document may nest.
void check_dotted_path(const JsonReader& list, const std::string& path) {
  if (path.empty()) list.fail("empty path: expected a dotted field path such as \"response.model\"");
  if (path.front() == '.' || path.back() == '.' || path.find("..") != std::string::npos)
    list.fail("empty segment in the path: expected field names joined by single dots, e.g. \"vehicles.0.speed\"");
  if (static_cast<std::size_t>(std::count(path.begin(), path.end(), '.')) >= kMaxJsonDepth)
    list.fail("the path is deeper than " + std::to_string(kMaxJsonDepth) + " fields");
}

/// The drawn fields as one axis of `plan.count` rows.
Variation draw_rows(const std::vector<std::pair<std::string, Distribution>>& drawn, const DrawPlan& plan) {
  Variation axis{{}, std::vector<std::vector<nlohmann::json>>(plan.count), true};
  for (const auto& [path, distribution] : drawn) {
    axis.paths.push_back(path);
    for (std::size_t i = 0; i < plan.count; ++i) axis.rows[i].push_back(draw_value(distribution, plan.seed, path, i));
  }
  return axis;
}

/// `vary`'s lists, one axis each in the paths' order, then the distributions' joint draws as the last
/// axis (so a listed combination's draws are consecutive cases).
std::vector<Variation> parse_variations(const JsonReader& root) {
  std::vector<Variation> variations;
  if (!root.has("vary")) {
    if (root.has("draws")) root.at("draws").fail("no field in \"vary\" has a distribution to draw from");
    return variations;
  }
  const JsonReader field = root.at("vary");
  if (!field.is_object()) field.fail("expected an object of \"dotted.path\": [values] or {distribution}");
  std::vector<std::pair<std::string, Distribution>> drawn;
  for (const auto& [path, values] : field.json().items()) {
    const JsonReader list(values, field.file(), field.pointer() + "/" + path);
    check_dotted_path(list, path);
    if (names_distribution(list)) {
      drawn.emplace_back(path, parse_distribution(list));
      if (!root.has("draws")) list.fail("a distribution needs the matrix's \"draws\": {\"count\": N, \"seed\": S}");
      continue;
    }
    if (list.array_size() == 0) list.fail("expected a non-empty array of values, or a distribution");
    Variation axis{{path}, {}, false};
    for (const auto& value : values) axis.rows.push_back({value});
    variations.push_back(std::move(axis));
  }
  if (root.has("draws")) {
    if (drawn.empty()) root.at("draws").fail("no field in \"vary\" has a distribution to draw from");
    variations.push_back(draw_rows(drawn, parse_draw_plan(root.at("draws"))));
  }
  return variations;
}

/// How a case's name shows its row of `axis`: a drawn row by its index (its values are in `variation`), a
/// listed one by its value.
std::string axis_label(const Variation& axis, std::size_t row) {
  if (axis.drawn) return "draw=" + std::to_string(row);
  const nlohmann::json& value = axis.rows[row].front();
  return axis.paths.front() + "=" + (value.is_string() ? value.get<std::string>() : dump_json(value));
}

/// cases x the product of the variations' sizes, refused above `max_cases` before anything is expanded.
std::size_t checked_case_count(const JsonReader& root, std::size_t cases, const std::vector<Variation>& variations,
                               std::size_t max_cases) {
  std::size_t count = cases;
  std::string product = std::to_string(cases) + " listed";
  for (const auto& v : variations) {
    product += " x " + std::to_string(v.size());
    const bool over = count > max_cases / v.size();
    count = over ? max_cases + 1 : count * v.size();
  }
  if (count > max_cases)
    root.at(variations.empty() ? "cases" : "vary").fail("the matrix expands to more than " + std::to_string(max_cases) + " cases (" + product +
                         "), the cap on cases: raise it with --max-cases");
  return count;
}

/// Every combination of the variations, in order (the last one varies fastest).
std::vector<std::vector<std::size_t>> combinations(const std::vector<Variation>& variations) {
  std::vector<std::vector<std::size_t>> out{{}};
  for (const auto& v : variations) {
    std::vector<std::vector<std::size_t>> next;
    for (const auto& prefix : out)
      for (std::size_t i = 0; i < v.size(); ++i) {
        next.push_back(prefix);
        next.back().push_back(i);
      }
    out = std::move(next);
  }
  return out;
}

/// The case's name as the label of its results, `fallback` when it has none; a name longer than
/// kMaxNameBytes is refused here, before the label is copied into every case it expands to.
std::string label_of(const JsonReader& doc, const std::string& fallback) {
  return doc.is_object() && doc.has("name") && doc.at("name").is_string() ? doc.at("name").short_string(kMaxNameBytes)
                                                                           : fallback;
}

/// The listed case at `entry`: an inline object or a file relative to the matrix.
CaseInput load_listed_case(const JsonReader& entry, const std::filesystem::path& base) {
  if (entry.is_object())
    return {entry.file(), entry.pointer(), label_of(entry, entry.pointer()), entry.json(), std::nullopt};
  const std::string path = (base / entry.string()).lexically_normal().string();
  try {
    nlohmann::json doc = read_json_file(path);
    std::string label = label_of(JsonReader(doc, path), path);
    return {path, "", std::move(label), std::move(doc), std::nullopt};
  } catch (const Error& e) {
    // Say where the file was listed too: the listed path may be a typo in the matrix.
    return {path, "", path, nullptr, Error(e.file(), e.pointer(), e.problem() + " (listed in " + entry.file() + " at " +
                                                                        entry.pointer() + ")")};
  }
}

}  // namespace

std::vector<CaseInput> expand_matrix(const nlohmann::json& matrix, const std::string& file, const InputLimits& limits) {
  const JsonReader root(matrix, file);
  root.only_keys({"matrix", "description", "cases", "vary", "draws"});
  root.at("matrix").short_string(kMaxNameBytes);
  const std::vector<Variation> variations = parse_variations(root);
  const JsonReader cases = root.at("cases");
  if (cases.array_size() == 0) cases.fail("expected at least one case");
  std::vector<CaseInput> out;
  out.reserve(checked_case_count(root, cases.array_size(), variations, limits.max_cases));
  const auto combos = combinations(variations);
  const std::filesystem::path base = std::filesystem::path(file).parent_path();

  for (std::size_t i = 0; i < cases.array_size(); ++i) {
    const CaseInput listed = load_listed_case(cases.at(i), base);
    for (const auto& combo : combos) {
      CaseInput input = listed;
      input.listed_name = listed.label;
      std::string suffix;
      for (std::size_t k = 0; k < combo.size(); ++k) {
        const Variation& axis = variations[k];
        for (std::size_t p = 0; p < axis.paths.size(); ++p) {
          const auto& value = axis.rows[combo[k]][p];
          if (!input.error && !set_dotted(input.doc, axis.paths[p], value))
            input.error = Error(file, "/vary/" + axis.paths[p], "the path does not exist in case " + input.label);
          input.variation[axis.paths[p]] = value;
        }
        suffix += suffix.empty() ? "" : ",";
        suffix += axis_label(axis, combo[k]);
      }
      if (!suffix.empty()) {
        input.label += "[" + suffix + "]";
        if (!input.error && input.doc.contains("name") && input.doc["name"].is_string()) input.doc["name"] = input.label;
      }
      out.push_back(std::move(input));
    }
  }
  return out;
}

std::vector<CaseInput> expand_input_file(const std::string& path, const InputLimits& limits) {
  nlohmann::json doc = read_json_file(path);
  if (doc.is_object() && doc.contains("matrix")) return expand_matrix(doc, path, limits);
  std::string label = label_of(JsonReader(doc, path), path);
  return {CaseInput{path, "", std::move(label), std::move(doc), std::nullopt}};
}

}  // namespace crashbench
