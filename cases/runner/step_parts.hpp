#pragma once
// What the impact pass and the event audit both work on, built once by the Simulation that owns them all:
// the case, the vehicles, their control and dynamics, the continuing contacts' springs and the event log.
#include "cases/case.hpp"
#include "cases/event_log.hpp"
#include "cases/runner/continuing_contacts.hpp"
#include "cases/runner/control.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/runner/integration.hpp"

namespace crashbench {

struct StepParts {
  const Case& c;
  Fleet& fleet;
  Control& control;
  const Integration& integration;
  ContinuingContacts& continuing;
  EventLog& events;
};

}  // namespace crashbench
