#include "detectors/scenes/sprites.hpp"

#include <osg/Drawable>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "core/units.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

constexpr const char* kSpriteMark = "crashbench:sprite";
/// Two triangles sharing an edge are one card if their normals lie within this angle [rad].
constexpr double kCoplanarAngle = 1.0 * kDegToRad;

/// An edge by its two end points, in a fixed order, compared exactly: triangles of one vertex array
/// share their vertices bit for bit.
using EdgeKey = std::array<double, 6>;

EdgeKey edge_key(const Vec3& p, const Vec3& q) {
  const auto less = [](const Vec3& a, const Vec3& b) {
    return std::lexicographical_compare(a.data(), a.data() + 3, b.data(), b.data() + 3);
  };
  const Vec3& a = less(p, q) ? p : q;
  const Vec3& b = less(p, q) ? q : p;
  return {a.x(), a.y(), a.z(), b.x(), b.y(), b.z()};
}

std::array<EdgeKey, 3> edges_of(const Triangle& t) {
  return {edge_key(t.a_W, t.b_W), edge_key(t.b_W, t.c_W), edge_key(t.c_W, t.a_W)};
}

Vec3 unit_normal(const Triangle& t) { return (t.b_W - t.a_W).cross(t.c_W - t.a_W).normalized(); }

/// Whether the triangles are vertical cards: each within kSpriteVerticalDeg of vertical, neighbours
/// (sharing an edge) coplanar, each card (neighbours joined) at most kSpriteMaxWidth across.
bool vertical_cards(const std::vector<Triangle>& triangles) {
  std::map<EdgeKey, std::vector<std::size_t>> by_edge;
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    if (!is_vertical(triangles[i], kSpriteVerticalDeg)) return false;
    for (const EdgeKey& e : edges_of(triangles[i])) by_edge[e].push_back(i);
  }
  // Cards: triangles joined through shared edges (a small union-find); coplanarity checked per edge.
  std::vector<std::size_t> card(triangles.size());
  for (std::size_t i = 0; i < card.size(); ++i) card[i] = i;
  const auto root = [&](std::size_t i) {
    while (card[i] != i) i = card[i] = card[card[i]];
    return i;
  };
  for (const auto& [edge, sharing] : by_edge)
    for (std::size_t k = 1; k < sharing.size(); ++k) {
      const double cosine = std::abs(unit_normal(triangles[sharing[0]]).dot(unit_normal(triangles[sharing[k]])));
      if (cosine < std::cos(kCoplanarAngle)) return false;
      card[root(sharing[k])] = root(sharing[0]);
    }
  // A card's width: the horizontal extent of its vertices along the card (its plane is vertical).
  std::map<std::size_t, std::pair<Vec2, Vec2>> extent;  // per card: lowest and highest corner in X, Y
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    auto [it, fresh] = extent.try_emplace(root(i), triangles[i].a_W.head<2>(), triangles[i].a_W.head<2>());
    for (const Vec3* v : {&triangles[i].a_W, &triangles[i].b_W, &triangles[i].c_W}) {
      it->second.first = it->second.first.cwiseMin(v->head<2>());
      it->second.second = it->second.second.cwiseMax(v->head<2>());
    }
  }
  return std::all_of(extent.begin(), extent.end(),
                     [](const auto& e) { return (e.second.second - e.second.first).norm() <= kSpriteMaxWidth; });
}

}  // namespace

int mark_sprites(osg::Node& root) {
  std::vector<DrawableSpan> spans;
  const std::vector<Triangle> all = triangles_by_drawable(root, spans);
  return mark_sprites(all, spans);
}

int mark_sprites(const std::vector<Triangle>& all, const std::vector<DrawableSpan>& spans) {
  // Candidates: each placement of a drawable that is a billboard or made of vertical cards.
  std::vector<char> candidate(spans.size(), 0);
  std::map<EdgeKey, std::size_t> candidate_edges;  // edge -> the candidate span that has it
  for (std::size_t s = 0; s < spans.size(); ++s) {
    const DrawableSpan& span = spans[s];
    if (span.count == 0) continue;
    std::vector<Triangle> own(all.begin() + static_cast<long>(span.first),
                              all.begin() + static_cast<long>(span.first + span.count));
    std::erase_if(own, [](const Triangle& t) { return is_degenerate(t); });
    if (own.empty()) continue;
    candidate[s] = span.billboard || vertical_cards(own);
    if (candidate[s] && !span.billboard)
      for (const Triangle& t : own)
        for (const EdgeKey& e : edges_of(t)) candidate_edges.emplace(e, s);
  }
  // A card sharing an edge with another drawable's triangle is part of a structure, not a sprite.
  for (std::size_t s = 0; s < spans.size() && !candidate_edges.empty(); ++s)
    for (std::size_t i = spans[s].first; i < spans[s].first + spans[s].count; ++i)
      for (const EdgeKey& e : edges_of(all[i]))
        if (const auto it = candidate_edges.find(e); it != candidate_edges.end() && it->second != s)
          candidate[it->second] = 0;
  // A drawable placed several times is a sprite only if every placement is.
  std::map<osg::Drawable*, bool> sprite;
  for (std::size_t s = 0; s < spans.size(); ++s) {
    auto [it, fresh] = sprite.try_emplace(spans[s].drawable, candidate[s] != 0);
    it->second = it->second && candidate[s];
  }
  int sprites = 0;
  for (auto& [drawable, is] : sprite) {
    if (!is) continue;
    if (!is_sprite(*drawable)) drawable->addDescription(kSpriteMark);
    ++sprites;
  }
  return sprites;
}

bool is_sprite(const osg::Node& node) {
  const osg::Node::DescriptionList& list = node.getDescriptions();
  return std::find(list.begin(), list.end(), kSpriteMark) != list.end();
}

}  // namespace crashbench
