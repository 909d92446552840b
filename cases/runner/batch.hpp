#pragma once
// Runs a list of expanded case inputs. A case that cannot be read or run becomes a result with
// status kError and its message; the others still run.
#include <functional>
#include <vector>

#include "cases/loading/matrix.hpp"
#include "cases/run_result.hpp"

namespace crashbench {

/// Called after each case with the result, its position in `inputs` and how many are done; never from two
/// threads at once.
using ProgressFn = std::function<void(const RunResult&, std::size_t position, std::size_t done, std::size_t total)>;

/// Runs every input; with `jobs` > 1 on that many threads (each case on one thread, so results are
/// bit-identical to a serial run, but the timings of concurrent cases disturb each other). Results
/// are in input order whatever the thread count. A case over one of `limits`' caps is an error result.
/// Each case steps on `threads_per_case` threads of its own (Simulation; bit-identical for any count).
std::vector<RunResult> run_inputs(const std::vector<CaseInput>& inputs, const ProgressFn& progress = {}, int jobs = 1,
                                  const InputLimits& limits = {}, int threads_per_case = 1);

/// `--shard K/N`: shard K (1-based) of N.
struct ShardSpec {
  int index = 1;
  int count = 1;
};

/// Parses "K/N" with 1 <= K <= N; Error naming `option` otherwise.
ShardSpec parse_shard(const std::string& text, const std::string& option = "--shard");

/// The positions of the expanded case list that shard `s` runs: every N-th case starting at K - 1, so
/// the shards are disjoint, cover the list and share out long and short cases alike.
std::vector<std::size_t> shard_positions(std::size_t total, const ShardSpec& s);

/// The exit code of a batch: 2 if any input was bad, else 1 if any invariant failed, else 0.
int batch_exit_code(const std::vector<RunResult>& results);

}  // namespace crashbench
