#include "reports/sumo_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>

namespace crashbench {

std::string sumo_summary(const SumoComparison& s) {
  std::array<int, 3> kinds{};
  for (const SumoExtraContact& x : s.extra) ++kinds[static_cast<std::size_t>(x.kind)];
  std::string out = fmt::format(
      "  SUMO: {} collision episodes, {} matched (the others say why in results.json's sumo.episodes); {} contacts SUMO "
      "did not report ({} {}, {} {}, {} {}); {} of {} vehicles released\n",
      s.episodes.size(), s.matched(), s.extra.size(), kinds[0], to_string(SumoExtraContact::Kind::kUnreported), kinds[1],
      to_string(SumoExtraContact::Kind::kSecondary), kinds[2], to_string(SumoExtraContact::Kind::kScene), s.released,
      s.vehicles);
  if (s.left_out > 0)
    out += fmt::format("  note: {} SUMO vehicles of rail or water classes left out (crashbench moves road vehicles), and "
                       "{} collision rows with them ignored\n", s.left_out, s.left_out_collision_rows);
  if (s.flat_crossing_passes > 0)
    out += fmt::format("  note: {} pairs of vehicles on their SUMO paths passed through each other where two roads cross "
                       "outside a junction at one height: a bridge the network draws flat (netconvert raises "
                       "OpenStreetMap's bridges with --osm.layer-elevation), whose vehicles SUMO never lets meet\n",
                       s.flat_crossing_passes);
  if (s.off_scene > 0)
    out += fmt::format("  warning: {} of {} SUMO vehicles first appear more than 50 m beyond the scene: is the scene "
                       "SUMO's network, in its frame (netconvert -s NET --opendrive-output FILE)?\n", s.off_scene,
                       s.vehicles);
  if (s.on_path_without_road > 0)
    out += fmt::format("  warning: {} of {} steps of SUMO vehicles on their paths had no road of the scene under the "
                       "CG (the first: '{}' at {:.3f} s, at ({:.2f}, {:.2f}) m): lanes SUMO drives that the scene does "
                       "not\n",
                       s.on_path_without_road, s.on_path_steps, s.first_without_road, s.first_without_road_time,
                       s.first_without_road_at[0], s.first_without_road_at[1]);
  if (s.persons > 0 || s.person_collision_rows > 0)
    out += fmt::format("  note: SUMO's persons are not simulated: {} <person> rows of the FCD and {} collision rows with "
                       "a person ignored\n", s.persons, s.person_collision_rows);
  if (s.containers > 0)
    out += fmt::format("  note: SUMO's containers (freight) are not simulated: {} <container> rows of the FCD "
                       "ignored\n", s.containers);
  if (!s.defaulted_types.empty())
    out += fmt::format("  warning: SUMO vehicle types of unknown size (in no route file given, or of a vClass without "
                       "defaults here), sized as the case's default vehicle: '{}'\n", fmt::join(s.defaulted_types, "', '"));
  return out;
}

}  // namespace crashbench
