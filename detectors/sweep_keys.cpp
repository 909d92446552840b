#include "detectors/sweep_keys.hpp"

namespace crashbench::sweep_keys {

bool matches(const Key& key, const Contact& c) {
  if (c.vehicle != key.vehicle || c.other != key.other) return false;
  return c.other != kStaticScene || c.normal_W.dot(key.normal_W) > kSameFaceCosine;
}

const Key& scene_key(const SweepScratch& s, int e) {
  return s.keys[static_cast<std::size_t>(s.scene_keys[static_cast<std::size_t>(e)])];
}

void add_key(const Contact& c, int pair, double lo, double hi, SweepScratch& s) {
  const int k = static_cast<int>(s.keys.size());
  if (c.other != kStaticScene) {
    s.key_of_pair[static_cast<std::size_t>(pair)] = k;
  } else {
    s.key_index.add(c.vehicle);
    s.scene_keys.push_back(k);
  }
  s.keys.push_back({c.vehicle, c.other, c.normal_W, lo, hi, pair});
}

void file_keys(const std::vector<Contact>& found, const std::vector<int>& pairs, double lo, double hi, SweepScratch& s) {
  for (std::size_t j = 0; j < found.size(); ++j) {
    const Contact& c = found[j];
    // A pair has one key, found by its index (a crowd of cars touching at once files half a million).
    const bool pair = c.other != kStaticScene;
    bool known = pair && s.key_of_pair[static_cast<std::size_t>(pairs[j])] != -1;
    for (int i = s.key_index.first(c.vehicle); !pair && i != ByVehicle::kNone && !known; i = s.key_index.next(i))
      known = matches(scene_key(s, i), c);
    if (known) continue;
    add_key(c, pairs[j], lo, hi, s);
  }
}

bool far_side(const Key& key, const SweepScratch& s) {
  if (key.other != kStaticScene) return false;
  for (int i = s.key_index.first(key.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i)) {
    const Key& k = scene_key(s, i);
    if (k.other == kStaticScene && k.hi < key.hi && k.normal_W.dot(key.normal_W) < -0.5) return true;
  }
  return false;
}

bool superseded(const Key& key, const SweepScratch& s) {
  if (key.other != kStaticScene) return false;  // a pair has one key
  for (int i = s.key_index.first(key.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i)) {
    const Key& k = scene_key(s, i);
    if (k.hi < key.hi && k.other == kStaticScene && k.normal_W.dot(key.normal_W) > kSameFaceCosine) return true;
  }
  return false;
}

}  // namespace crashbench::sweep_keys

namespace crashbench {

bool same_sweep_key(const Contact& a, const Contact& b) { return sweep_keys::matches({a.vehicle, a.other, a.normal_W}, b); }

}  // namespace crashbench
