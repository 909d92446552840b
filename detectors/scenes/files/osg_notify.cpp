#include "detectors/scenes/files/osg_notify.hpp"

#include <fmt/format.h>
#include <osg/Notify>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string_view>

namespace crashbench {
namespace {

std::atomic<bool> g_verbose{false};
thread_local int t_uncounted = 0;  // open OsgNoticesUncounted scopes on this thread

/// Counts every notification; keeps the first warning; echoes only when verbose.
class CountingHandler : public osg::NotifyHandler {
 public:
  void notify(osg::NotifySeverity severity, const char* message) override {
    // OSG's stream flushes what it holds whenever a message of another severity starts, also when it holds
    // nothing: an empty message at the last one's severity, which says nothing.
    if (std::string_view(message).find_first_not_of(" \n") == std::string_view::npos) return;
    if (t_uncounted > 0) {
      if (g_verbose) std::cerr << message;
      return;
    }
    std::lock_guard lock(mutex_);
    const bool bad = severity <= osg::WARN;
    if (severity <= osg::FATAL)
      ++counts_.errors;
    else if (severity == osg::WARN)
      ++counts_.warnings;
    else
      ++counts_.notices;
    if (bad && counts_.first.empty()) {
      counts_.first = message;
      while (!counts_.first.empty() && (counts_.first.back() == '\n' || counts_.first.back() == ' '))
        counts_.first.pop_back();
    }
    if (g_verbose) std::cerr << message;
  }
  OsgNotices counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
  }
  /// The counts so far; the next warning becomes `first` again.
  OsgNotices begin() {
    std::lock_guard lock(mutex_);
    counts_.first.clear();
    return counts_;
  }

 private:
  mutable std::mutex mutex_;
  OsgNotices counts_;
};

CountingHandler* handler() {
  static CountingHandler* const h = [] {
    const char* env = std::getenv("CRASHBENCH_VERBOSE");
    if (env && *env && std::string(env) != "0") g_verbose = true;
    auto* made = new CountingHandler;
    osg::setNotifyHandler(made);  // OSG keeps a ref_ptr to it
    return made;
  }();
  return h;
}

}  // namespace

void install_osg_notify_handler() { handler(); }

void set_osg_verbose(bool verbose) {
  install_osg_notify_handler();
  g_verbose = verbose;
}

OsgNoticesUncounted::OsgNoticesUncounted() { ++t_uncounted; }
OsgNoticesUncounted::~OsgNoticesUncounted() {
  // OSG sends a message when its stream is flushed: a line left without one would be counted by the next
  // load (or sent by a forked child that inherits the buffer).
  for (int severity = osg::ALWAYS; severity <= osg::DEBUG_FP; ++severity)
    osg::notify(static_cast<osg::NotifySeverity>(severity)) << std::flush;
  --t_uncounted;
}

OsgNoticeScope::OsgNoticeScope() : start_(handler()->begin()) {}

OsgNotices OsgNoticeScope::finish() const {
  OsgNotices now = handler()->counts();
  now.errors -= start_.errors;
  now.warnings -= start_.warnings;
  now.notices -= start_.notices;
  return now;
}

std::string summarise_notices(const std::string& source, const OsgNotices& n) {
  if (n.total() == 0) return "";
  std::string line = fmt::format("{}: OpenSceneGraph sent {} notifications while loading ({} errors, {} warnings, {} notices",
                                 source, n.total(), n.errors, n.warnings, n.notices);
  line += n.first.empty() ? ")" : fmt::format("; first: {})", n.first);
  if (!g_verbose) line += "; --verbose or CRASHBENCH_VERBOSE=1 shows them all";
  return line;
}

}  // namespace crashbench
