#pragma once
// OpenSceneGraph's notifications (a TORCS track prints one "could not find texture" per object) go
// through crashbench's own osg::NotifyHandler: counted by severity and summarised in one line per scene
// load, shown in full only when asked (`--verbose`, or the environment variable CRASHBENCH_VERBOSE=1).
#include <string>

namespace crashbench {

/// Notifications OSG sent while a scope was open.
struct OsgNotices {
  int errors = 0;    ///< FATAL and ALWAYS
  int warnings = 0;  ///< WARN
  int notices = 0;   ///< NOTICE and the INFO/DEBUG levels OSG lets through
  std::string first; ///< the first warning or error, trimmed ("" if none)
  int total() const { return errors + warnings + notices; }
};

/// Installs the handler (once; thread-safe). Reads CRASHBENCH_VERBOSE the first time.
void install_osg_notify_handler();

/// Echo every notification to stderr as OSG would (the `--verbose` flag).
void set_osg_verbose(bool verbose);

/// Counts the notifications sent while it lives (one at a time: scene loads are serialised by their callers).
class OsgNoticeScope {
 public:
  OsgNoticeScope();
  /// What arrived since construction.
  OsgNotices finish() const;

 private:
  OsgNotices start_;
};

/// While it lives, notifications sent on this thread are not counted (`--verbose` still shows them): those
/// of crashbench's own work on a graph, such as reading back the .osgb a child sent (read_reply.hpp),
/// which say nothing about the file.
class OsgNoticesUncounted {
 public:
  OsgNoticesUncounted();
  ~OsgNoticesUncounted();
  OsgNoticesUncounted(const OsgNoticesUncounted&) = delete;
  OsgNoticesUncounted& operator=(const OsgNoticesUncounted&) = delete;
};

/// One line for `source`'s notices, or "" if there were none: counts, the first warning, how to see all.
std::string summarise_notices(const std::string& source, const OsgNotices& notices);

}  // namespace crashbench
