// libFuzzer harness: bytes as an NHTSA test, "HEADER\n--\nCHANNEL": the header as NAME.EV5, the channel
// text as the file of every vehicle accelerometer the header lists, through the reader, the checks and the
// case they make (validation/).
#include <cstdint>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "fuzz/fuzz_support.hpp"
#include "validation/barrier_test.hpp"
#include "validation/channel_checks.hpp"
#include "validation/test_case.hpp"
#include "validation/vehicle_pair.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const std::size_t cut = bytes.find("\n--\n");
  const std::string header = bytes.substr(0, cut);
  const std::string channel = cut == std::string::npos ? std::string() : bytes.substr(cut + 4);
  const std::string path = fuzz::write_input("v00001.EV5", reinterpret_cast<const std::uint8_t*>(header.data()),
                                             header.size());
  Ev5Header h;
  bool parsed = false;
  fuzz::expect_clean_errors("parse_ev5", [&] {
    h = read_ev5(path);
    parsed = true;
  });
  if (!parsed) return 0;
  // At most a few channel files: the reader's cost is the files', not the header's count.
  int written = 0;
  for (const Ev5Channel& c : h.channels) {
    if (c.sensor_type != "AC" || written == 8) continue;
    std::ofstream(fuzz::scratch_dir() / fmt::format("v00001.{:03d}", c.curve), std::ios::binary) << channel;
    ++written;
  }
  fuzz::expect_clean_errors("read_nhtsa_test", [&] {
    const NhtsaTest t = read_nhtsa_test(path);
    const TestChecks checks = check_channels(t);
    (void)vehicle_pulse(t, checks, 1);
    if (checks.vehicles.size() == 2 && checks.vehicles[0].valid && checks.vehicles[1].valid) {
      const PairChecks pair = check_pair(t.header.test, checks.vehicles[0], checks.vehicles[1]);
      (void)test_case(t, checks, pair, {{"model", "brach-planar"}}).dump();
    } else if (checks.vehicles.size() == 1 && checks.vehicles[0].valid && why_no_barrier_case(t.header).empty()) {
      (void)check_barrier(t.header.vehicles[0], checks.vehicles[0]);
      (void)barrier_case(t, checks, {{"model", "brach-planar"}}).dump();
    }
  });
  // Remove what this input wrote, so that the next input's missing files stay missing.
  for (const Ev5Channel& c : h.channels) std::filesystem::remove(fuzz::scratch_dir() / fmt::format("v00001.{:03d}", c.curve));
  return 0;
}
