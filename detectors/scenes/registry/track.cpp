#include "detectors/scenes/registry/track.hpp"

#include <array>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/track_layout.hpp"

namespace crashbench {
namespace {

constexpr int kChunk = 16;  // segments per Geode
constexpr int kTrees = 129;

/// Point at `offset` to the left of sample `s` (negative: right), `dz` above the road [m].
Vec3 beside(const TrackSample& s, double offset, double dz) {
  const Vec2 p = s.p_W + s.left_W() * offset;
  return {p.x(), p.y(), s.z + dz};
}

void add_barriers(MeshBuilder& mesh, const std::vector<TrackSample>& line, double side,
                  std::vector<WallSegment>& walls) {
  const int n = static_cast<int>(line.size());
  const double off = side * kTrackHalfWidth, h = kTrackBarrierHeight;
  for (int k = 0; k < n; ++k) {
    const TrackSample &s0 = line[k], &s1 = line[(k + 1) % n];
    mesh.quad(beside(s0, off, 0), beside(s1, off, 0), beside(s1, off, h), beside(s0, off, h));
    walls.push_back({s0.p_W + s0.left_W() * off, s1.p_W + s1.left_W() * off});
    if (k % kChunk == kChunk - 1) mesh.end_chunk();
  }
}

/// Start-line sign board, vertical, 24 m right of the start and standing on the terrain.
void add_sign_board(MeshBuilder& mesh, const TrackSample& s, std::vector<WallSegment>& walls) {
  const Vec2 c = s.p_W - s.left_W() * 24.0;
  const Vec2 a = c - s.tangent_W * 3.0, b = c + s.tangent_W * 3.0;
  mesh.quad({a.x(), a.y(), s.z + 0.2}, {b.x(), b.y(), s.z + 0.2}, {b.x(), b.y(), s.z + 3}, {a.x(), a.y(), s.z + 3});
  mesh.end_chunk();
  walls.push_back({a, b});
}

void add_road(MeshBuilder& mesh, const std::vector<TrackSample>& line) {
  const int n = static_cast<int>(line.size());
  const double w = kTrackHalfWidth;
  for (int k = 0; k < n; ++k) {
    const TrackSample &s0 = line[k], &s1 = line[(k + 1) % n];
    mesh.quad(beside(s0, -w, 0), beside(s1, -w, 0), beside(s1, w, 0), beside(s0, w, 0));
    if (k % kChunk == kChunk - 1) mesh.end_chunk();
  }
}

/// Three strips per side outside the barriers: a ditch, a verge and an embankment; none vertical.
void add_terrain(MeshBuilder& mesh, const std::vector<TrackSample>& line, double side) {
  const std::array<double, 4> left_edges{0, 2, 6, 12}, right_edges{0, 4, 12, 30};
  const std::array<double, 4> left_dz{0, -0.3, -0.1, 1.0}, right_dz{0, -0.3, -0.1, 1.5};
  const auto& edges = side > 0 ? left_edges : right_edges;
  const auto& dz = side > 0 ? left_dz : right_dz;
  const int n = static_cast<int>(line.size());
  for (int k = 0; k < n; ++k) {
    const TrackSample &s0 = line[k], &s1 = line[(k + 1) % n];
    for (int e = 0; e < 3; ++e) {
      const double o0 = side * (kTrackHalfWidth + edges[e]), o1 = side * (kTrackHalfWidth + edges[e + 1]);
      mesh.quad(beside(s0, o0, dz[e]), beside(s1, o0, dz[e]), beside(s1, o1, dz[e + 1]), beside(s0, o1, dz[e + 1]));
    }
    if (k % kChunk == kChunk - 1) mesh.end_chunk();
  }
}

/// Pyramid trees (4 sloping faces, no base) 27 m right of the centre line, spread around the lap.
void add_trees(MeshBuilder& mesh, const std::vector<TrackSample>& line) {
  const int n = static_cast<int>(line.size());
  for (int t = 0; t < kTrees; ++t) {
    const TrackSample& s = line[(t * n / kTrees + 1) % n];
    const Vec3 base = beside(s, -27.0, 0.6);
    const Vec3 apex = base + Vec3(0, 0, 7);
    const std::array<Vec3, 4> corner{base + Vec3(-2, -2, 0), base + Vec3(2, -2, 0), base + Vec3(2, 2, 0),
                                     base + Vec3(-2, 2, 0)};
    for (int i = 0; i < 4; ++i) mesh.triangle(corner[i], corner[(i + 1) % 4], apex);
    if (t % kChunk == kChunk - 1) mesh.end_chunk();
  }
}

/// One lap with its centre line shifted by `offset_W`, added to the builders.
void add_lap(const TrackOptions& o, const Vec2& offset_W, std::array<MeshBuilder*, 4> mesh,
             std::vector<WallSegment>& walls) {
  std::vector<TrackSample> line = track_centerline(o.segments);
  for (TrackSample& s : line) s.p_W += offset_W;
  add_barriers(*mesh[0], line, +1, walls);
  mesh[0]->end_chunk();
  add_barriers(*mesh[0], line, -1, walls);
  add_sign_board(*mesh[0], line.front(), walls);
  if (o.version != TrackVersion::kVisual) return;
  add_road(*mesh[1], line);
  mesh[1]->end_chunk();
  add_terrain(*mesh[2], line, +1);
  mesh[2]->end_chunk();
  add_terrain(*mesh[2], line, -1);
  mesh[2]->end_chunk();
  add_trees(*mesh[3], line);
  mesh[3]->end_chunk();
}

}  // namespace

GeneratedScene make_track(const TrackOptions& options) {
  GeneratedScene out;
  osg::ref_ptr<osg::Group> root = new osg::Group;
  root->setName(options.version == TrackVersion::kVisual ? "track-visual" : "track");
  MeshBuilder barriers("barriers", {0.8f, 0.8f, 0.85f, 1});
  MeshBuilder road("road", {0.25f, 0.25f, 0.25f, 1});
  MeshBuilder terrain("terrain", {0.35f, 0.55f, 0.25f, 1});
  MeshBuilder trees("trees", {0.1f, 0.4f, 0.1f, 1});
  const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(options.copies))));
  for (int c = 0; c < options.copies; ++c) {
    const Vec2 offset(kTrackTileSpacing * (c % columns), kTrackTileSpacing * (c / columns));
    add_lap(options, offset, {&barriers, &road, &terrain, &trees}, out.walls);
  }
  for (MeshBuilder* m : {&barriers, &road, &terrain, &trees})
    if (m->triangle_count() > 0) root->addChild(m->finish().get());
  out.graph = root;
  return out;
}

}  // namespace crashbench
