#include "cases/matrix.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cases/json_reader.hpp"

namespace crashbench {
namespace {

struct Variation {
  std::string path;                    ///< dotted path into the case, e.g. "response.model"
  std::vector<nlohmann::json> values;
};

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
      const bool numeric = !key.empty() && key.find_first_not_of("0123456789") == std::string::npos;
      if (!numeric || std::stoul(key) >= node->size()) return false;
      child = &(*node)[std::stoul(key)];
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

std::vector<Variation> parse_variations(const JsonReader& field) {
  std::vector<Variation> variations;
  if (!field.is_object()) field.fail("expected an object of \"dotted.path\": [values]");
  for (const auto& [path, values] : field.json().items()) {
    const JsonReader list(values, field.file(), field.pointer() + "/" + path);
    if (list.array_size() == 0) list.fail("expected a non-empty array of values");
    variations.push_back({path, {values.begin(), values.end()}});
  }
  return variations;
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

std::string label_of(const nlohmann::json& doc, const std::string& fallback) {
  return doc.is_object() && doc.contains("name") && doc["name"].is_string() ? doc["name"].get<std::string>()
                                                                               : fallback;
}

/// The listed case at `entry`: an inline object or a file relative to the matrix.
CaseInput load_listed_case(const JsonReader& entry, const std::filesystem::path& base) {
  if (entry.is_object()) return {entry.file(), label_of(entry.json(), entry.pointer()), entry.json(), std::nullopt};
  const std::string path = (base / entry.string()).lexically_normal().string();
  try {
    nlohmann::json doc = read_json_file(path);
    return {path, label_of(doc, path), std::move(doc), std::nullopt};
  } catch (const Error& e) {
    return {path, path, nullptr, e};
  }
}

}  // namespace

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(path, "", "cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  try {
    return nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception& e) {
    throw Error(path, "", std::string("expected JSON: ") + e.what());
  }
}

std::vector<CaseInput> expand_matrix(const nlohmann::json& matrix, const std::string& file) {
  const JsonReader root(matrix, file);
  root.only_keys({"matrix", "description", "cases", "vary"});
  root.at("matrix").string();
  const std::vector<Variation> variations = root.has("vary") ? parse_variations(root.at("vary")) : std::vector<Variation>{};
  const auto combos = combinations(variations);
  const JsonReader cases = root.at("cases");
  if (cases.array_size() == 0) cases.fail("expected at least one case");
  const std::filesystem::path base = std::filesystem::path(file).parent_path();

  std::vector<CaseInput> out;
  for (std::size_t i = 0; i < cases.array_size(); ++i) {
    const CaseInput listed = load_listed_case(cases.at(i), base);
    for (const auto& combo : combos) {
      CaseInput input = listed;
      std::string suffix;
      for (std::size_t k = 0; k < combo.size(); ++k) {
        const auto& value = variations[k].values[combo[k]];
        if (!input.error && !set_dotted(input.doc, variations[k].path, value))
          input.error = Error(file, "/vary/" + variations[k].path, "the path does not exist in case " + input.label);
        suffix += (suffix.empty() ? "" : ",") + variations[k].path + "=" +
                  (value.is_string() ? value.get<std::string>() : value.dump());
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

std::vector<CaseInput> expand_input_file(const std::string& path) {
  nlohmann::json doc = read_json_file(path);
  if (doc.is_object() && doc.contains("matrix")) return expand_matrix(doc, path);
  std::string label = label_of(doc, path);
  return {CaseInput{path, std::move(label), std::move(doc), std::nullopt}};
}

}  // namespace crashbench
