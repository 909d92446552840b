#include "cases/runner/impact_pass.hpp"

#include <algorithm>
#include <cstring>

#include "cases/runner/time_of_impact.hpp"
#include "core/json_reader.hpp"

namespace crashbench {

ImpactPass::ImpactPass(const StepParts& parts, StepThreads& threads)
    : run_(parts),
      threads_(threads),
      model_(make_response_model(JsonReader(parts.c.response, parts.c.source_file, "/response"))),
      touched_(parts.fleet.size()),
      loads_(parts.fleet.size()),
      one_start_(1),
      one_end_(1),
      one_pose_(1),
      toi_bodies_(static_cast<std::size_t>(threads.size()), TimedBodies(parts.fleet.size())),
      groups_(parts.fleet.size(), 16 * parts.fleet.size()) {
  model_->prepare(parts.fleet.params, parts.c.dt);
  remainder_.reserve(64);
  chosen_.reserve(16 * parts.fleet.size());  // as many as Detection reserves contacts for
  outcomes_.reserve(16 * parts.fleet.size());  // the same; pages never written are never resident
}

StateVector ImpactPass::state_at_toi(std::size_t v, double f) const {
  return state_at(run_.fleet.x_before[v], run_.fleet.x[v], f, run_.c.application != Application::kImpulseReset);
}

const Body& ImpactPass::body_at_toi(std::size_t v, double f, int thread) {
  TimedBodies& cache = toi_bodies_[static_cast<std::size_t>(thread)];
  // Bits, not values: a NaN fraction never matches, and each fraction is computed as before.
  if (cache.pass[v] != toi_pass_ || std::memcmp(&cache.fraction[v], &f, sizeof f) != 0) {
    cache.body[v] = run_.fleet.body(v, state_at_toi(v, f));
    cache.fraction[v] = f;
    cache.pass[v] = toi_pass_;
  }
  return cache.body[v];
}

void ImpactPass::resolve(StepContacts& step_contacts, int step) {
  touched_.begin_step();
  choose_impact_times(step_contacts);
  const std::vector<Contact>& contacts = step_contacts.contacts;
  join_vehicles(contacts);
  // Each closing contact may become an event: their pages are faulted in first, split over the threads,
  // so that the serial pass below writes them without a fault.
  if (!contacts.empty()) {
    const std::size_t first = run_.events.size();
    run_.events.reserve_upto(first + contacts.size());
    threads_.for_ranges(contacts.size(), [&](int, std::size_t begin, std::size_t end) {
      run_.events.populate(first + begin, first + end);
    });
  }
  // Contacts are resolved one after another, each seeing the impulses before it (one Gauss-Seidel pass),
  // with each vehicle as it was at its earliest closing contact of the step: the time its impulses act.
  // Groups of contacts that share no vehicle see none of each other's impulses, so they go on the threads
  // at once (the model's resolve is a pure function), and only the records are written in contact order.
  outcomes_.resize(contacts.size());
  const auto resolve_at = [&](std::size_t i) {
    const Contact& c = contacts[i];
    Outcome& o = outcomes_[i];
    o.acts_at = step_contacts.first_touch.empty() ? c.toi : step_contacts.first_touch[i];
    for (const int v : {c.vehicle, c.other})
      if (v != kStaticScene && touched_[static_cast<std::size_t>(v)].first_toi <= 1)
        o.acts_at = std::min(o.acts_at, touched_[static_cast<std::size_t>(v)].first_toi);
    Body* b = c.other == kStaticScene ? nullptr : &touched_[static_cast<std::size_t>(c.other)].body;
    if (!resolve_contact(c, touched_[static_cast<std::size_t>(c.vehicle)].body, b, o)) return;
    for (const int v : {c.vehicle, c.other}) {
      if (v == kStaticScene) continue;
      TouchedSet::Touch& t = touched_[static_cast<std::size_t>(v)];
      if (t.first_toi <= 1) t.impact_toi = t.first_toi;
    }
  };
  // A group costs about 0.2 us in traffic, waking the threads about 1.1 us (BM_ForkJoin): fewer groups
  // than kGroupsWorthSplitting are resolved in contact order here, and so is everything on one thread.
  constexpr std::size_t kGroupsWorthSplitting = 16, kGroupsAChunk = 8;
  bool split = threads_.size() > 1 && contacts.size() >= kGroupsWorthSplitting;
  if (split) {
    groups_.group(contacts);
    split = groups_.size() >= kGroupsWorthSplitting;
  }
  if (!split) {
    for (std::size_t i = 0; i < contacts.size(); ++i) resolve_at(i);
  } else {
    for_chunks(&threads_, groups_.size(), kGroupsAChunk, [&](int, std::size_t begin, std::size_t end) {
      for (std::size_t g = begin; g < end; ++g)
        for (const int i : groups_[g]) resolve_at(static_cast<std::size_t>(i));
    });
  }
  for (std::size_t i = 0; i < contacts.size(); ++i) record(contacts[i], outcomes_[i], step);
}

void ImpactPass::join_vehicles(const std::vector<Contact>& contacts) {
  // Only the vehicles of a contact have a body to push and impulses to sum: a step of 10,000 cars has a
  // few hundred, and the others keep their states untouched (apply skips them).
  for (const Contact& c : contacts)
    for (const int v : {c.vehicle, c.other})
      if (v != kStaticScene) touched_.join(v);
  const std::span<const int> members = touched_.members();
  const auto place = [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; ++k) {
      const auto v = static_cast<std::size_t>(members[k]);
      TouchedSet::Touch& t = touched_[v];
      t.body = run_.fleet.body(v, t.first_toi < 1 ? state_at_toi(v, t.first_toi) : run_.fleet.x[v]);
    }
  };
  constexpr std::size_t kMembersAChunk = 64;
  members.size() < kWorthSplitting ? place(0, 0, members.size())
                                   : for_chunks(&threads_, members.size(), kMembersAChunk, place);
}

