#pragma once
// Near boxes: a memory, per slot, of a box around the last rectangle there and the few scene triangles (at
// most kItems) that reach into it. A car beside a barrier, or sliding along one after hitting it, meets or
// nearly meets it at every step, so it never gets a clear box (clear_boxes.hpp) and each query scans the
// grid's cells again; inside its near box the query tests those few triangles instead (offered only to a
// car that moves slowly between queries, which stays in it for several). The list holds
// every triangle that can meet a rectangle inside the box with its plane in the box's band, and the
// interference of a rectangle (interference.hpp) depends neither on the order its triangles come in nor on
// triangles that do not meet it: the contacts are the scan's, bit for bit. Like a clear box, a near box
// states a fact about the scene, so it stays true whichever vehicle holds the slot. The no_tunnelling
// check keeps its walls so for a CG path (cases/checks/tunnelling_check.hpp). No allocation once reset.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "detectors/broadphase/clear_boxes.hpp"

namespace crashbench {

class NearBoxes {
 public:
  /// More triangles than this in a box and it is not kept: testing them all would cost what a scan does.
  /// With the count, one cache line. A barrier of 5 m panels, each a front and a back face of two
  /// triangles, lists 12 in a box reaching 1.5 m beyond a sedan (the l-rail): at 11, 47 % of its boxes
  /// failed, and the car scanned instead.
  static constexpr int kItems = 15;
  /// Farthest a car may have moved since its slot's last scanned query for a box to be offered [m]: a box
  /// reaches 1.5 m beyond the rectangle (ClearBoxes::kMargins), so a car moving less stays in it for a
  /// few queries, and one jumping farther (a benchmark's poses metres apart) would leave it before it paid.
  static constexpr double kMostMove = 0.5;
  /// A box's triangles, as the detector numbers them (TreeGrid::entries); no_tunnelling's walls, ascending.
  struct alignas(64) Items {
    std::uint32_t count = 0;
    std::array<std::uint32_t, kItems> entry{};
    /// Whether `e` is listed already.
    bool lists(std::uint32_t e) const {
      return std::find(entry.begin(), entry.begin() + count, e) != entry.begin() + count;
    }
    /// Adds `e` unless listed; false when the list is full.
    bool add(std::uint32_t e) {
      if (lists(e)) return true;
      if (count == kItems) return false;
      entry[count++] = e;
      return true;
    }
  };

  /// Forgets every box (ClearBoxes::reset).
  void reset(int slots) {
    boxes_.reset(slots);
    const auto n = static_cast<std::size_t>(std::max(slots, 0));
    slots_->items.assign(n, Items{});
    slots_->last_cg_W.assign(n, Vec2(std::numeric_limits<double>::quiet_NaN(), 0.0));
  }
  /// Keeps its slots in `owner`'s store from now on (ClearBoxes::share).
  void share(const NearBoxes& owner) {
    boxes_.share(owner.boxes_);
    slots_ = owner.slots_;
  }

  bool holds(std::size_t slot) const { return boxes_.holds(slot); }
  bool has_spared(std::size_t slot) const { return boxes_.has_spared(slot); }
  /// The slot's triangles, read only while holds(slot).
  const Items& items(std::size_t slot) const { return slots_->items[slot]; }
  /// The slot's triangles if its box holds the points `points_W` with their plane at `z` [m] (the query it
  /// spares is counted); else null.
  const Items* covering(std::size_t slot, std::span<const Vec2> points_W, double z) {
    return boxes_.covers(slot, points_W, z) ? &slots_->items[slot] : nullptr;
  }
  /// covering() without counting: for a probe, which changes nothing.
  const Items* holding(std::size_t slot, std::span<const Vec2> points_W, double z) const {
    return boxes_.contains(slot, points_W, z) ? &slots_->items[slot] : nullptr;
  }

  /// After a scanned query of slot `slot` that made no clear box: if the car moved at most kMostMove since
  /// the slot's last one, ClearBoxes::remember's boxes around the rectangle, the first whose triangles
  /// `list(proposal, items)` lists in full kept (`list` clears `items` first and returns false when they are
  /// more than kItems, or when it cannot tell).
  template <class List>
  void remember(std::size_t slot, const Vec2& cg_W, const Vec2& forward_W, double heading, double front, double rear,
                double half_width, double z, List&& list) {
    if (!moved_slowly(slot, cg_W)) return;
    Items& kept = slots_->items[slot];
    boxes_.remember(slot, cg_W, forward_W, heading, front, rear, half_width, z,
                    [&](const ClearBoxes::Proposal& p) { return !list(p, kept); });
  }
  /// remember() with boxes of the caller's own (ClearBoxes::remember's `proposals`, their axis at
  /// `heading`), for what moves to `cg_W` (a CG path's end): the no_tunnelling check lists its walls so.
  template <class List>
  void remember(std::size_t slot, const Vec2& cg_W, std::span<const ClearBoxes::Proposal> proposals, double heading,
                List&& list) {
    if (!moved_slowly(slot, cg_W)) return;
    Items& kept = slots_->items[slot];
    boxes_.remember(slot, proposals, heading, [&](const ClearBoxes::Proposal& p) { return !list(p, kept); });
  }

 private:
  static_assert(sizeof(Items) == 64, "a slot's list is one cache line");
  // The boxes, their waits and back-offs; "meets" there: more than the list can hold.
  ClearBoxes boxes_{ClearBoxes::Waits{.most = 255, .doubling_retries = true}};
  /// Whether the slot's CG, now at `cg_W`, moved at most kMostMove since its last remember() (which it
  /// notes); false for a slot beyond reset()'s.
  bool moved_slowly(std::size_t slot, const Vec2& cg_W) {
    if (slot >= slots_->items.size()) return false;
    Vec2& last_cg_W = slots_->last_cg_W[slot];
    const bool slow = (cg_W - last_cg_W).squaredNorm() <= kMostMove * kMostMove;  // false for NaN
    last_cg_W = cg_W;
    return slow;
  }
  /// Per slot: its box's triangles, and where its last scanned query had its CG (read only by remember(),
  /// so kept off the line query_near() reads).
  struct Slots {
    std::vector<Items> items;
    std::vector<Vec2> last_cg_W;
  };
  std::shared_ptr<Slots> slots_ = std::make_shared<Slots>();
};

}  // namespace crashbench
