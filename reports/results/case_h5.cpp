#include "reports/results/case_h5.hpp"

#include <hdf5.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstdint>
#include <new>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "reports/results/output_file.hpp"

namespace crashbench {
namespace {

/// Chunks of this many vehicles by up to this many samples (trajectories) or this many events: a few
/// hundred kB, so reading one vehicle or one instant decompresses little and deflate has enough to work on.
constexpr hsize_t kChunkVehicles = 256;
constexpr hsize_t kChunkSamples = 256;
constexpr hsize_t kChunkEvents = 32768;
constexpr unsigned kDeflateLevel = 4;  // most of level 9's gain at a fraction of its time

/// An HDF5 handle closed when it goes out of scope.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t), const std::string& path, const std::string& what) : id_(id), close_(close) {
    if (id_ < 0) throw Error(path, "", "HDF5 could not " + what);
  }
  ~Handle() { close_(id_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  operator hid_t() const { return id_; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

void check(herr_t status, const std::string& path, const std::string& what) {
  if (status < 0) throw Error(path, "", "HDF5 could not " + what);
}

void write_string_attribute(hid_t where, const char* name, const std::string& value, const std::string& path) {
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, path, "make a string type");
  check(H5Tset_size(type, std::max<std::size_t>(1, value.size())), path, "size a string type");
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, path, "make a scalar space");
  const Handle attribute(H5Acreate2(where, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         std::string("create the attribute ") + name);
  check(H5Awrite(attribute, type, value.data()), path, std::string("write the attribute ") + name);
}

void write_count_attribute(hid_t where, const char* name, long long value, const std::string& path) {
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, path, "make a scalar space");
  const Handle attribute(H5Acreate2(where, name, H5T_STD_I64LE, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         std::string("create the attribute ") + name);
  check(H5Awrite(attribute, H5T_NATIVE_LLONG, &value), path, std::string("write the attribute ") + name);
}

/// The file type and memory type of a column of T.
template <typename T> std::pair<hid_t, hid_t> types_of() {
  if constexpr (std::is_same_v<T, double>) return {H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE};
  else return {H5T_STD_I32LE, H5T_NATIVE_INT32};
}

/// f(t, threads) for t < threads, on as many threads as the machine has cores, at most `most`: t = 0 on this
/// one, returning once every thread has. Nothing may leave f on a helper thread: it would end the process.
template <typename F>
void on_cores(std::size_t most, const F& f) {
  const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t threads = std::clamp<std::size_t>(cores, 1, std::max<std::size_t>(most, 1));
  std::vector<std::jthread> helpers;
  for (std::size_t t = 1; t < threads; ++t) helpers.emplace_back([&f, t, threads] { f(t, threads); });
  f(0, threads);
}  // the helpers join here

/// HDF5's shuffle filter on one chunk of `n` values of `size` bytes: byte j of value i goes to j n + i.
std::vector<unsigned char> shuffled(const unsigned char* bytes, std::size_t n, std::size_t size) {
  std::vector<unsigned char> out(n * size);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < size; ++j) out[j * n + i] = bytes[i * size + j];
  return out;
}

/// `values` cut into chunks of `chunk_values` (the last one padded with zeros: HDF5 stores an edge chunk
/// whole), each shuffled and deflated as HDF5's filters would, on every core. HDF5 runs its filters on one
/// thread, and deflate was most of a 100,000-car run's HDF5 write (docs/scale.md). Empty when zlib or the
/// memory for a chunk failed.
template <typename T>
std::vector<std::vector<unsigned char>> filtered_chunks(const std::vector<T>& values, std::size_t chunk_values) {
  static_assert(std::endian::native == std::endian::little, "the chunks are written as the file's little-endian types");
  const std::size_t count = (values.size() + chunk_values - 1) / chunk_values;
  std::vector<std::vector<unsigned char>> out(count);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  on_cores(count, [&](std::size_t, std::size_t) {
    try {  // nothing may leave a thread: a failure is reported once all are joined
      std::vector<T> padded(chunk_values);
      for (std::size_t k; (k = next++) < count;) {
        const std::size_t first = k * chunk_values, n = std::min(chunk_values, values.size() - first);
        const auto from = values.begin() + static_cast<std::ptrdiff_t>(first);
        std::fill(std::copy_n(from, n, padded.begin()), padded.end(), T{});
        const auto bytes = shuffled(reinterpret_cast<const unsigned char*>(padded.data()), chunk_values, sizeof(T));
        uLongf size = compressBound(bytes.size());
        out[k].resize(size);
        if (compress2(out[k].data(), &size, bytes.data(), bytes.size(), static_cast<int>(kDeflateLevel)) != Z_OK)
          failed = true;
        out[k].resize(size);
      }
    } catch (const std::bad_alloc&) {
      failed = true;
    }
  });
  return failed ? std::vector<std::vector<unsigned char>>{} : out;
}

/// A chunked, shuffled and deflated dataset `name` of shape `dims` (one or two dimensions). An events'
/// column ([n] or [n, 2]) is contiguous chunk by chunk: its chunks are filtered here on every core and
/// written as they are (H5Dwrite_chunk); a trajectory's [vehicle, sample] chunks go through HDF5's filters.
template <typename T>
void write_column(hid_t where, const char* name, std::vector<hsize_t> dims, const std::vector<T>& values,
                  const std::string& path) {
  const Handle space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose, path,
                     std::string("shape the dataset ") + name);
  const Handle create(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, path, "make dataset properties");
  if (!values.empty()) {
    std::vector<hsize_t> chunk = dims;
    if (dims.size() == 1) chunk[0] = std::min(dims[0], kChunkEvents);
    else if (dims[1] == 2) chunk[0] = std::min(dims[0], kChunkEvents);  // [event, xy]
    else chunk = {std::min(dims[0], kChunkVehicles), std::min(dims[1], kChunkSamples)};
    check(H5Pset_chunk(create, static_cast<int>(chunk.size()), chunk.data()), path, std::string("chunk ") + name);
    check(H5Pset_shuffle(create), path, "set the shuffle filter");
    check(H5Pset_deflate(create, kDeflateLevel), path, "set the deflate filter");
  }
  const auto [file_type, memory_type] = types_of<T>();
  const Handle set(H5Dcreate2(where, name, file_type, space, H5P_DEFAULT, create, H5P_DEFAULT), H5Dclose, path,
                   std::string("create the dataset ") + name);
  if (values.empty()) return;
  const bool rows_contiguous = dims.size() == 1 || dims[1] == 2;
  if (rows_contiguous) {
    const hsize_t rows = std::min(dims[0], kChunkEvents), per_row = dims.size() == 1 ? 1 : 2;
    const auto chunks = filtered_chunks(values, static_cast<std::size_t>(rows * per_row));
    if (chunks.empty())
      throw Error(path, "", std::string("could not deflate the dataset ") + name + " (out of memory?)");
    for (std::size_t k = 0; k < chunks.size(); ++k) {
      const hsize_t offset[2] = {k * rows, 0};
      check(H5Dwrite_chunk(set, H5P_DEFAULT, 0, offset, chunks[k].size(), chunks[k].data()), path,
            std::string("write a chunk of the dataset ") + name);
    }
    return;
  }
  check(H5Dwrite(set, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), path,
        std::string("write the dataset ") + name);
}

/// The vehicles' names as one fixed-length string dataset (h5py reads them as bytes).
void write_names(hid_t file, const std::vector<VehicleTrack>& tracks, const std::string& path) {
  std::size_t width = 1;
  for (const auto& t : tracks) width = std::max(width, t.name.size());
  std::vector<char> packed(width * tracks.size(), '\0');
  for (std::size_t v = 0; v < tracks.size(); ++v) std::copy(tracks[v].name.begin(), tracks[v].name.end(), &packed[v * width]);
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, path, "make a string type");
  check(H5Tset_size(type, width), path, "size a string type");
  const hsize_t dims[1] = {tracks.size()};
  const Handle space(H5Screate_simple(1, dims, nullptr), H5Sclose, path, "shape the dataset vehicle_name");
  const Handle set(H5Dcreate2(file, "vehicle_name", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
                   path, "create the dataset vehicle_name");
  if (!tracks.empty())
    check(H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, packed.data()), path, "write the dataset vehicle_name");
}

