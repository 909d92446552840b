// Prints the traffic-scale layout of bench/scale_layout.hpp as a case file, so that `crashbench run` can
// run what the benches step (docs/scale.md): scale_case <l-rail|track> <cars> [duration s] [record_every].
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/scale_layout.hpp"

int main(int argc, char** argv) {
  const std::string layout = argc > 1 ? argv[1] : "";
  const int cars = argc > 2 ? std::atoi(argv[2]) : 0;
  if ((layout != "l-rail" && layout != "track") || cars < 2 || cars % 2 != 0) {
    std::fprintf(stderr, "usage: scale_case <l-rail|track> <cars, even, >= 2> [duration s = 2] [record_every = 10]\n");
    return 2;
  }
  const double duration = argc > 3 ? std::atof(argv[3]) : 2.0;
  const int record_every = argc > 4 ? std::atoi(argv[4]) : 10;
  std::printf("%s\n", crashbench::bench::scale_case_json(layout, cars, duration, record_every).dump().c_str());
  return 0;
}