ImpactPass::Chosen ImpactPass::choose(const Contact& c, int thread) {
  // A spring that acted over this step goes on from the step's end, opening (its rebound) or not: its
  // depth, not a time of impact, says when it is over.
  if (run_.continuing.holds(c)) return Chosen::kContinuing;
  const Body a = body_at_toi(static_cast<std::size_t>(c.vehicle), c.toi, thread);
  const bool pair = c.other != kStaticScene;
  const Body b = pair ? body_at_toi(static_cast<std::size_t>(c.other), c.toi, thread) : Body{};
  // Only closing contacts are impacts; one already opening (a car scraping along a wall, or just pushed
  // off it) must not hold back a later one that closes.
  return approaching(a, pair ? &b : nullptr, c) ? Chosen::kClosing : Chosen::kOpening;
}

void ImpactPass::choose_impact_times(StepContacts& step_contacts) {
  std::vector<Contact>& contacts = step_contacts.contacts;
  std::vector<double>& first_touch = step_contacts.first_touch;
  ++toi_pass_;
  // Each contact is judged alone (a traffic step's hundreds are split over the threads, a few are not worth
  // waking them for); then kept in order.
  chosen_.resize(contacts.size());
  const auto judge = [&](int thread, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) chosen_[i] = choose(contacts[i], thread);
  };
  contacts.size() < kWorthSplitting ? judge(0, 0, contacts.size()) : threads_.for_ranges(contacts.size(), judge);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    if (chosen_[i] == Chosen::kOpening) continue;
    Contact c = contacts[i];
    const bool continuing = chosen_[i] == Chosen::kContinuing;
    if (continuing) c.toi = 1;
    if (!first_touch.empty()) first_touch[kept] = continuing ? 1 : first_touch[i];
    contacts[kept++] = c;
    if (continuing) continue;
    for (const int v : {c.vehicle, c.other})
      if (v != kStaticScene) {
        double& first = touched_[static_cast<std::size_t>(v)].first_toi;
        first = std::min(first, c.toi);
      }
  }
  contacts.resize(kept);
  if (!first_touch.empty()) first_touch.resize(kept);
}

