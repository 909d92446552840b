#pragma once
// Detector agreement, as the suites check it: each pose's contacts with a detector, compared step by step
// with a reference's (brute force): same contact steps, points, normals and depths within tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "detectors/detector.hpp"

namespace crashbench::testing {

inline constexpr double kPointTolerance = 1e-6;   // [m]: all detectors slice the same float vertices
inline constexpr double kNormalTolerance = 1e-6;  // [-]

/// Contacts per pose from `detector`, prepared for one vehicle, one pose at a time.
inline std::vector<std::vector<Contact>> contacts(Detector& detector, const std::vector<VehiclePose>& poses) {
  std::vector<std::vector<Contact>> out(poses.size());
  DetectorStats stats;
  for (std::size_t i = 0; i < poses.size(); ++i) detector.detect(std::span(&poses[i], 1), out[i], stats);
  return out;
}

/// The same from the registered detector `detector` with its defaults, prepared for `scene`.
inline std::vector<std::vector<Contact>> contacts(const std::string& detector, const Scene& scene,
                                           const std::vector<VehiclePose>& poses) {
  auto d = make_detector(detector);
  d->prepare(scene, 1);
  return contacts(*d, poses);
}

/// Whether two contact lists are the same, field by field and bit for bit.
inline bool same_contacts(const std::vector<Contact>& a, const std::vector<Contact>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].point_W != b[k].point_W || a[k].normal_W != b[k].normal_W || a[k].depth != b[k].depth ||
        a[k].feature != b[k].feature || a[k].vehicle != b[k].vehicle || a[k].other != b[k].other ||
        a[k].toi != b[k].toi)
      return false;
  return true;
}

/// Same contact steps and, step by step, the same contacts; returns how many steps had contacts.
inline int expect_agreement(const std::vector<std::vector<Contact>>& got, const std::vector<std::vector<Contact>>& want,
                     const std::string& what) {
  int steps = 0, failures = 0;
  for (std::size_t i = 0; i < want.size() && failures < 5; ++i) {
    steps += !want[i].empty();
    if (got[i].size() != want[i].size()) {
      ADD_FAILURE() << what << " step " << i << ": " << got[i].size() << " contacts, expected " << want[i].size();
      ++failures;
      continue;
    }
    for (std::size_t k = 0; k < want[i].size(); ++k) {
      const Contact &g = got[i][k], &w = want[i][k];
      const bool ok = (g.point_W - w.point_W).norm() <= kPointTolerance &&
                      (g.normal_W - w.normal_W).norm() <= kNormalTolerance &&
                      std::abs(g.depth - w.depth) <= kPointTolerance;
      if (!ok) {
        ADD_FAILURE() << what << " step " << i << " contact " << k << ": (" << g.point_W.transpose() << ") n ("
                      << g.normal_W.transpose() << ") d " << g.depth << " vs (" << w.point_W.transpose()
                      << ") n (" << w.normal_W.transpose() << ") d " << w.depth;
        ++failures;
      }
    }
  }
  return steps;
}

}  // namespace crashbench::testing
