// Every registered detector that promises it (Detector::allocation_free) allocates nothing per step along
// every driven scene once the caller's contact vector has room. A scenario test: brute force over the
// driven scenes takes minutes under the sanitizers.
#include <gtest/gtest.h>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

class AllocationFreeDrive : public ::testing::TestWithParam<std::string> {};

TEST_P(AllocationFreeDrive, AllocateNothingAlongEveryDrivenScene) {
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    // Every 7th pose of the drive: it still touches and leaves every wall, in a seventh of the time.
    std::vector<VehiclePose> poses;
    const auto drive = entry->drive();
    for (std::size_t i = 0; i < drive.size(); i += 7) poses.push_back(drive[i]);
    auto d = make_detector(GetParam());
    d->prepare(scene, 1);
    std::vector<Contact> out;
    out.reserve(64);
    DetectorStats stats;
    for (const VehiclePose& pose : poses) d->detect(std::span(&pose, 1), out, stats), out.clear();  // warm-up
    std::size_t contacts = 0;
    const testing::AllocationScope scope;
    for (const VehiclePose& pose : poses) {
      out.clear();
      d->detect(std::span(&pose, 1), out, stats);
      contacts += out.size();
    }
    EXPECT_EQ(scope.allocations(), 0) << entry->name;
    EXPECT_GT(contacts, 0u) << entry->name << ": the drive must touch the walls";
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, AllocationFreeDrive, ::testing::ValuesIn(testing::allocation_free_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace crashbench
