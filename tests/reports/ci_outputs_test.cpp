// JUnit XML and Google Benchmark JSON from a run: the JUnit document validates against the JUnit schema
// (tests/testdata/junit.xsd, checked with xmllint) and names every failed invariant; the benchmark JSON
// reads back through a reader of Google Benchmark's format written here from its documented fields.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "reports/benchmark_json.hpp"
#include "core/text.hpp"
#include "reports/junit_xml.hpp"
#include "tests/reports/report_test_support.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

using testing::occurrences;

TEST(JunitXml, ValidatesAgainstTheJunitSchemaWithEveryStatus) {
  const ResultsFile results = read_results_file(testing::sample_results_file("junit"));
  const auto counts = results.status_counts();
  ASSERT_GT(counts.passed, 0);
  ASSERT_GT(counts.failed, 0);
  ASSERT_GT(counts.errors, 0);
  const std::string xml = junit_xml(results);
  const auto path = testing::fresh_temp_folder("reports-junit-xml") / "junit.xml";
  std::ofstream(path) << xml;
  const std::string command = "xmllint --noout --schema " + testing::testdata_path("junit.xsd") + " " + path.string();
  EXPECT_EQ(std::system(command.c_str()), 0) << xml;
  EXPECT_EQ(occurrences(xml, "<testcase "), results.cases.size());
  EXPECT_EQ(occurrences(xml, "<error "), static_cast<std::size_t>(counts.errors));
  // The sample's failed case failed on linear momentum: its failure names the invariant.
  EXPECT_NE(xml.find("type=\"invariant\" message=\"linear_momentum"), std::string::npos) << xml;
}

TEST(JunitXml, EscapesWhatXmlCannotHoldRaw) {
  EXPECT_EQ(escape_xml("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(escape_xml("bell\x07" "end"), "bell\xEF\xBF\xBD" "end");
  EXPECT_EQ(escape_xml("tab\tnew\nline"), "tab\tnew\nline");
}

TEST(JunitXml, ASchemaViolationIsCaught) {
  // Guards the validation test itself: a testcase without its required name must fail xmllint.
  const auto path = testing::fresh_temp_folder("reports-junit-bad") / "bad.xml";
  std::ofstream(path) << "<testsuites><testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\">"
                         "<testcase classname=\"c\" time=\"0\"/></testsuite></testsuites>\n";
  const std::string command =
      "xmllint --noout --schema " + testing::testdata_path("junit.xsd") + " " + path.string() + " 2>/dev/null";
  EXPECT_NE(std::system(command.c_str()), 0);
}

/// One benchmark run as Google Benchmark's JSON reporter writes it (the fields its compare.py reads).
struct BenchmarkRun {
  std::string name, run_type, time_unit;
  long long iterations = 0;
  double real_time = 0, cpu_time = 0;
};

/// Reads Google Benchmark JSON: {"context": {...}, "benchmarks": [{name, run_type, iterations, real_time,
/// cpu_time, time_unit, ...}]}; throws on a missing or mistyped field.
std::vector<BenchmarkRun> read_google_benchmark(const nlohmann::json& doc) {
  if (!doc.at("context").is_object()) throw std::runtime_error("context is not an object");
  std::vector<BenchmarkRun> runs;
  for (const auto& b : doc.at("benchmarks")) {
    BenchmarkRun r{b.at("name").get<std::string>(), b.at("run_type").get<std::string>(),
                   b.at("time_unit").get<std::string>(), b.at("iterations").get<long long>(),
                   b.at("real_time").get<double>(), b.at("cpu_time").get<double>()};
    if (r.run_type != "iteration" && r.run_type != "aggregate") throw std::runtime_error("bad run_type " + r.run_type);
    if (r.time_unit != "ns" && r.time_unit != "us" && r.time_unit != "ms" && r.time_unit != "s")
      throw std::runtime_error("bad time_unit " + r.time_unit);
    runs.push_back(r);
  }
  return runs;
}

TEST(BenchmarkJson, ReadsBackAsGoogleBenchmarkOutputWithEveryTimedPhase) {
  const ResultsFile results = read_results_file(testing::sample_results_file("benchmark-json"));
  const nlohmann::json doc = nlohmann::json::parse(benchmark_json(results).dump());
  const auto runs = read_google_benchmark(doc);
  std::size_t expected = 0;
  for (const CaseRecord& c : results.cases)
    if (c.status != "error") expected += c.timing.size();
  ASSERT_GT(expected, 0u);
  ASSERT_EQ(runs.size(), expected);
  for (const CaseRecord& c : results.cases) {
    if (c.status == "error") continue;
    const std::string name = c.name + "/step";
    const auto it = std::find_if(runs.begin(), runs.end(), [&](const BenchmarkRun& r) { return r.name == name; });
    ASSERT_NE(it, runs.end()) << name;
    EXPECT_EQ(it->iterations, c.steps);
    EXPECT_EQ(it->real_time, c.median_ns("step"));
    EXPECT_GT(it->real_time, 0.0);
  }
}

}  // namespace
}  // namespace crashbench