/// f(begin, end) over [0, n), cut into a range per core from kGatherAlone values up: a 100,000-car run's
/// columns each read millions of events (544 bytes apart), one pass per column.
template <typename F>
void over_ranges(std::size_t n, const F& f) {
  constexpr std::size_t kGatherAlone = std::size_t{1} << 16;  // below: not worth a thread
  on_cores(n < kGatherAlone ? 1 : n,
           [&](std::size_t t, std::size_t threads) { f(n * t / threads, n * (t + 1) / threads); });
}

/// `at(i)` for i < n, as a column.
template <typename T, typename At>
std::vector<T> gather(std::size_t n, const At& at) {
  std::vector<T> out(n);
  over_ranges(n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) out[i] = at(i);
  });
  return out;
}

/// `at(i)` (a 2-vector) for i < n, as an [n, 2] column.
template <typename At>
std::vector<double> gather_xy(std::size_t n, const At& at) {
  std::vector<double> out(2 * n);
  over_ranges(n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const Vec2 v = at(i);
      out[2 * i] = v.x(), out[2 * i + 1] = v.y();
    }
  });
  return out;
}

void write_trajectory(hid_t file, const RunResult& r, const std::string& path) {
  const std::size_t samples = r.sample_times.size(), vehicles = r.tracks.size();
  write_column(file, "time", {samples}, r.sample_times, path);
  write_names(file, r.tracks, path);
  const auto quantity = [&](const char* name, const auto& at) {
    write_column<double>(file, name, {vehicles, samples},
                         gather<double>(vehicles * samples, [&](std::size_t k) { return at(r.tracks[k / samples], k % samples); }),
                         path);
  };
  quantity("x", [](const VehicleTrack& t, std::size_t i) { return t.states[i].position_W.x(); });
  quantity("y", [](const VehicleTrack& t, std::size_t i) { return t.states[i].position_W.y(); });
  quantity("heading", [](const VehicleTrack& t, std::size_t i) { return t.states[i].heading; });
  quantity("vx", [](const VehicleTrack& t, std::size_t i) { return t.states[i].velocity_W.x(); });
  quantity("vy", [](const VehicleTrack& t, std::size_t i) { return t.states[i].velocity_W.y(); });
  quantity("yaw_rate", [](const VehicleTrack& t, std::size_t i) { return t.states[i].yaw_rate; });
  const auto rolled = [](const VehicleTrack& t) {
    return std::any_of(t.roll.begin(), t.roll.end(), [](double v) { return v != 0.0; }) ||
           std::any_of(t.roll_rate.begin(), t.roll_rate.end(), [](double v) { return v != 0.0; });
  };
  if (std::none_of(r.tracks.begin(), r.tracks.end(), rolled)) return;
  quantity("roll", [](const VehicleTrack& t, std::size_t i) { return t.roll[i]; });
  quantity("roll_rate", [](const VehicleTrack& t, std::size_t i) { return t.roll_rate[i]; });
}

