// Prints the traffic-scale layout of bench/scale_layout.hpp as a case file, so that `crashbench run` can
// run what the benches step (docs/scale.md):
//   scale_case <l-rail|track|traffic|one-point> <cars> [duration s] [record_every] [detector]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/scale_layout.hpp"

namespace {

/// `text` as a number when all of it is one, else NaN (which every check below rejects).
double number(const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  return end != text && *end == '\0' ? v : std::nan("");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string layout = argc > 1 ? argv[1] : "";
  const double cars = argc > 2 ? number(argv[2]) : std::nan("");
  const double duration = argc > 3 ? number(argv[3]) : 2.0;
  const double record_every = argc > 4 ? number(argv[4]) : 10;
  const std::string detector = argc > 5 ? argv[5] : "analytic";
  const auto whole = [](double v, double least) { return v >= least && v <= 1e7 && v == std::floor(v); };
  if ((layout != "l-rail" && layout != "track" && layout != "traffic" && layout != "one-point") || !whole(cars, 2) ||
      std::fmod(cars, 2.0) != 0 || !(duration > 0 && duration < 1e6) || !whole(record_every, 1) || argc > 6) {
    std::fprintf(stderr, "usage: scale_case <l-rail|track|traffic|one-point> <cars: even, >= 2> [duration s > 0 = 2] "
                         "[record_every: whole, >= 1 = 10] [detector = analytic]\n");
    return 2;
  }
  const auto json = crashbench::bench::scale_case_json(layout, static_cast<int>(cars), duration,
                                                       static_cast<int>(record_every), detector);
  std::printf("%s\n", json.dump().c_str());
  return 0;
}
