#include "cases/runner/batch.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <climits>
#include <mutex>
#include <thread>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/scene_cache.hpp"
#include "cases/runner/simulation.hpp"

namespace crashbench {
namespace {

RunResult error_result(const CaseInput& input, const std::string& message) {
  RunResult r;
  r.name = input.label;
  r.source_file = input.file;
  r.status = CaseStatus::kError;
  r.error = message;
  return r;
}

RunResult run_input(const CaseInput& input, const InputLimits& limits, int threads) {
  if (input.error) return error_result(input, input.error->what());
  try {
    const Case c = parse_case(input.doc, input.file, limits, input.pointer);
    try {
      return run_case(c, threads);
    } catch (const Error& e) {
      // A scene file that cannot be loaded: name the case file and its field as well as the scene file.
      if (!c.scene.file.empty() && e.file() == c.scene.file)
        return error_result(input, Error(input.file, input.pointer + "/scene/file", e.what()).what());
      throw;
    }
  } catch (const Error& e) {
    return error_result(input, e.in_file(input.file).what());
  } catch (const std::exception& e) {
    return error_result(input, input.file + ": the case crashed: " + e.what());
  }
}

}  // namespace

std::vector<RunResult> run_inputs(const std::vector<CaseInput>& inputs, const ProgressFn& progress, int jobs,
                                  const InputLimits& limits, int threads_per_case) {
  std::vector<RunResult> results(inputs.size());
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex progress_mutex;
  // Each worker takes the next unclaimed input and writes its own slot: input order, no shared state.
  const auto work = [&] {
    for (std::size_t i = next++; i < inputs.size(); i = next++) {
      results[i] = run_input(inputs[i], limits, threads_per_case);
      // No case left to start: the scenes kept for the next one (with their grids) go before the results
      // are written, which at 100,000 cars is when the run holds the most.
      if (next.load() >= inputs.size()) release_kept_scenes();
      results[i].listed_name = inputs[i].listed_name.empty() ? inputs[i].label : inputs[i].listed_name;
      results[i].variation = inputs[i].variation;
      const std::lock_guard lock(progress_mutex);
      ++done;
      if (progress) progress(results[i], i, done, inputs.size());
    }
  };
  const auto threads = static_cast<std::size_t>(std::max(1, jobs));
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < std::min(threads, inputs.size()); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return results;
}

ShardSpec parse_shard(const std::string& text, const std::string& option) {
  ShardSpec s;
  const char* const end = text.data() + text.size();
  // from_chars refuses a value out of int's range instead of wrapping it.
  const auto [slash, ec1] = std::from_chars(text.data(), end, s.index);
  const auto [last, ec2] = slash != end && *slash == '/' ? std::from_chars(slash + 1, end, s.count)
                                                         : std::from_chars_result{slash, std::errc::invalid_argument};
  if (ec1 != std::errc() || ec2 != std::errc() || last != end || s.count < 1 || s.index < 1 || s.index > s.count)
    throw Error("", option, "expected K/N with 1 <= K <= N <= " + std::to_string(INT_MAX) + " (e.g. 2/8), found '" +
                                text + "'");
  return s;
}

std::vector<std::size_t> shard_positions(std::size_t total, const ShardSpec& s) {
  std::vector<std::size_t> positions;
  for (std::size_t i = static_cast<std::size_t>(s.index - 1); i < total; i += static_cast<std::size_t>(s.count))
    positions.push_back(i);
  return positions;
}

int batch_exit_code(const std::vector<RunResult>& results) {
  int code = 0;
  for (const auto& r : results) {
    if (r.status == CaseStatus::kError) return 2;
    if (r.status == CaseStatus::kFailed) code = 1;
  }
  return code;
}

}  // namespace crashbench
