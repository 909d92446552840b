// The seeded distributions of a matrix's `vary`: the draws follow their distributions (moments against
// closed forms), are reproducible and counter-based, are joint across fields, and bad ones are refused.
#include "cases/loading/matrix_draws.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "cases/loading/json_parse.hpp"
#include "cases/loading/matrix.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

constexpr std::size_t kDraws = 20000;

struct Moments {
  double mean = 0, variance = 0, low = INFINITY, high = -INFINITY;
};

Moments moments_of(const Distribution& d, std::uint64_t seed, const std::string& path) {
  Moments m;
  double sum = 0, sum_sq = 0;
  for (std::size_t i = 0; i < kDraws; ++i) {
    const double x = draw_value(d, seed, path, i);
    sum += x;
    sum_sq += x * x;
    m.low = std::min(m.low, x);
    m.high = std::max(m.high, x);
  }
  m.mean = sum / kDraws;
  m.variance = sum_sq / kDraws - m.mean * m.mean;
  return m;
}

Distribution parsed(const nlohmann::json& json) { return parse_distribution(JsonReader(json, "m.json", "/vary/x")); }

TEST(MatrixDraws, UniformDrawsStayInsideWithTheMomentsOfTheUniform) {
  const Moments m = moments_of(parsed({{"uniform", {0.1, 0.5}}}), 7, "response.restitution");
  EXPECT_GE(m.low, 0.1);
  EXPECT_LT(m.high, 0.5);
  // mean 0.3 and variance (b - a)^2 / 12; five standard errors of the sample mean apart at most.
  const double variance = 0.4 * 0.4 / 12;
  EXPECT_NEAR(m.mean, 0.3, 5 * std::sqrt(variance / kDraws));
  EXPECT_NEAR(m.variance, variance, 0.03 * variance);
  EXPECT_LT(m.low, 0.1 + 0.001);  // the whole range is reached
  EXPECT_GT(m.high, 0.5 - 0.001);
}

TEST(MatrixDraws, NormalDrawsHaveTheMeanAndSpread) {
  const Moments m = moments_of(parsed({{"normal", {0.55, 0.03}}}), 7, "vehicles.0.cg_height");
  EXPECT_NEAR(m.mean, 0.55, 5 * 0.03 / std::sqrt(kDraws));
  EXPECT_NEAR(std::sqrt(m.variance), 0.03, 0.03 * 0.03);
}

TEST(MatrixDraws, ANormalWithinBoundsIsTheTruncatedNormal) {
  // Truncated to [mu - sd, mu + 2 sd]: mean mu + sd (phi(a) - phi(b)) / (Phi(b) - Phi(a)), a = -1, b = 2.
  const auto phi = [](double z) { return std::exp(-z * z / 2) / std::sqrt(2 * std::numbers::pi); };
  const auto Phi = [](double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); };
  const double mean = 10 + 2 * (phi(-1) - phi(2)) / (Phi(2) - Phi(-1));
  const Moments m = moments_of(parsed({{"normal", {10, 2}}, {"within", {8, 14}}}), 3, "x");
  EXPECT_GE(m.low, 8);
  EXPECT_LE(m.high, 14);
  EXPECT_NEAR(m.mean, mean, 5 * 2 / std::sqrt(kDraws));
}

TEST(MatrixDraws, ADrawDependsOnlyOnSeedPathAndIndex) {
  const Distribution d = parsed({{"uniform", {0, 1}}});
  EXPECT_EQ(draw_value(d, 1, "a", 5), draw_value(d, 1, "a", 5));
  EXPECT_NE(draw_value(d, 1, "a", 5), draw_value(d, 2, "a", 5));
  EXPECT_NE(draw_value(d, 1, "a", 5), draw_value(d, 1, "b", 5));
  EXPECT_NE(draw_value(d, 1, "a", 5), draw_value(d, 1, "a", 6));
}

nlohmann::json band_matrix(int count) {
  return {{"matrix", "band"},
          {"cases", {testing::source_path("cases/library/knight-head-on-30mph.json")}},
          {"vary",
           {{"response.model", {"restitution", "energy-loss"}},
            {"response.restitution", {{"uniform", {0.1, 0.4}}}},
            {"vehicles.0.speed", {{"normal", {13.4, 0.5}}, {"within", {12.4, 14.4}}}}}},
          {"draws", {{"count", count}, {"seed", 11}}}};
}

