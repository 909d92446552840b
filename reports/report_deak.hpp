#pragma once
// Deak's Figure 7 from a run: the mechanical energy of a car on a penalty spring over time, one trace per
// integrator (docs/penalty.md section 4). Cases group when they share a listed case and every matrix
// value but the integrator, and their model answers with a force.
#include <vector>

#include "reports/figure.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

/// Kinetic plus spring energy of vehicle 0 at each trajectory sample [J]: 1/2 m |V|^2 + 1/2 Izz r^2 +
/// 1/2 k d^2, d the deepest penetration of its rectangle's corners behind a scene wall [m] (0 when clear),
/// k the response model's echoed `stiffness` [N/m] (0 when it has none). Empty when the case did not run.
std::vector<double> spring_energy(const CaseRecord& c);

/// One figure per group of force-answering cases that differ only in the integrator (two or more):
/// E(t) / E(0) per integrator.
std::vector<Figure> spring_energy_figures(const ResultsFile& results);

}  // namespace crashbench
