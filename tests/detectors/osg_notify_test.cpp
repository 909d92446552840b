// Counting OSG's notifications (detectors/scenes/files/osg_notify.hpp): what a load says, and nothing else.
#include <gtest/gtest.h>

#include <osg/Notify>

#include "detectors/scenes/files/osg_notify.hpp"

namespace crashbench {
namespace {

TEST(OsgNotify, AWarningThenAnErrorCountOneOfEachNotTheEmptyFlushBetween) {
  // OSG's stream flushes its empty buffer at the warning's severity when the error starts: FlightGear's
  // Models/Geometry/load.ac, read after a file that warned, was counted a warning more by OSG's reader
  // than by crashbench's, which sent the same error.
  install_osg_notify_handler();
  const OsgNoticeScope scope;
  OSG_WARN << "a warning" << std::endl;
  OSG_FATAL << "an error" << std::endl;
  OSG_WARN << std::endl;  // a line of nothing
  const OsgNotices n = scope.finish();
  EXPECT_EQ(n.warnings, 1);
  EXPECT_EQ(n.errors, 1);
  EXPECT_EQ(n.first, "a warning");
}

}  // namespace
}  // namespace crashbench
