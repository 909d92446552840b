#pragma once
// Opening report.html in headless Chromium for the browser tests: the command line and what to read back
// from the page Chromium dumps (the #render-status counters, the console errors the page captured).
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace crashbench::testing {

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Chromium flags for a sandboxed CI machine: no GPU, no network chatter, a fresh profile.
inline std::string chromium_command(const std::string& profile) {
  return "timeout 180 chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
         "--disable-component-update --disable-sync --no-first-run --user-data-dir=" + profile +
         " --window-size=1280,1000 --virtual-time-budget=20000 --dump-dom ";
}

/// The numeric attribute `name` of the #render-status element; -1 when absent. (Plain string search:
/// std::regex is recursive and gives up on a page of several megabytes.)
inline int attribute(const std::string& dom, const std::string& name) {
  const auto element = dom.find("id=\"render-status\"");
  if (element == std::string::npos) return -1;
  const std::string tag = dom.substr(element, dom.find('>', element) - element);
  const auto at = tag.find(name + "=\"");
  return at == std::string::npos ? -1 : std::atoi(tag.c_str() + at + name.size() + 2);
}

/// The text of <pre id="`id`"> (console-errors, clipped-labels), or "(missing)".
inline std::string pre_text(const std::string& dom, const std::string& id) {
  const std::string open = "<pre id=\"" + id + "\">";
  const auto begin = dom.find(open);
  if (begin == std::string::npos) return "(missing)";
  return dom.substr(begin + open.size(), dom.find("</pre>", begin) - begin - open.size());
}

}  // namespace crashbench::testing
