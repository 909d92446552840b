#include "reports/results/sumo_json.hpp"

namespace crashbench {

nlohmann::json sumo_json(const SumoComparison& s) {
  using nlohmann::json;
  json episodes = json::array();
  for (const SumoEpisode& e : s.episodes) {
    json& j = episodes.emplace_back(json{{"collider", e.collider}, {"victim", e.victim}, {"type", e.type},
                                         {"lane", e.lane}, {"time", e.time}, {"last_time", e.last_time},
                                         {"line", e.line}, {"collider_speed", e.collider_speed},
                                         {"victim_speed", e.victim_speed}, {"matched", e.matched}});
    if (e.matched)
      j.update({{"contact_time", e.contact_time}, {"impulse", e.impulse}, {"collider_dv", e.collider_dv},
                {"victim_dv", e.victim_dv}});
    else
      j["why"] = e.why;
  }
  json extra = json::array();
  for (const SumoExtraContact& x : s.extra)
    extra.push_back({{"kind", to_string(x.kind)}, {"vehicle", x.vehicle}, {"other", x.other}, {"time", x.time}, {"why", x.why}});
  json without_road = {{"steps_on_paths", s.on_path_steps}, {"steps", s.on_path_without_road}};
  if (!s.first_without_road.empty())
    without_road["first"] = {{"vehicle", s.first_without_road}, {"time", s.first_without_road_time},
                             {"at", s.first_without_road_at}};
  return {{"vehicles", s.vehicles},
          {"most_present", s.most_present},
          {"released", s.released},
          {"vehicles_off_scene", s.off_scene},
          {"flat_crossing_passes", s.flat_crossing_passes},
          {"without_road", without_road},
          {"persons_ignored", s.persons},
          {"containers_ignored", s.containers},
          {"types_sized_by_default", s.defaulted_types},
          {"collision_rows", s.collision_rows},
          {"person_collision_rows_ignored", s.person_collision_rows},
          {"vehicles_left_out", s.left_out},
          {"left_out_collision_rows_ignored", s.left_out_collision_rows},
          {"episodes_total", s.episodes.size()},
          {"episodes_matched", s.matched()},
          {"episodes", episodes},
          {"extra_contacts", extra}};
}

}  // namespace crashbench
