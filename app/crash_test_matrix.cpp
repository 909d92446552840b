#include "app/crash_test_matrix.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "app/crash_test_band.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

nlohmann::json crash_test_matrix(const nlohmann::json& case_doc, const std::string& case_file,
                                 const std::string& matrix_file, int draws, std::uint64_t seed,
                                 const MissingInputs& rules) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::absolute(matrix_file).parent_path();
  nlohmann::json models = nlohmann::json::array();
  for (const auto& entry : response_models()) models.push_back(entry.name);
  nlohmann::json vary = {{"response.model", models}};
  std::string drawn;
  if (draws > 0) {
    // The ranges of `crash-test --band`; the yaw inertia's factor scales the case's own inertia.
    for (std::size_t v = 0; v < case_doc.at("vehicles").size(); ++v) {
      const std::string params = "vehicles." + std::to_string(v) + ".params.";
      const double per_factor = case_doc["vehicles"][v]["params"]["yaw_inertia"].get<double>() / rules.yaw_inertia_factor;
      vary[params + "cg_height"] = {{"uniform", {kCgHeightRange.low, kCgHeightRange.high}}};
      vary[params + "yaw_inertia"] = {{"uniform", {per_factor * kYawInertiaFactorRange.low, per_factor * kYawInertiaFactorRange.high}}};
    }
    drawn = fmt::format(" and draws each vehicle's CG height ({} to {} m) and yaw inertia (factor {} to {})",
                        kCgHeightRange.low, kCgHeightRange.high, kYawInertiaFactorRange.low, kYawInertiaFactorRange.high);
  }
  nlohmann::json matrix = {
      {"matrix", case_doc.value("name", "crash-test") + "-models"},
      {"description", "Every registered response model on " + case_doc.value("name", "the test") + drawn +
                          " (crashbench crash-test --matrix); the report's measured-crashes section scores them."},
      {"cases", {fs::absolute(case_file).lexically_relative(folder).generic_string()}},
      {"vary", vary}};
  if (draws > 0) matrix["draws"] = {{"count", draws}, {"seed", seed}};
  return matrix;
}

}  // namespace crashbench