bool ImpactPass::resolve_contact(const Contact& c, Body& a, Body* b, Outcome& o) {
  o.r = model_->resolve(a, b, c);
  if (o.r.status == ResolutionStatus::kSeparating) return false;
  o.pre_a = a;
  if (b) o.pre_b = *b;
  if (o.r.answer == Answer::kForce) return false;  // a spring over the next step: no impulse now
  // Each body takes its impulse (J on a, -J on b) and its vehicle sums it (negation is exact: the same
  // bits as subtracting J).
  const auto push = [&](Body& body, int vehicle, const Vec2& J) {
    body.apply_impulse(J, c.point_W);
    TouchedSet::Touch& t = touched_[static_cast<std::size_t>(vehicle)];
    t.impulse += J;
    t.angular_impulse += cross(c.point_W - body.state.position_W, J);
  };
  push(a, c.vehicle, o.r.impulse.linear_W);
  if (b) push(*b, c.other, -o.r.impulse.linear_W);
  return true;
}

bool ImpactPass::record(const Contact& c, const Outcome& o, int step) {
  if (o.r.status == ResolutionStatus::kSeparating) return false;
  run_.control.cut_after(c, run_.fleet);
  const bool pair = c.other != kStaticScene;
  if (o.r.answer == Answer::kForce) {  // a continuing contact: a spring over the next step, no event yet
    run_.continuing.add(c, o.r, o.pre_a, pair ? &o.pre_b : nullptr, step, (step + o.acts_at) * run_.c.dt);
    return false;
  }
  // After the impulse: the same operation on the same bits as resolve_contact's, so the same bodies.
  const auto after = [&c](Body body, const Vec2& J) {
    body.apply_impulse(J, c.point_W);
    return body;
  };
  ImpactEvent& e = run_.events.emplace_back();
  e.step = step + 1;
  e.time = (step + o.acts_at) * run_.c.dt;
  e.contact = c;
  e.resolution = o.r;
  run_.events.add_end(e, o.r.end);
  e.mu_limit = o.r.mu_limit;
  const Vec2 J = o.r.impulse.linear_W;
  e.pre_a = o.pre_a;
  e.post_a = after(o.pre_a, J);
  if (pair) {
    OtherBody& other = run_.events.add_other(e);
    other.pre = o.pre_b;
    other.post = after(o.pre_b, -J);
  }
  return true;
}

bool ImpactPass::resolve_one(const Contact& c, Body& a, Body* b, int step, double acts_at) {
  Outcome& o = one_outcome_;
  o.acts_at = acts_at;
  resolve_contact(c, a, b, o);
  return record(c, o, step);
}

void ImpactPass::apply(int step, Detection& detection) {
  const bool force_mode = run_.c.application != Application::kImpulseReset;
  if (force_mode) loads_.replace(touched_.members(), run_.fleet);
  for (const int vehicle : touched_.members()) {
    const auto v = static_cast<std::size_t>(vehicle);
    if (run_.control.replayed(v)) continue;  // the log's motion stands; its events keep the model's answer
    const TouchedSet::Touch& t = touched_[v];
    if (force_mode) {
      run_.fleet.input[v].collision_force_W = t.impulse / run_.c.dt;
      run_.fleet.input[v].collision_moment = t.angular_impulse / run_.c.dt;
      continue;
    }
    // No impulse at a time of impact: the step's end stands (the body may hold a state moved back).
    if (t.impact_toi >= 1 && t.first_toi < 1) continue;
    if (t.impact_toi >= 1 || run_.control.kinematic(v)) {
      run_.fleet.x[v].segment<3>(3) = velocities(t.body);
      continue;
    }
    finish_after_impact(v, step, detection);
  }
}

}  // namespace crashbench
