#include "cases/matrix.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "cases/json_parse.hpp"
#include "core/json_reader.hpp"

namespace crashbench {
namespace {

struct Variation {
  std::string path;                    ///< dotted path into the case, e.g. "response.model"
  std::vector<nlohmann::json> values;
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

std::vector<Variation> parse_variations(const JsonReader& field) {
  std::vector<Variation> variations;
  if (!field.is_object()) field.fail("expected an object of \"dotted.path\": [values]");
  for (const auto& [path, values] : field.json().items()) {
    const JsonReader list(values, field.file(), field.pointer() + "/" + path);
    check_dotted_path(list, path);
    if (list.array_size() == 0) list.fail("expected a non-empty array of values");
    variations.push_back({path, {values.begin(), values.end()}});
  }
  return variations;
}

/// cases x the product of the variations' sizes, refused above `max_cases` before anything is expanded.
std::size_t checked_case_count(const JsonReader& root, std::size_t cases, const std::vector<Variation>& variations,
                               std::size_t max_cases) {
  std::size_t count = cases;
  std::string product = std::to_string(cases) + " listed";
  for (const auto& v : variations) {
    product += " x " + std::to_string(v.values.size());
    const bool over = count > max_cases / v.values.size();
    count = over ? max_cases + 1 : count * v.values.size();
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
      for (std::size_t i = 0; i < v.values.size(); ++i) {
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
  root.only_keys({"matrix", "description", "cases", "vary"});
  root.at("matrix").short_string(kMaxNameBytes);
  const std::vector<Variation> variations = root.has("vary") ? parse_variations(root.at("vary")) : std::vector<Variation>{};
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
        const auto& value = variations[k].values[combo[k]];
        if (!input.error && !set_dotted(input.doc, variations[k].path, value))
          input.error = Error(file, "/vary/" + variations[k].path, "the path does not exist in case " + input.label);
        input.variation[variations[k].path] = value;
        suffix += (suffix.empty() ? "" : ",") + variations[k].path + "=" +
                  (value.is_string() ? value.get<std::string>() : dump_json(value));
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
