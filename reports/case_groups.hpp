#pragma once
// Groups cases by what they are (the listed case and its matrix variation, as results.json gives them)
// and a run's events into impacts, for the report and `compare`.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/math.hpp"

namespace crashbench {

/// A case's identity as data: its listed case's name and its matrix variation (results.json "listed_name",
/// "variation": dotted path -> value), leaving out the varied path `without` when given, so that cases
/// with equal keys differ only in that path (e.g. "response.model").
std::string variation_key(const std::string& listed_name, const nlohmann::json& variation,
                          const std::string& without = "");

/// "path=value,..." of a variation (strings unquoted, paths in order), for legends; "" when empty.
std::string variation_text(const nlohmann::json& variation);

/// A planar state as written in results.json.
struct StateRecord {
  Vec2 position_W = Vec2::Zero();  ///< [m]
  double heading_deg = 0;          ///< [deg]
  Vec2 velocity_W = Vec2::Zero();  ///< [m/s]
  double yaw_rate_deg_s = 0;       ///< [deg/s]
};
StateRecord state_record(const nlohmann::json& state);

/// A model's end-of-impact state as written in results.json ("model_end"), body frame at impact.
struct EndStateRecord {
  Vec2 velocity_B = Vec2::Zero();  ///< [m/s]
  double yaw_rate_deg_s = 0;       ///< [deg/s]
  double roll_rate_deg_s = 0;      ///< [deg/s]
};

/// The events of one impact of one case: first pre-impact state, last post-impact state, summed impulse.
struct ImpactRecord {
  int impact = 0;
  double time = 0;               ///< first event [s]
  int events = 0;
  StateRecord pre, post;         ///< vehicle `vehicle` before the first and after the last event
  int vehicle = 0;
  int other = -1;                ///< other vehicle, -1 for the scene
  StateRecord other_pre, other_post;  ///< the other vehicle's states, when `other` >= 0
  Vec2 impulse_W = Vec2::Zero(); ///< summed over the impact's events [N s]
  double energy_kept = 0;        ///< energy after the last event / before the first [-]
  std::string status;            ///< resolution statuses, distinct, joined by '+'
  std::optional<EndStateRecord> end, other_end;  ///< the first event's model_end, when the model gave one
};

/// The struck vehicle's velocity at the end of the impact in its body frame at impact: the model's own
/// end state when it integrates over an impact duration (four-dof), otherwise its post-impact state.
Vec2 end_velocity_B(const ImpactRecord& r);

/// |delta-V| of the struck vehicle's CG over the impact, to that end state [m/s] (Zhou et al. 2008, Fig. 8).
double delta_v_to_end(const ImpactRecord& r);

/// Impacts of a case's raw "events" array, in impact order.
std::vector<ImpactRecord> impacts_of(const nlohmann::json& events);

}  // namespace crashbench
