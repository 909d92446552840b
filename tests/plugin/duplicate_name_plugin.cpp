// A plugin that registers an integrator under a name the built-ins already use: the host must refuse it.
#include <memory>

#include "cases/plugin.hpp"

namespace {

void register_parts(crashbench::PluginHost& host) {
  for (const auto& entry : crashbench::integrators()) {
    host.add_integrator({entry.name, "a second integrator under a taken name", entry.make});
    return;  // the first built-in name is enough
  }
}

}  // namespace

CRASHBENCH_PLUGIN(register_parts)
