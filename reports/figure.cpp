#include "reports/figure.hpp"

#include "reports/plot_readability.hpp"

namespace crashbench {

nlohmann::json plot_layout(const std::string& title, const std::string& x_title, const std::string& y_title) {
  const std::string text = wrapped_title(title);
  std::size_t lines = 1;
  for (auto at = text.find("<br>"); at != std::string::npos; at = text.find("<br>", at + 1)) ++lines;
  return {{"title", {{"text", text}, {"font", {{"size", 13}}}}},
          {"xaxis", {{"title", {{"text", x_title}}}, {"automargin", true}}},
          {"yaxis", {{"title", {{"text", y_title}}}, {"automargin", true}}},
          {"margin", {{"t", 24 + 16 * lines}, {"r", 10}, {"b", 10}}},
          {"legend", {{"font", {{"size", 9}}}, {"orientation", "h"}, {"y", -0.18}, {"yanchor", "top"}}},
          {"height", 560}};
}

}  // namespace crashbench
