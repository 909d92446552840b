#include "cases/runner/run_record.hpp"

#include <algorithm>

#include "cases/checks/physics_hash.hpp"

namespace crashbench {

RunRecord::RunRecord(const Case& c, const Scene& scene, int total_steps) {
  Clock::now();  // the clock's one-time set-up (it reads /proc and allocates) here, not in the first step
  const std::size_t n = c.vehicles.size();
  result_.name = c.name;
  result_.source_file = c.source_file;
  result_.config = c;
  result_.scene_walls = scene.walls;
  result_.scene_triangles = static_cast<long long>(scene.triangles.size());
  result_.scene_published.assign(scene.published.begin(), scene.published.end());
  // An event per vehicle per step is the most a shipped case needs (a car scraping a wall): no allocation
  // while stepping. Beyond the cap a long run adds segments, rarely (untouched storage costs nothing).
  constexpr std::size_t kMaxReservedEvents = 16384;
  events_.reserve(std::min(static_cast<std::size_t>(total_steps) * n + 16, kMaxReservedEvents));
  const std::size_t samples = static_cast<std::size_t>(total_steps / c.record_every + 2);
  result_.sample_times.reserve(samples);
  for (auto& t : result_.timings) t.ns.reserve(static_cast<std::size_t>(total_steps + 1));
  for (const VehicleSetup& setup : c.vehicles) {
    VehicleTrack& track = result_.tracks.emplace_back(VehicleTrack{setup.name, {}, {}, {}});
    track.states.reserve(samples);
    track.roll.reserve(samples);
    track.roll_rate.reserve(samples);
  }
}

void RunRecord::sample(const Fleet& fleet, double t) {
  result_.sample_times.push_back(t);
  for (std::size_t v = 0; v < fleet.size(); ++v) {
    VehicleTrack& track = result_.tracks[v];
    // An absent vehicle (SUMO's, parked) keeps its last sample, or before it enters its first pose in the
    // FCD: its track does not leap to the parking.
    if (!fleet.present[v]) {
      track.states.push_back(track.states.empty() ? result_.config.vehicles[v].initial : track.states.back());
      track.roll.push_back(0.0);
      track.roll_rate.push_back(0.0);
      continue;
    }
    track.states.push_back(to_planar_state(fleet.x[v]));
    track.roll.push_back(fleet.x[v][6]);
    track.roll_rate.push_back(fleet.x[v][7]);
  }
}

void RunRecord::timed(Phase phase, Clock::time_point& since) {
  const auto now = Clock::now();
  result_.timings[static_cast<std::size_t>(phase)].ns.push_back(
      static_cast<float>(std::chrono::duration<double, std::nano>(now - since).count()));
  since = now;
}

RunResult RunRecord::finish(ContactEvents& contact_events, std::span<const StateVector> x) {
  // Continuing contacts' events have their verdicts already: they join here, in step order, so the
  // impulse events' per-step checks never see them.
  result_.events.reserve(events_.size() + contact_events.events.size());
  events_.move_to(result_.events, result_.other_bodies, result_.model_ends);
  const auto impulse_end = static_cast<std::ptrdiff_t>(result_.events.size());
  const int others_before = static_cast<int>(result_.other_bodies.size());
  const int tolerances_before = static_cast<int>(result_.contact_tolerances.size());
  const int ends_before = static_cast<int>(result_.model_ends.size());
  const auto append = [](auto& to, const auto& from) { to.insert(to.end(), from.begin(), from.end()); };
  append(result_.other_bodies, contact_events.other_bodies);
  append(result_.contact_tolerances, contact_events.tolerances);
  append(result_.model_ends, contact_events.ends);
  for (ImpactEvent e : contact_events.events) {
    if (e.other_body >= 0) e.other_body += others_before;
    if (e.widened_tolerances >= 0) e.widened_tolerances += tolerances_before;
    if (e.model_end >= 0) e.model_end += ends_before;
    result_.events.push_back(e);
  }
  // The impulse events come in step order; the contact events in the order their contacts closed (a long
  // one after a short one that began later). Sorting the few contact events and merging orders them as a
  // stable sort of all would (impulse events first within a step), without its log n passes over
  // millions of 736-byte events at 100,000 cars.
  const auto by_step = [](const ImpactEvent& a, const ImpactEvent& b) { return a.step < b.step; };
  const auto middle = result_.events.begin() + impulse_end;
  std::stable_sort(middle, result_.events.end(), by_step);
  std::inplace_merge(result_.events.begin(), middle, result_.events.end(), by_step);
  summarise(result_);
  result_.physics_hash = physics_hash(result_, x);
  return std::move(result_);
}

}  // namespace crashbench
