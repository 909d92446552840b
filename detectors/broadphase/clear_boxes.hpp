#pragma once
// Clear boxes: a memory, per slot (a detector's: the poses it is given; no_tunnelling's: a vehicle), of a
// box around the last shape there that nothing of the scene meets. A car on open road stays inside its box
// for several steps, and its query then costs a containment test instead of grid cells that, on a large
// scene, are cache misses. A box states a fact about the scene, not about a car: any shape inside it, at a
// height in its band, meets nothing, so the skipped query would have found nothing, whichever vehicle holds
// the slot. Used by the tree (triangles), the analytic detector (wall segments) and the no_tunnelling check
// (a CG path against walls at any height). No allocation once reset.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numbers>
#include <span>
#include <vector>

#include "detectors/broadphase/footprint_overlap.hpp"
#include "detectors/geometry/geometry.hpp"

namespace crashbench {

class ClearBoxes {
 public:
  /// How far a box reaches beyond a detector's rectangle [m]: ahead of its front, behind its rear, and
  /// beyond each side.
  struct Margins {
    double ahead, behind, across;
  };
  // The boxes a detector tries around its rectangle, in turn (remember). 1.5 m ahead and behind lasts 15
  // steps at 20 m/s (0.1 m a step), while 0.5 m to the sides still fits between a lane and its barrier (the
  // tiled track's cars run 2.1 m from it); a heading change of 0.19 rad turns a sedan's corner by 0.5 m.
  // Cars drive forwards, so one that drove steadily through its last box (kSteadyQueries) is first offered
  // one reaching 5 m ahead and 0.5 m behind, which lasts 45 steps: each box made costs a query of its
  // cells. Only then: a larger box is dearer to test, and a car that jumps or weaves would leave it as
  // soon as the small one (detect_bench's drives, every 2 m).
  static constexpr Margins kSteadyMargins{5.0, 0.5, 0.5};
  static constexpr Margins kMargins{1.5, 1.5, 0.5};
  static constexpr int kSteadyQueries = 8;  ///< queries a box must spare before the next may be a steady one
  static constexpr double kMarginHeight = 0.25;  ///< the plane may rise or fall this much in the box [m]
  static constexpr int kRetrySteps = 8;          ///< queries a slot waits after its box met something
  /// Longest wait between proposals of a slot whose boxes spare nothing (a car jumping more than a box's
  /// margin a step, as detect_bench's drives do every 2 m): the wait doubles with each such box up to this,
  /// so that a proposal's scan, the dearest part of a query on a large scene, stops being paid for nothing.
  static constexpr int kMaxBackoff = 63;

  /// A box to try: the rectangle grown by the margins (and by 1 mm, `tested`, so that rounding in a
  /// detector's overlap test cannot hide geometry touching it), with its band of plane heights [m].
  struct Proposal {
    OrientedRectangle box, tested;
    double z_lo = 0, z_hi = 0;
  };

  /// When a slot offers boxes again. After offers that all met something a clear box's slot waits
  /// kRetrySteps queries, since a car soon leaves the wall it passes; a near box's offers fail where the
  /// scene is finely cut (near_boxes.hpp), a place a car sliding along a barrier stays in, so each wait
  /// there is twice the last, up to `most` (until a box spares a query).
  struct Waits {
    int most = kMaxBackoff;          ///< the longest wait
    bool doubling_retries = false;   ///< after failed offers: twice the last wait, not kRetrySteps
  };

  ClearBoxes() = default;
  explicit ClearBoxes(const Waits& waits) : waits_(waits) {}
  ClearBoxes(const ClearBoxes&) = delete;  // a copy would share the store without saying so: share() does
  ClearBoxes& operator=(const ClearBoxes&) = delete;
  ClearBoxes(ClearBoxes&&) = default;
  ClearBoxes& operator=(ClearBoxes&&) = default;

