// A plugin as one built for a future plugin API would answer this crashbench: it registers nothing and
// returns its own version (the host must refuse it with one line).
#include "cases/plugin.hpp"

extern "C" __attribute__((visibility("default"))) int crashbench_plugin_register(crashbench::PluginHost*, int) {
  return crashbench::kPluginApiVersion + 98;
}
