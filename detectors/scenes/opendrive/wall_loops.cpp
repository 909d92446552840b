#include "detectors/scenes/opendrive/wall_loops.hpp"

#include <cmath>
#include <map>
#include <optional>
#include <utility>

#include "core/math.hpp"

namespace crashbench::odr {
namespace {

// [m] of wall searched for the crossing each side of a stretch running back. A border t from the line, inside
// a turn of angle a at a point, crosses itself t tan(a / 2) before and after it: 4.3 t at 155 deg.
constexpr double kLoopArm = 50;
constexpr std::size_t kLoopArmPieces = 128;  // bounds the search on a hostile file's thousand-fold wiggles

/// Each boundary's walls as runs of pieces (indices into `pieces`), each piece starting where the last ended.
std::vector<std::vector<std::size_t>> runs_of(const std::vector<WallPiece>& pieces) {
  std::vector<std::vector<std::size_t>> done;
  std::map<int, std::vector<std::size_t>> open;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (pieces[k].chunk_end) continue;
    std::vector<std::size_t>& run = open[pieces[k].boundary];
    if (!run.empty() && pieces[run.back()].b != pieces[k].a) done.push_back(std::exchange(run, {}));
    run.push_back(k);
  }
  for (auto& [boundary, run] : open) done.push_back(std::move(run));
  return done;
}

/// Where the standing parts of two pieces' feet cross in plan at one level: the fractions along each.
std::optional<std::pair<double, double>> crossing(const WallPiece& p, const WallPiece& q) {
  const Vec2 d = (p.b - p.a).head<2>(), e = (q.b - q.a).head<2>(), ac = (q.a - p.a).head<2>();
  const double den = cross(d, e);
  if (den == 0) return std::nullopt;  // parallel
  // p.a + u d = q.a + v e: crossing both sides with e, then with d.
  const double u = cross(ac, e) / den, v = cross(ac, d) / den;
  if (!(u >= p.keep_from && u <= p.keep_to && v >= q.keep_from && v <= q.keep_to)) return std::nullopt;
  const double height_apart = (p.a.z() + u * (p.b.z() - p.a.z())) - (q.a.z() + v * (q.b.z() - q.a.z()));
  if (std::abs(height_apart) > kWallSameLevel) return std::nullopt;  // a road over itself
  return std::pair{u, v};
}

struct Crossing {
  std::size_t before, after;  ///< positions in the run
  double u, v;                ///< the fractions along them
};

/// The crossing of a piece before run[first..last] with one after it, the nearest before piece first.
std::optional<Crossing> loop_crossing(const std::vector<WallPiece>& pieces, const std::vector<std::size_t>& run,
                                      std::size_t first, std::size_t last) {
  double arm_before = 0;
  for (std::size_t i = first; i-- > 0 && first - i <= kLoopArmPieces && arm_before <= kLoopArm;) {
    arm_before += pieces[run[i]].plan_length();
    double arm_after = 0;
    for (std::size_t j = last + 1; j < run.size() && j - last <= kLoopArmPieces && arm_after <= kLoopArm; ++j) {
      arm_after += pieces[run[j]].plan_length();
      if (const auto uv = crossing(pieces[run[i]], pieces[run[j]])) return Crossing{i, j, uv->first, uv->second};
    }
  }
  return std::nullopt;
}

}  // namespace

int cut_wall_loops(std::vector<WallPiece>& pieces) {
  int cut = 0;
  for (const std::vector<std::size_t>& run : runs_of(pieces)) {
    for (std::size_t first = 0; first < run.size(); ++first) {
      const WallPiece& start = pieces[run[first]];
      if (!start.runs_back || !(start.keep_from < start.keep_to)) continue;
      std::size_t last = first;
      while (last + 1 < run.size() && pieces[run[last + 1]].runs_back) ++last;
      const std::optional<Crossing> x = loop_crossing(pieces, run, first, last);
      if (!x) {
        first = last;
        continue;
      }
      pieces[run[x->before]].keep_to = x->u, pieces[run[x->after]].keep_from = x->v;
      for (std::size_t k = x->before + 1; k < x->after; ++k) pieces[run[k]].keep_from = pieces[run[k]].keep_to = 0;
      ++cut;
      first = x->after - 1;  // the piece after the loop may start the next stretch running back
    }
  }
  return cut;
}

}  // namespace crashbench::odr