  /// Forgets every box; `slots` the largest span of poses the detector expects. A slot beyond them (a
  /// probe's, detectors/detector.hpp) holds no box and keeps none.
  void reset(int slots) { slots_->assign(static_cast<std::size_t>(std::max(slots, 0)), Slot{}); }
  /// Keeps its slots in `owner`'s store from now on: the detectors of a case's threads then share every
  /// vehicle's box, so that any of them can query any vehicle alike. Calls on different slots may run at
  /// once; reset() on either resets both.
  void share(const ClearBoxes& owner) { slots_ = owner.slots_; }

  bool holds(std::size_t slot) const { return slot < slots_->size() && (*slots_)[slot].box.half_x >= 0; }
  /// Whether the slot's box has spared a query: likely to spare the next too.
  bool has_spared(std::size_t slot) const { return holds(slot) && (*slots_)[slot].spared > 0; }

  /// Whether the points `points_W` (a rectangle's corners, a path's ends) with their plane at `z` [m] lie
  /// inside the slot's box (the query it spares is counted).
  bool covers(std::size_t slot, std::span<const Vec2> points_W, double z) {
    if (!contains(slot, points_W, z)) return false;
    ++(*slots_)[slot].spared;
    return true;
  }
  /// Counts a query spared, for a caller that found contains() true for it and changed the slot since in
  /// no way (covers() in two steps).
  void count_spared(std::size_t slot) { ++(*slots_)[slot].spared; }
  /// covers() without counting a spared query: to look ahead.
  bool contains(std::size_t slot, std::span<const Vec2> points_W, double z) const {
    if (!holds(slot)) return false;
    const Slot& s = (*slots_)[slot];
    if (!(z >= s.z_lo && z <= s.z_hi)) return false;
    for (const Vec2& point : points_W) {
      const Vec2 d = point - s.box.centre_W;
      if (!(std::abs(s.box.axis_W.dot(d)) <= s.box.half_x && std::abs(cross(s.box.axis_W, d)) <= s.box.half_y))
        return false;
    }
    return true;
  }

  /// covers() from the pose alone, before its rectangle is placed: true only if the rectangle of `pose`
  /// with its plane at `z` [m] surely lies inside the slot's box. Turned by d (|d| <= pi/2) from the
  /// box's heading, a corner (a, b) of the body frame lands at a cos d - b sin d along the box and
  /// a sin d + b cos d across it, from the CG: with |sin d| <= |d| and 0 <= cos d <= 1, within
  /// [-rear - half_width |d|, front + half_width |d|] along and half_width + max(front, rear) |d| across.
  /// No trigonometry; most cars on open road pass. False says only "not surely": ask covers().
  bool surely_covers(std::size_t slot, const VehiclePose& pose, double z) {
    if (!holds(slot)) return false;
    Slot& s = (*slots_)[slot];
    const double turn = std::abs(pose.heading - s.heading);
    if (!(z >= s.z_lo && z <= s.z_hi) || !(turn <= 0.5 * std::numbers::pi)) return false;  // NaN too
    const RectangleSize& size = pose.size;
    const double half_width = 0.5 * size.width, sway = half_width * turn;
    const Vec2 d = pose.position_W - s.box.centre_W;
    const double along = s.box.axis_W.dot(d), across = std::abs(cross(s.box.axis_W, d));
    const bool inside = along + size.cg_to_front + sway <= s.box.half_x && along - size.cg_to_rear - sway >= -s.box.half_x &&
                        across + half_width + std::max(size.cg_to_front, size.cg_to_rear) * turn <= s.box.half_y;
    s.spared += inside;
    return inside;
  }

  /// `box` with plane heights [z_lo, z_hi] as a box to try, tested 1 mm larger.
  static Proposal propose(const OrientedRectangle& box, double z_lo, double z_hi) {
    Proposal p{box, box, z_lo, z_hi};
    p.tested.half_x += 1e-3, p.tested.half_y += 1e-3;
    return p;
  }

  /// After a query of slot `slot` that found nothing: keeps the first of `proposals` (the likeliest to
  /// spare most first) that `meets(proposal)` says nothing in the scene meets (proposal.tested at any
  /// plane height in [z_lo, z_hi]; true when it cannot tell), `heading` [rad] being its axis's angle. If
  /// every one met something, the slot waits kRetrySteps queries; a box that spared no query before it was
  /// left makes the slot wait longer each time (kMaxBackoff). Non-finite proposals are not tried.
  template <class Meets>
  void remember(std::size_t slot, std::span<const Proposal> proposals, double heading, Meets&& meets) {
    if (leave(slot)) offer(slot, proposals, heading, meets);
  }

