#pragma once
// The report's plots as Plotly figures (figure.hpp), built from a results file and gathered in page order.
// The page script only hands each one to Plotly.newPlot, so everything plotted is computed and tested here.
#include <vector>

#include "reports/figure.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

/// Per listed case (variants overlaid): plan view over the scene's walls with contact points (Knight &
/// Bernard 2003, Fig. 6), and speed and yaw rate against time with impacts marked (Fig. 7).
std::vector<Figure> trajectory_figures(const ResultsFile& results);

/// Per-step cost histograms (whole step and detection), one trace pair per detector.
std::vector<Figure> cost_figures(const ResultsFile& results);

/// e(alpha) and mu(alpha) (thesis Fig. 4-2), P(alpha) (Fig. 4-3) with the events' values on top, and
/// force magnitude against energy kept for several angles of attack, both roots (Fig. 4-5).
std::vector<Figure> law_figures(const ResultsFile& results);

/// Contour plots for sweeps: cases that share a listed case and differ in exactly two numeric varied
/// fields (Zhou et al. 2008, Fig. 8): post-impact yaw rate and energy kept by the first impact.
std::vector<Figure> sweep_figures(const ResultsFile& results);

/// All of the above, in page order.
std::vector<Figure> all_figures(const ResultsFile& results);

}  // namespace crashbench
