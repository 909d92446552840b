#include "cases/loading/matrix_draws.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace crashbench {
namespace {

// A normal's bounds must hold at least this share of it, so redrawing ends (at 1 %, the chance that
// kMaxRedraws draws all fall outside is 0.99^10000 ~ 1e-44).
constexpr double kMinWithinMass = 0.01;
constexpr int kMaxRedraws = 10000;

/// SplitMix64's finaliser (Steele, Lea and Flood 2014): a bijection on 64 bits that scatters
/// neighbouring counters across the whole range.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// FNV-1a of the path, so each field has its own stream.
std::uint64_t path_hash(const std::string& path) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : path) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

/// Uniform on (0, 1): the top 53 bits, offset by half a step so neither end is reached (log(u) is finite).
double unit(std::uint64_t bits) { return (static_cast<double>(bits >> 11) + 0.5) * 0x1.0p-53; }

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }

std::pair<double, double> read_pair(const JsonReader& field, const char* what) {
  if (field.array_size() != 2) field.fail(std::string("expected [") + what + "]: two numbers");
  return {field.at(std::size_t{0}).number(), field.at(std::size_t{1}).number()};
}

std::pair<double, double> read_interval(const JsonReader& field) {
  const auto [low, high] = read_pair(field, "low, high");
  if (!(low < high)) field.fail("expected low < high, got [" + std::to_string(low) + ", " + std::to_string(high) + "]");
  return {low, high};
}

}  // namespace

Distribution parse_distribution(const JsonReader& field) {
  field.only_keys({"uniform", "normal", "within"});
  Distribution d;
  if (field.has("uniform") == field.has("normal"))
    field.fail("expected a distribution: {\"uniform\": [low, high]} or {\"normal\": [mean, sd]}");
  if (field.has("uniform")) {
    if (field.has("within")) field.at("within").fail("\"within\" bounds a normal; a uniform's bounds are its own");
    std::tie(d.first, d.second) = read_interval(field.at("uniform"));
    return d;
  }
  const JsonReader normal = field.at("normal");
  d.kind = Distribution::Kind::normal;
  std::tie(d.first, d.second) = read_pair(normal, "mean, sd");
  if (!(d.second > 0)) normal.at(std::size_t{1}).fail("expected a standard deviation > 0");
  if (const auto within = field.find("within")) {
    d.within = read_interval(*within);
    const double mass = normal_cdf((d.within->second - d.first) / d.second) - normal_cdf((d.within->first - d.first) / d.second);
    if (mass < kMinWithinMass)
      within->fail("the bounds hold " + std::to_string(100 * mass) + " % of the normal; expected at least 1 %");
  }
  return d;
}

DrawPlan parse_draw_plan(const JsonReader& field) {
  field.only_keys({"count", "seed"});
  DrawPlan plan;
  plan.count = static_cast<std::size_t>(field.at("count").integer_in(1, 1'000'000));
  const JsonReader seed = field.at("seed");
  const nlohmann::json& value = seed.json();
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
    seed.fail("expected the seed: an integer from 0 to 2^64 - 1");
  plan.seed = seed.json().get<std::uint64_t>();
  return plan;
}

double draw_value(const Distribution& d, std::uint64_t seed, const std::string& path, std::size_t index) {
  const std::uint64_t stream = mix(seed ^ mix(path_hash(path)));
  std::uint64_t counter = mix(stream + index) << 16;  // room for the redraws of one index
  const auto next_unit = [&] { return unit(mix(counter++)); };
  if (d.kind == Distribution::Kind::uniform) return d.first + (d.second - d.first) * next_unit();
  for (int attempt = 0; attempt < kMaxRedraws; ++attempt) {
    // Box-Muller: two uniforms give one standard normal.
    const double z = std::sqrt(-2 * std::log(next_unit())) * std::cos(2 * std::numbers::pi * next_unit());
    const double x = d.first + d.second * z;
    if (!d.within || (x >= d.within->first && x <= d.within->second)) return x;
  }
  // Unreachable: parse_distribution refuses bounds holding less than 1 % of the normal.
  throw std::logic_error("draw_value: " + std::to_string(kMaxRedraws) + " draws of " + path + " fell outside its bounds");
}

}  // namespace crashbench
