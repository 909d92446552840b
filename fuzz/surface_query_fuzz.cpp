// libFuzzer harness, differential: the surface query with each vehicle's face remembered from the step
// before (SurfaceQuery::height_below(p, hint, face)) against the cell scan (the same query with no face),
// which must give the same bits at every point. The bytes are the geometry: after a first byte that picks
// the scale and offset, each 9 bytes are a triangle whose corners sit on a coarse lattice (shared corners,
// shared edges, coincident and stacked faces, slivers and faces standing on edge are all a few bit flips
// apart), at most 64 of them. The points walk over the triangles' bounds in small steps, crossing edges,
// corners and stacked faces, hinted as the runner hints (the last answer), and at times from far above.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using crashbench::Vec2;
using crashbench::Vec3;

constexpr std::size_t kMaxTriangles = 64;

/// Scale and offset of the lattice: metres around the origin, or a track kilometres from it.
struct Lattice {
  double step, offset;
};
constexpr std::array<Lattice, 4> kLattices = {{{0.25, 0.0}, {1.0, 0.0}, {0.01, 0.0}, {0.5, 12345.678}}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  if (size < 10) return 0;
  const Lattice lattice = kLattices[data[0] % kLattices.size()];
  const auto coordinate = [&](std::uint8_t b) { return lattice.offset + lattice.step * (static_cast<int>(b) - 128); };
  std::vector<Triangle> triangles;
  Vec2 lo = Vec2::Constant(1e300), hi = -lo;
  for (std::size_t at = 1; at + 9 <= size && triangles.size() < kMaxTriangles; at += 9) {
    const std::uint8_t* b = data + at;
    Triangle t;
    t.a_W = Vec3(coordinate(b[0]), coordinate(b[1]), 0.1 * (static_cast<int>(b[2]) - 128));
    t.b_W = Vec3(coordinate(b[3]), coordinate(b[4]), 0.1 * (static_cast<int>(b[5]) - 128));
    t.c_W = Vec3(coordinate(b[6]), coordinate(b[7]), 0.1 * (static_cast<int>(b[8]) - 128));
    triangles.push_back(t);
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) lo = lo.cwiseMin(v->head<2>()), hi = hi.cwiseMax(v->head<2>());
  }
  if (triangles.empty()) return 0;
  const SurfaceQuery query(triangles, kVerticalToleranceDeg, GroundGrid{});
  double hint = kHighest;
  int face = -1;
  const auto visit = [&](const Vec2& p) {
    const double scanned = query.height_below(p, hint);
    const double remembered = query.height_below(p, hint, face);
    fuzz::require(std::isnan(scanned) ? std::isnan(remembered) : remembered == scanned,
                  "the remembered face gives the cell scan's height, bit for bit");
    if (!std::isnan(remembered)) hint = remembered;
  };
  // From inside each face to the points where it meets its neighbours: its edges' middles and its corners.
  for (const Triangle& t : triangles) {
    const Vec2 a = t.a_W.head<2>(), b = t.b_W.head<2>(), c = t.c_W.head<2>();
    for (const Vec2& p : {Vec2((a + b + c) / 3), Vec2(0.5 * (a + b)), Vec2((a + b + c) / 3), Vec2(0.5 * (b + c)),
                          Vec2((a + b + c) / 3), Vec2(0.5 * (c + a)), Vec2((a + b + c) / 3), a, b, c})
      visit(p);
  }
  // A walk along rows over the bounds (and a step beyond), each row a car's lane: at most 4,000 points.
  const Vec2 extent = (hi - lo).cwiseMax(Vec2::Constant(lattice.step));
  const double step = std::max(extent.x(), extent.y()) / 61.0;
  long long points = 0;
  for (double y = lo.y() - step; y <= hi.y() + step && points < 4000; y += 3 * step) {
    hint = kHighest, face = -1;
    for (double x = lo.x() - step; x <= hi.x() + step && points < 4000; x += step, ++points) {
      if (points % 97 == 0) hint = kHighest;  // now and then a car that lost its road asks from above
      visit(Vec2(x, y + 0.013 * step * static_cast<double>(points % 7)));
    }
  }
  return 0;
}
