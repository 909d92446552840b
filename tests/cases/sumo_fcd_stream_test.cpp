// FcdReader streams: a file of 2,000 timesteps, many times the reader's 64 KiB chunk, comes out whole and
// in order, and once the first timesteps have sized the buffers, reading on neither allocates nor holds
// more heap.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/sumo_text.hpp"

namespace crashbench::sumo {
namespace {

constexpr int kStreamTimesteps = 2000;
constexpr int kStreamVehicles = 6;

/// Vehicle `i` of timestep `t`: ids longer than a string's inline buffer, so that reusing a frame's strings
/// is what keeps them from allocating.
std::string stream_vehicle_id(int i) { return fmt::format("flow_north_to_south_{}.{}", i, i * 7); }
std::string stream_x(int t, int i) { return fmt::format("{:.2f}", 0.25 * t + 10.0 * i); }
std::string stream_y(int t, int i) { return fmt::format("{:.3f}", -0.125 * t - i); }

/// The test's file: vehicle i of timestep t at (stream_x, stream_y), heading 3i + 0.5 deg at i + t/100 m/s.
std::string stream_fcd_text() {
  std::string timesteps;
  for (int t = 0; t < kStreamTimesteps; ++t) {
    timesteps += fmt::format("    <timestep time=\"{:.2f}\">\n", 0.1 * t);
    for (int i = 0; i < kStreamVehicles; ++i)
      timesteps += fmt::format(
          "        <vehicle id=\"{}\" x=\"{}\" y=\"{}\" angle=\"{:.2f}\" type=\"car\" speed=\"{:.2f}\" pos=\"1.00\" "
          "lane=\"A0A1_0\" slope=\"0.00\"/>\n",
          stream_vehicle_id(i), stream_x(t, i), stream_y(t, i), 3.0 * i + 0.5, i + t / 100.0);
    timesteps += "    </timestep>\n";
  }
  return testing::fcd_text(timesteps);
}

TEST(SumoFcdStream, TwoThousandTimestepsComeOutWholeAndInOrder) {
  const std::string text = stream_fcd_text();
  ASSERT_GT(text.size(), 10u * 64 * 1024) << "the file must span many of the reader's chunks";
  FcdReader reader(testing::write_sumo_file("stream.fcd.xml", text));
  FcdFrame frame;
  int t = 0;
  for (; reader.next(frame); ++t) {
    ASSERT_LT(t, kStreamTimesteps);
    EXPECT_EQ(frame.time, std::strtod(fmt::format("{:.2f}", 0.1 * t).c_str(), nullptr));
    EXPECT_EQ(frame.line, testing::line_of(text, fmt::format("<timestep time=\"{:.2f}\">", 0.1 * t)));
    ASSERT_EQ(frame.count, static_cast<std::size_t>(kStreamVehicles)) << "timestep " << t;
    EXPECT_EQ(frame.position_decimals, 2);
    for (int i = 0; i < kStreamVehicles; ++i) {
      const FcdVehicle& v = frame.vehicles[static_cast<std::size_t>(i)];
      EXPECT_EQ(v.id, stream_vehicle_id(i));
      EXPECT_EQ(v.front_W.x(), std::strtod(stream_x(t, i).c_str(), nullptr));
      EXPECT_EQ(v.front_W.y(), std::strtod(stream_y(t, i).c_str(), nullptr));
      EXPECT_EQ(v.line, frame.line + 1 + i);
    }
    EXPECT_LE(frame.vehicles.capacity(), 2u * kStreamVehicles) << "the frame's buffers grew with the file";
  }
  EXPECT_EQ(t, kStreamTimesteps);
}

TEST(SumoFcdStream, AFileCutShortGivesEveryWholeTimestepBeforeTheErrorNamingTheCutOne) {
  const std::string whole = stream_fcd_text();
  const std::size_t cut_at = whole.find("<vehicle", whole.size() * 3 / 5) + 20;  // inside a vehicle's tag
  const std::string text = whole.substr(0, cut_at);
  const std::string path = testing::write_sumo_file("cut.fcd.xml", text);
  const std::size_t cut_timestep = text.rfind("<timestep");
  int whole_timesteps = 0;
  for (auto at = text.find("</timestep>"); at != std::string::npos; at = text.find("</timestep>", at + 1))
    ++whole_timesteps;
  FcdReader reader(path);
  FcdFrame frame;
  int read = 0;
  const Error e = testing::error_of([&] {
    while (reader.next(frame)) ++read;
  });
  EXPECT_EQ(read, whole_timesteps);
  testing::expect_error(e, path, xml_where("timestep", testing::line_of(text, text.substr(cut_timestep, 30))),
                        fmt::format("the file ends at line {}", 1 + std::count(text.begin(), text.end(), '\n')));
}

TEST(SumoFcdStream, AFileEndingAtOrNearAChunkBoundaryIsReadWhole) {
  constexpr std::size_t kChunk = 64 * 1024;  // the reader's (sumo_xml.cpp)
  const std::string rows = R"(    <timestep time="1.00">
        <vehicle id="a" x="1.00" y="2.00" angle="0.00" speed="1.00"/>
    </timestep>
    <timestep time="2.00"/>
)";
  for (std::size_t size : {kChunk - 1, kChunk, kChunk + 1, 2 * kChunk}) {
    SCOPED_TRACE(size);
    const std::string bare = testing::fcd_text(rows);
    // A comment after the XML declaration pads the file to `size` bytes: "<!--" + pad + "-->\n".
    std::string text = bare;
    text.insert(text.find('\n') + 1, "<!--" + std::string(size - bare.size() - 8, 'x') + "-->\n");
    ASSERT_EQ(text.size(), size);
    EXPECT_EQ(testing::read_whole_fcd(testing::write_sumo_file("boundary.fcd.xml", text)), 2);
  }
}

TEST(SumoFcdStream, OnceTheFirstTimestepsAreReadReadingOnAllocatesNothingAndHoldsNoMoreHeap) {
  FcdReader reader(testing::write_sumo_file("alike.fcd.xml", stream_fcd_text()));
  FcdFrame frame;
  // Warm-up: a few of the reader's chunks (about 70 timesteps each here), since expat sizes its buffer
  // for a token cut at a chunk's end when it first meets one.
  const int warm_up = kStreamTimesteps / 8;
  for (int t = 0; t < warm_up; ++t) ASSERT_TRUE(reader.next(frame));
  // mallinfo2 sees expat's malloc as well as operator new, which the counter sees.
  const std::size_t heap_before = mallinfo2().uordblks;
  const testing::AllocationScope reading_on;
  int timesteps = warm_up;
  while (reader.next(frame)) ++timesteps;
  const auto allocations = reading_on.allocations();
  const std::size_t heap_after = mallinfo2().uordblks;
  EXPECT_EQ(timesteps, kStreamTimesteps);
  EXPECT_EQ(allocations, 0);
  // ASan's allocator replaces glibc's and keeps no statistics of its own there.
  if (!testing::kUnderAddressSanitizer) {
    EXPECT_EQ(heap_after, heap_before) << "bytes of heap in use";
  }
}

}  // namespace
}  // namespace crashbench::sumo
