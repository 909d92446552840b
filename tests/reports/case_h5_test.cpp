// The HDF5 record of a case read back with h5py (Debian python3-h5py, ci/setup-deps.sh), as a user would:
// every dataset docs/reports.md lists, holding exactly the run's numbers.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "reports/results/case_h5.hpp"
#include "tests/support/many_vehicles.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// Debian's interpreter, where python3-h5py installs (a python3 earlier on PATH may not have it).
constexpr const char* kPython = "/usr/bin/python3";

/// The exit code and standard output of `command`.
std::pair<int, std::string> h5py_command_output(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return {-1, "cannot start: " + command};
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

/// What h5py reads from `path`, as JSON: attributes, shapes and a few values of every dataset.
nlohmann::json read_with_h5py(const std::string& path) {
  const std::string script = R"(
import h5py, json, sys
f = h5py.File(sys.argv[1], 'r')
e = f['events']
out = {'format': f.attrs['format'].decode(), 'record_every': int(f.attrs['record_every']),
       'time': f['time'][:].tolist(), 'names': [n.decode() for n in f['vehicle_name'][:]],
       'shapes': {k: list(f[k].shape) for k in ('x', 'y', 'heading', 'vx', 'vy', 'yaw_rate')},
       'compression': f['x'].compression, 'x': f['x'][:].tolist(), 'yaw_rate': f['yaw_rate'][:].tolist(),
       'events': {k: e[k][:].tolist() for k in e.keys()}}
print(json.dumps(out))
)";
  const std::string script_path = path + ".py";
  std::ofstream(script_path) << script;
  const auto [code, output] = h5py_command_output(std::string(kPython) + " " + script_path + " " + path);
  if (code != 0) throw std::runtime_error("h5py could not read " + path + ":\n" + output);
  return nlohmann::json::parse(output);
}

TEST(CaseH5, H5pyReadsEveryVehicleAndEveryEventExactly) {
  ASSERT_EQ(h5py_command_output(std::string(kPython) + " -c 'import h5py'").first, 0)
      << "h5py is not installed: this test needs Debian's python3-h5py (run ci/setup-deps.sh)";
  const RunResult& r = testing::many_vehicles_run();
  ASSERT_GT(r.events.size(), 0u);
  const std::string path = (testing::fresh_temp_folder("case-h5") / "case.h5").string();
  write_case_h5(path, r);
  const auto h5 = read_with_h5py(path);

  EXPECT_EQ(h5["format"], std::string(kCaseH5Format));
  EXPECT_EQ(h5["record_every"], r.config.record_every);
  EXPECT_EQ(h5["compression"], "gzip");
  EXPECT_EQ(h5["time"].get<std::vector<double>>(), r.sample_times);
  const std::vector<std::size_t> shape{r.tracks.size(), r.sample_times.size()};
  for (const auto& [name, dims] : h5["shapes"].items()) EXPECT_EQ(dims.get<std::vector<std::size_t>>(), shape) << name;
  for (std::size_t v = 0; v < r.tracks.size(); ++v) {
    EXPECT_EQ(h5["names"][v], r.tracks[v].name);
    for (std::size_t i = 0; i < r.sample_times.size(); ++i) {
      // Bit for bit: JSON's shortest round-trip text on both sides.
      EXPECT_EQ(h5["x"][v][i].get<double>(), r.tracks[v].states[i].position_W.x());
      EXPECT_EQ(h5["yaw_rate"][v][i].get<double>(), r.tracks[v].states[i].yaw_rate);
    }
  }
  const auto& ev = h5["events"];
  ASSERT_EQ(ev["step"].size(), r.events.size());
  for (std::size_t k = 0; k < r.events.size(); ++k) {
    const ImpactEvent& e = r.events[k];
    EXPECT_EQ(ev["step"][k], e.step);
    EXPECT_EQ(ev["vehicle"][k], e.contact.vehicle);
    EXPECT_EQ(ev["other"][k], e.contact.other);
    EXPECT_EQ(ev["point"][k][0].get<double>(), e.contact.point_W.x());
    EXPECT_EQ(ev["point"][k][1].get<double>(), e.contact.point_W.y());
    EXPECT_EQ(ev["impulse"][k][1].get<double>(), e.resolution.impulse.linear_W.y());
    EXPECT_EQ(ev["post_velocity"][k][0].get<double>(), e.post_a.state.velocity_W.x());
  }
}

// The events' columns are shuffled and deflated chunk by chunk on every core and written as chunks:
// three of them here (32,768 events each, the last one part full), read back by h5py's own filters.
TEST(CaseH5, EventColumnsOfSeveralChunksReadBackExactly) {
  RunResult r = testing::many_vehicles_run();
  constexpr int kEvents = 2 * 32768 + 4464;
  r.events.assign(kEvents, ImpactEvent{});
  r.other_bodies.clear();
  for (int k = 0; k < kEvents; ++k) {
    ImpactEvent& e = r.events[static_cast<std::size_t>(k)];
    e.step = 3 * k + 1, e.time = 0.005 * k, e.contact.vehicle = k % 7;
    e.contact.point_W = Vec2(0.25 * k, -1.0 / (k + 1));
    e.resolution.impulse.linear_W = Vec2(k, 1e-3 * k);
  }
  const std::string path = (testing::fresh_temp_folder("case-h5-chunks") / "case.h5").string();
  write_case_h5(path, r);
  const auto ev = read_with_h5py(path)["events"];
  ASSERT_EQ(ev["step"].size(), static_cast<std::size_t>(kEvents));
  for (std::size_t k = 0; k < r.events.size(); ++k) {
    const ImpactEvent& e = r.events[k];
    ASSERT_EQ(ev["step"][k], e.step) << k;
    ASSERT_EQ(ev["time"][k].get<double>(), e.time) << k;
    ASSERT_EQ(ev["vehicle"][k], e.contact.vehicle) << k;
    ASSERT_EQ(ev["point"][k][0].get<double>(), e.contact.point_W.x()) << k;
    ASSERT_EQ(ev["point"][k][1].get<double>(), e.contact.point_W.y()) << k;
    ASSERT_EQ(ev["impulse"][k][1].get<double>(), e.resolution.impulse.linear_W.y()) << k;
  }
}

TEST(CaseH5, LeavesNoTemporaryBehindAndAFailedWriteLeavesNoFile) {
  const auto dir = testing::fresh_temp_folder("case-h5-atomic");
  write_case_h5((dir / "case.h5").string(), testing::many_vehicles_run());
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename(), "case.h5") << "a temporary file was left behind";
  // A folder where the file should go: the rename fails, and neither file nor temporary remains.
  std::filesystem::create_directories(dir / "taken.h5" / "inside");
  try {
    write_case_h5((dir / "taken.h5").string(), testing::many_vehicles_run());
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("taken.h5"), std::string::npos) << e.what();
  }
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
}

}  // namespace
}  // namespace crashbench