/// Invariant checks of one event that failed.
int failed_checks(const ImpactEvent& e) {
  const auto checks = e.checks.all();
  return static_cast<int>(std::count_if(checks.begin(), checks.end(), [](const InvariantCheck& c) {
    return c.verdict == Verdict::kFail;
  }));
}

/// "0 ok, 1 separating, ...": what the status column's codes mean.
std::string status_codes() {
  std::string out;
  for (int k = 0; k <= static_cast<int>(ResolutionStatus::kSingular); ++k)
    out += (k ? ", " : "") + std::to_string(k) + " " + std::string(to_string(static_cast<ResolutionStatus>(k)));
  return out;
}

void write_events(hid_t file, const RunResult& r, const std::string& path) {
  const Handle group(H5Gcreate2(file, "events", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, path,
                     "create the group events");
  const std::vector<ImpactEvent>& ev = r.events;
  const std::size_t n = ev.size();
  const auto ints = [&](const char* name, const auto& at) {
    write_column<std::int32_t>(group, name, {n}, gather<std::int32_t>(n, [&](std::size_t i) { return at(ev[i]); }), path);
  };
  const auto doubles = [&](const char* name, const auto& at) {
    write_column<double>(group, name, {n}, gather<double>(n, [&](std::size_t i) { return at(ev[i]); }), path);
  };
  const auto pairs = [&](const char* name, const auto& at) {
    write_column<double>(group, name, {n, 2}, gather_xy(n, [&](std::size_t i) { return at(ev[i]); }), path);
  };
  ints("step", [](const ImpactEvent& e) { return e.step; });
  doubles("time", [](const ImpactEvent& e) { return e.time; });
  ints("impact", [](const ImpactEvent& e) { return e.impact; });
  ints("vehicle", [](const ImpactEvent& e) { return e.contact.vehicle; });
  ints("other", [](const ImpactEvent& e) { return e.contact.other; });
  ints("feature", [](const ImpactEvent& e) { return e.contact.feature; });
  pairs("point", [](const ImpactEvent& e) { return e.contact.point_W; });
  pairs("normal", [](const ImpactEvent& e) { return e.contact.normal_W; });
  doubles("depth", [](const ImpactEvent& e) { return e.contact.depth; });
  pairs("impulse", [](const ImpactEvent& e) { return e.resolution.impulse.linear_W; });
  ints("status", [](const ImpactEvent& e) { return static_cast<int>(e.resolution.status); });
  write_string_attribute(group, "status_codes", status_codes(), path);
  doubles("energy_before", [&](const ImpactEvent& e) { return energy_before(e, r.other_of(e)); });
  doubles("energy_after", [&](const ImpactEvent& e) { return energy_after(e, r.other_of(e)); });
  pairs("pre_velocity", [](const ImpactEvent& e) { return e.pre_a.state.velocity_W; });
  pairs("post_velocity", [](const ImpactEvent& e) { return e.post_a.state.velocity_W; });
  doubles("pre_yaw_rate", [](const ImpactEvent& e) { return e.pre_a.state.yaw_rate; });
  doubles("post_yaw_rate", [](const ImpactEvent& e) { return e.post_a.state.yaw_rate; });
  ints("failed_checks", failed_checks);
}

void write_file(const std::string& temp, const std::string& path, const RunResult& r) {
  const Handle file(H5Fcreate(temp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, path,
                    "create the temporary file " + temp);
  write_string_attribute(file, "format", std::string(kCaseH5Format), path);
  write_string_attribute(file, "case", r.name, path);
  write_count_attribute(file, "record_every", r.config.record_every, path);
  write_trajectory(file, r, path);
  write_events(file, r, path);
}

}  // namespace

void write_case_h5(const std::string& path, const RunResult& result) {
  for (const auto& track : result.tracks)
    if (track.states.size() != result.sample_times.size())
      throw Error(path, "", "vehicle '" + track.name + "' has a state count other than the sample times'");
  // HDF5 prints its own error stack to stderr; our Error says what failed instead.
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const std::string temp = temporary_path_for(path);
  try {
    write_file(temp, path, result);
  } catch (...) {
    std::remove(temp.c_str());
    throw;
  }
  move_into_place(temp, path);
}

}  // namespace crashbench