  /// remember() for a detector's rectangle at `cg_W` along `forward_W` (unit, at angle `heading` [rad])
  /// with extents `front`, `rear`, `half_width` and its plane at `z` [m]: the rectangle grown by
  /// kSteadyMargins for a slot whose last box spared kSteadyQueries or more, then by kMargins. Not tried for
  /// a plane at no finite height.
  template <class Meets>
  void remember(std::size_t slot, const Vec2& cg_W, const Vec2& forward_W, double heading, double front, double rear,
                double half_width, double z, Meets&& meets) {
    if (!leave(slot) || !std::isfinite(z)) return;
    const auto grown = [&](const Margins& m) {
      return propose({cg_W + 0.5 * (front + m.ahead - rear - m.behind) * forward_W, forward_W,
                      0.5 * (front + m.ahead + rear + m.behind), half_width + m.across},
                     z - kMarginHeight, z + kMarginHeight);
    };
    const bool steady = (*slots_)[slot].steady;  // as leave() just judged the box it left
    const std::array<Proposal, 2> boxes{grown(steady ? kSteadyMargins : kMargins), grown(kMargins)};
    offer(slot, std::span(boxes.data(), steady ? 2 : 1), heading, meets);
  }

 private:
  /// remember()'s first half: the slot's box, if any, is left (its waits updated by what it spared); whether
  /// the slot now takes offers (it is not waiting).
  bool leave(std::size_t slot) {
    if (slot >= slots_->size()) return false;
    Slot& s = (*slots_)[slot];
    if (s.box.half_x >= 0) {  // the box this query left
      s.backoff = s.spared > 0 ? 0 : std::min(2 * s.backoff + 1, waits_.most);
      s.steady = s.spared >= kSteadyQueries;
      s.retry_in = std::max(s.retry_in, s.backoff);
    }
    s.box.half_x = -1;  // none until proven clear
    if (s.retry_in == 0) return true;
    --s.retry_in;
    return false;
  }
  /// remember()'s second half: keeps the first of `proposals` that nothing meets, or makes the slot wait.
  template <class Meets>
  void offer(std::size_t slot, std::span<const Proposal> proposals, double heading, Meets&& meets) {
    Slot& s = (*slots_)[slot];
    for (const Proposal& p : proposals) {
      if (!finite(p)) return;
      if (meets(p)) continue;
      s.box = p.box, s.z_lo = p.z_lo, s.z_hi = p.z_hi, s.heading = heading, s.spared = 0;
      return;
    }
    if (proposals.empty()) return;
    if (waits_.doubling_retries) s.backoff = std::min(2 * s.backoff + 1, waits_.most);
    s.retry_in = waits_.doubling_retries ? std::max(kRetrySteps, s.backoff) : kRetrySteps;
  }

  struct Slot {
    OrientedRectangle box{Vec2::Zero(), Vec2::UnitX(), -1, -1};  // half_x < 0: no box
    double z_lo = 0, z_hi = 0;
    double heading = 0;  // of box.axis_W [rad]
    int retry_in = 0;
    int backoff = 0;          // queries to wait after a box that spared none
    std::int64_t spared = 0;  // queries the box has spared (a year of steps at 200 Hz is 2^33)
    bool steady = false;      // the last box left spared kSteadyQueries or more
  };
  static bool finite(const Proposal& p) {
    return p.box.centre_W.allFinite() && p.box.axis_W.allFinite() && std::isfinite(p.box.half_x) &&
           std::isfinite(p.box.half_y) && !std::isnan(p.z_lo) && !std::isnan(p.z_hi);
  }
  std::shared_ptr<std::vector<Slot>> slots_ = std::make_shared<std::vector<Slot>>();
  Waits waits_;
};

}  // namespace crashbench
