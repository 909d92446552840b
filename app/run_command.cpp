#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "app/commands.hpp"
#include "cases/plugin.hpp"
#include "cases/runner/batch.hpp"
#include "cases/runner/step_threads.hpp"
#include "core/text.hpp"
#include "reports/progress_line.hpp"
#include "reports/results/case_h5.hpp"
#include "reports/results/record_store.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_stream.hpp"
#include "reports/summary_table.hpp"

namespace crashbench {
namespace {

/// Every input expanded; an unreadable input file still lets the others run (it becomes an error case).
/// More than `limits.max_cases` in all is refused before the next file is expanded.
std::vector<CaseInput> expand_all(const std::vector<std::string>& files, const InputLimits& limits) {
  std::vector<CaseInput> expanded;
  for (const auto& file : files) {
    try {
      InputLimits left = limits;
      left.max_cases = limits.max_cases - expanded.size();
      auto cases = expand_input_file(file, left);
      if (cases.size() > left.max_cases)
        throw Error(file, "", fmt::format("the inputs hold more than {} cases, the cap on cases: raise it with "
                                          "--max-cases", limits.max_cases));
      expanded.insert(expanded.end(), std::make_move_iterator(cases.begin()), std::make_move_iterator(cases.end()));
    } catch (const Error& e) {
      expanded.push_back({file, "", file, nullptr, e});
    }
  }
  // Here, on one thread and before any case runs, since loading grows the registries the runs read.
  for (CaseInput& input : expanded) {
    if (input.error) continue;
    try {
      load_case_plugins(input.doc, input.file);
    } catch (const Error& e) {
      input.error = e;  // this case fails; the others run
    }
  }
  return expanded;
}

/// The cases of `shard`, recording which positions of the full list they are in `info`.
std::vector<CaseInput> shard_slice(std::vector<CaseInput> all, const ShardSpec& shard, RunInfo& info) {
  info.shard_index = shard.index, info.shard_count = shard.count;
  info.case_indices = shard_positions(all.size(), shard);
  std::vector<CaseInput> slice;
  for (const std::size_t i : info.case_indices) slice.push_back(std::move(all[i]));
  return slice;
}

/// A results.json left by an earlier run would look like this run's until the end: it is moved aside first,
/// so that a kill leaves only this run's results.jsonl (which says it was interrupted).
void retire_previous_results(const std::string& results_path) {
  std::error_code ec;
  if (!std::filesystem::exists(results_path, ec)) return;
  std::filesystem::rename(results_path, results_path + ".previous", ec);
  if (ec) throw Error(results_path, "", "cannot move the previous run's results aside: " + ec.message());
}

struct RunOptions {
  std::vector<std::string> inputs;
  std::string out_dir = "out";
  std::string report_dir;
  std::string shard_text;
  int jobs = 1;
  std::string threads_text = "1";
  bool quiet = false;
  std::string trajectories = "auto";
  InputLimits limits;
  CiOutputs ci;
};

void add_limit_flags(CLI::App& cmd, InputLimits& limits) {
  const auto flag = [&](const char* name, std::size_t& target, const char* what) {
    cmd.add_option(name, target, what)->capture_default_str()->check(CLI::Range(std::size_t{1}, std::size_t{INT_MAX}));
  };
  flag("--max-steps", limits.max_steps, "Cap on steps per case (duration / dt)");
  flag("--max-samples", limits.max_samples, "Cap on recorded vehicle states per case (vehicles x samples)");
  flag("--max-vehicles", limits.max_vehicles, "Cap on vehicles per case");
  flag("--max-cases", limits.max_cases, "Cap on cases after matrix expansion, all inputs together");
}

/// `--threads`: a whole number in 1 ... kMaxStepThreads; Error naming the option otherwise.
int parse_threads(const std::string& text) {
  int threads = 0;
  const char* const end = text.data() + text.size();
  const auto [last, ec] = std::from_chars(text.data(), end, threads);
  if (ec != std::errc() || last != end || threads < 1 || threads > kMaxStepThreads)
    throw Error("", "--threads", fmt::format("expected a whole number of threads per case from 1 to {}, found '{}'",
                                             kMaxStepThreads, text));
  return threads;
}

/// Threads per case so that `jobs` cases at once use at most the machine's cores: more would only take
/// turns (the results are the same for any count), so the count is capped, saying so on stderr.
int threads_within_cores(int requested, int jobs) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int fitting = std::max(1, cores / jobs);
  if (requested <= fitting) return requested;
  fmt::print(stderr, "crashbench: --threads {} x --jobs {} is more than the {} cores: each case runs on {} thread{}\n",
             requested, jobs, cores, fitting, fitting == 1 ? "" : "s");
  return fitting;
}

int run(const RunOptions& o) {
  const int threads = threads_within_cores(parse_threads(o.threads_text), o.jobs);
  std::vector<CaseInput> expanded = expand_all(o.inputs, o.limits);
  RunInfo info{o.jobs, 0, 0, expanded.size(), {}, {}};
  if (!o.shard_text.empty()) expanded = shard_slice(std::move(expanded), parse_shard(o.shard_text), info);
  const std::string results_path = o.out_dir + "/results.json";
  retire_previous_results(results_path);
  ResultsStream stream(o.out_dir + "/results.jsonl", o.inputs, info, expanded.size());
  ProgressLine progress(stderr, !o.quiet && isatty(fileno(stderr)), terminal_columns(fileno(stderr)));
  const TrajectoryMode trajectory_mode = parse_trajectory_mode(o.trajectories);
  info.trajectory_files.assign(expanded.size(), "");
  bool streaming = true;
  // Runs on a worker thread: nothing may escape it (that would abort the run and lose every result).
  const auto on_case = [&](const RunResult& r, std::size_t position, std::size_t done, std::size_t total) {
    const std::size_t index = position < info.case_indices.size() ? info.case_indices[position] : position;
    // The trajectory file first, so that a results line never names a file that is not there yet.
    try {
      const std::string file = trajectory_file_for(r, trajectory_mode, index);
      if (!file.empty()) write_case_h5(o.out_dir + "/" + file, r);
      info.trajectory_files[position] = file;
    } catch (const std::exception& e) {
      progress.message("crashbench: " + escape_terminal(e.what()) + " (this case's trajectory stays in results.json)");
    }
    try {
      if (streaming) stream.add(r, index, info.trajectory_files[position]);
    } catch (const std::exception& e) {
      streaming = false;
      progress.message("crashbench: " + escape_terminal(e.what()) + " (results.jsonl stops here; the run goes on)");
    }
    // Errors also go to stderr, where a log or a CI step shows them even when stdout is kept.
    if (r.status == CaseStatus::kError) progress.message("crashbench: " + escape_terminal(r.error));
    progress.update(r, done, total);
  };
  const auto results = run_inputs(expanded, on_case, o.jobs, o.limits, threads);
  progress.finish();
  if (streaming) stream.finish();
  write_results_file(results_path, results, info);
  fmt::print("{}", o.quiet ? summary_count_line(results) : summary_table(results));
  fmt::print("results: {}\n", escape_terminal(results_path));
  if (!o.report_dir.empty()) print_report_paths(write_report_for(results_path, o.report_dir));
  write_ci_outputs(results_path, o.ci);
  return batch_exit_code(results);
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("run", "Run case or matrix files; stream results.jsonl, write results.json; print a "
                                        "summary");
  static RunOptions o;
  cmd->add_option("files", o.inputs, "Case or matrix JSON files")->required();
  auto* output = cmd->add_option("-o,--output", o.out_dir,
                                 "Folder for results.jsonl and results.json (default: the --report folder when "
                                 "one is given, else out)");
  cmd->add_option("--report", o.report_dir,
                  "Also write report.html and summary.md into this folder (and the results too, without -o)");
  cmd->add_option("-j,--jobs", o.jobs, "Cases run at once; timings are trustworthy only with 1")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--threads", o.threads_text,
                  "Threads inside each case (results bit-identical for any count); --jobs x --threads is capped "
                  "at the machine's cores")
      ->capture_default_str();
  cmd->add_option("--shard", o.shard_text, "Run only shard K of N of the expanded case list (K/N, e.g. 2/8)");
  cmd->add_flag("-q,--quiet", o.quiet, "Print only the count line (N cases: passed, failed, errors) and where the "
                                       "results went");
  cmd->add_option("--trajectories", o.trajectories,
                  fmt::format("Where trajectories go: json (inside results.json), h5 (an HDF5 file per case under "
                              "trajectories/), auto (h5 for cases of {} vehicles or more)", kManyVehicles))
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "json", "h5"}));
  add_limit_flags(*cmd, o.limits);
  add_ci_output_options(*cmd, o.ci);
  cmd->callback([&exit_code, output] {
    // The results go beside the report they were made into unless -o says otherwise.
    if (output->count() == 0 && !o.report_dir.empty()) o.out_dir = o.report_dir;
    exit_code = run(o);
  });
}

}  // namespace crashbench