TEST(MatrixDraws, DrawsAreOneJointAxisAfterTheLists) {
  const auto inputs = expand_matrix(band_matrix(3), "/m.json");
  ASSERT_EQ(inputs.size(), 2u * 3u);  // the listed models x three joint draws, not x 3 x 3
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::size_t draw = i % 3;
    EXPECT_EQ(inputs[i].doc["response"]["model"], i < 3 ? "restitution" : "energy-loss") << i;
    EXPECT_NE(inputs[i].label.find("draw=" + std::to_string(draw) + "]"), std::string::npos) << inputs[i].label;
    // Draw i is the same for every model, so the models are compared on the same inputs.
    EXPECT_EQ(inputs[i].doc["response"]["restitution"], inputs[draw].doc["response"]["restitution"]);
    EXPECT_EQ(inputs[i].doc["vehicles"][0]["speed"], inputs[i].variation["vehicles.0.speed"]);
    const double e = inputs[i].doc["response"]["restitution"];
    EXPECT_TRUE(e >= 0.1 && e < 0.4) << e;
  }
  EXPECT_NE(inputs[0].doc["response"]["restitution"], inputs[1].doc["response"]["restitution"]);
}

TEST(MatrixDraws, MoreDrawsKeepTheEarlierOnes) {
  const auto three = expand_matrix(band_matrix(3), "/m.json");
  const auto five = expand_matrix(band_matrix(5), "/m.json");
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(three[i].variation, five[i].variation) << i;
}

struct BadDraws {
  const char* name;
  nlohmann::json vary, draws;
  std::string pointer, expected;
};

class BadDrawsTest : public ::testing::TestWithParam<BadDraws> {};

TEST_P(BadDrawsTest, OneLineNamingTheField) {
  const BadDraws& bad = GetParam();
  nlohmann::json matrix = {{"matrix", "m"}, {"cases", {testing::source_path("cases/library/knight-head-on-30mph.json")}}};
  if (!bad.vary.is_null()) matrix["vary"] = bad.vary;
  if (!bad.draws.is_null()) matrix["draws"] = bad.draws;
  try {
    expand_matrix(matrix, "m.json");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_NE(message.find("m.json: " + bad.pointer), std::string::npos) << message;
    EXPECT_NE(message.find(bad.expected), std::string::npos) << message;
  }
}

const nlohmann::json kPlan = {{"count", 4}, {"seed", 1}};

INSTANTIATE_TEST_SUITE_P(
    Refused, BadDrawsTest,
    ::testing::Values(
        BadDraws{"NoPlan", {{"dt", {{"uniform", {0.001, 0.002}}}}}, nullptr, "/vary/dt", "needs the matrix's \"draws\""},
        BadDraws{"NothingToDraw", {{"dt", {0.001}}}, kPlan, "/draws", "no field in \"vary\" has a distribution"},
        BadDraws{"EmptyUniform", {{"dt", {{"uniform", {0.002, 0.002}}}}}, kPlan, "/vary/dt/uniform", "low < high"},
        BadDraws{"ZeroSd", {{"dt", {{"normal", {0.002, 0}}}}}, kPlan, "/vary/dt/normal/1", "standard deviation > 0"},
        BadDraws{"FarBounds", {{"dt", {{"normal", {0, 1}}, {"within", {5, 6}}}}}, kPlan, "/vary/dt/within",
                 "expected at least 1 %"},
        BadDraws{"BoundedUniform", {{"dt", {{"uniform", {0, 1}}, {"within", {0, 1}}}}}, kPlan, "/vary/dt/within",
                 "bounds a normal"},
        BadDraws{"TwoKinds", {{"dt", {{"uniform", {0, 1}}, {"normal", {0, 1}}}}}, kPlan, "/vary/dt", "expected a distribution"},
        BadDraws{"NegativeSeed", {{"dt", {{"uniform", {0, 1}}}}}, {{"count", 2}, {"seed", -1}}, "/draws/seed",
                 "an integer from 0"},
        BadDraws{"NoCount", {{"dt", {{"uniform", {0, 1}}}}}, {{"seed", 1}}, "/draws", "count"}),
    [](const ::testing::TestParamInfo<BadDraws>& info) { return std::string(info.param.name); });

// The schema and the reader agree on a matrix's fields: the reader's list of known fields (in its
// unknown-field message) is the schema's.
TEST(MatrixSchema, NamesTheFieldsTheReaderKnows) {
  const nlohmann::json schema = read_json_file(testing::source_path("cases/matrix.schema.json"));
  std::string listed;
  for (const auto& [key, _] : schema.at("properties").items()) listed += (listed.empty() ? "" : ", ") + key;
  try {
    expand_matrix({{"matrix", "m"}, {"cases", {"x.json"}}, {"no-such-field", 1}}, "m.json");
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string known = std::string(e.what()).substr(std::string(e.what()).find("expected one of: ") + 17);
    std::vector<std::string> names;
    for (std::size_t at = 0; at != std::string::npos;) {
      const std::size_t comma = known.find(", ", at);
      names.push_back(known.substr(at, comma == std::string::npos ? comma : comma - at));
      at = comma == std::string::npos ? comma : comma + 2;
    }
    std::sort(names.begin(), names.end());
    std::string sorted;
    for (const auto& n : names) sorted += (sorted.empty() ? "" : ", ") + n;
    EXPECT_EQ(sorted, listed);  // nlohmann's objects iterate their keys sorted
  }
}

}  // namespace
}  // namespace crashbench
