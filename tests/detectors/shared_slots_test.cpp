// Detectors that share their slots (Detector::share_slots): the runner's threads then take the grown and
// end queries in chunks, so a vehicle's queries land on one thread's detector in one step and another's
// in the next. Every registered detector that shares, on cars driving along a wall (some scraping it,
// most clear of it and spared by their boxes), queried by two detectors that swap chunks each step, must
// give the contacts of one detector and count its work. Two detectors that do not share count other
// work (the tree's, at least): the test can tell.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench {
namespace shared_slots {
namespace {

constexpr int kCars = 40;
constexpr int kSteps = 30;
constexpr std::size_t kChunk = 7;  // uneven against kCars: chunks straddle the cars' kinds

VehiclePose car(int i, int step) {
  VehiclePose p;
  // Every fourth car scrapes the wall (y = 0); the rest run 1.5-2.4 m from it, within reach of its grid
  // cells and far enough for a clear box (0.5 m of margin to the side). 0.1 m along X a step.
  const double off = i % 4 == 0 ? 0.8 : 1.5 + 0.1 * (i % 10);
  p.position_W = {10.0 * i + 0.1 * step, off};
  p.heading = 0.01 * (i % 3);
  p.cg_height = 0.55;
  p.ground_z = 0;
  p.size = {2.0, 2.5, 1.8};
  return p;
}

Scene wall_scene() {
  MeshBuilder mesh("long-wall", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  std::vector<WallSegment> walls;
  constexpr int kPieces = 80;  // as a scene's barrier comes: in pieces of 5.5 m
  const double x_min = -20, x_max = 10.0 * kCars + 20;
  for (int k = 0; k < kPieces; ++k) {
    const double x0 = x_min + (x_max - x_min) * k / kPieces, x1 = x_min + (x_max - x_min) * (k + 1) / kPieces;
    mesh.quad({x0, 0, 0}, {x1, 0, 0}, {x1, 0, 1.5}, {x0, 0, 1.5});
    walls.push_back({{x0, 0}, {x1, 0}});
  }
  return make_scene("long-wall", mesh.finish(), walls);
}

struct Queried {
  std::vector<Contact> contacts;  // every step's, in order
  long long work = 0;             // nodes visited and primitives tested
};

/// kSteps steps of every car: one detector with every vehicle (`split` empty), or chunks of kChunk
/// given in turn to the detectors of `split`, the first chunk to a different one each step. Even steps
/// query detect_slots(); odd ones detect_grown_and_end() of the pose grown by nothing and itself.
Queried query_all(Detector& one, std::vector<std::unique_ptr<Detector>>& split) {
  Queried q;
  DetectorStats stats;
  std::vector<VehiclePose> poses(kCars);
  std::vector<char> skippable(kCars, 1), clear(kCars, 0);
  std::vector<Contact> chunk_out, grown_out;
  for (int step = 0; step < kSteps; ++step) {
    for (int i = 0; i < kCars; ++i) poses[static_cast<std::size_t>(i)] = car(i, step);
    for (std::size_t begin = 0, k = 0; begin < poses.size(); begin += kChunk, ++k) {
      const std::size_t n = std::min(kChunk, poses.size() - begin);
      Detector& d = split.empty() ? one : *split[(k + static_cast<std::size_t>(step)) % split.size()];
      const std::span<const VehiclePose> chunk = std::span<const VehiclePose>(poses).subspan(begin, n);
      chunk_out.clear();
      if (step % 2 == 0) {
        d.detect_slots(begin, chunk, chunk_out, stats);
      } else {
        grown_out.clear();
        d.detect_grown_and_end({chunk, chunk, std::span<const char>(skippable).subspan(begin, n), &grown_out,
                                &chunk_out, std::span<char>(clear).subspan(begin, n), begin},
                               stats);
        chunk_out.insert(chunk_out.end(), grown_out.begin(), grown_out.end());
      }
      for (Contact c : chunk_out) {
        c.vehicle += static_cast<int>(begin);
        q.contacts.push_back(c);
      }
    }
  }
  q.work = stats.nodes_visited + stats.primitives_tested;
  return q;
}

bool same_bits(const Contact& a, const Contact& b) {
  const std::array<double, 6> x{a.toi, a.depth, a.point_W.x(), a.point_W.y(), a.normal_W.x(), a.normal_W.y()};
  const std::array<double, 6> y{b.toi, b.depth, b.point_W.x(), b.point_W.y(), b.normal_W.x(), b.normal_W.y()};
  return a.vehicle == b.vehicle && a.other == b.other && a.feature == b.feature &&
         std::memcmp(x.data(), y.data(), sizeof x) == 0;
}

TEST(SharedSlots, TwoDetectorsSwappingChunksFindTheContactsAndCountTheWorkOfOne) {
  const Scene scene = wall_scene();
  const auto fresh = [&](const std::string& name) {
    std::unique_ptr<Detector> d = make_detector(name);
    d->prepare(scene, kCars);
    return d;
  };
  int sharing = 0, telling = 0;
  for (const auto& entry : detectors()) {
    const std::string name(entry.name);
    auto alone = fresh(name);
    std::vector<std::unique_ptr<Detector>> none;
    const Queried serial = query_all(*alone, none);
    ASSERT_FALSE(serial.contacts.empty()) << name << ": no car met the wall";
    std::vector<std::unique_ptr<Detector>> pair;
    pair.push_back(fresh(name));
    pair.push_back(fresh(name));
    if (!pair[1]->share_slots(*pair[0])) continue;  // each thread's detector keeps its own vehicles
    ++sharing;
    const Queried shared = query_all(*alone, pair);
    ASSERT_EQ(shared.contacts.size(), serial.contacts.size()) << name;
    for (std::size_t i = 0; i < serial.contacts.size(); ++i)
      EXPECT_TRUE(same_bits(shared.contacts[i], serial.contacts[i])) << name << ": contact " << i;
    EXPECT_EQ(shared.work, serial.work) << name;
    // The same swaps between detectors that keep their own slots count other work where a box spares
    // counted work (the tree's cells; the analytic detector's spared grid lookups count nothing).
    std::vector<std::unique_ptr<Detector>> apart;
    apart.push_back(fresh(name));
    apart.push_back(fresh(name));
    telling += query_all(*alone, apart).work != serial.work;
  }
  EXPECT_GT(sharing, 0) << "no registered detector shares its slots: the test shows nothing";
  EXPECT_GT(telling, 0) << "for no detector did keeping the slots apart change the work: the test shows nothing";
}

}  // namespace
}  // namespace shared_slots
}  // namespace crashbench
