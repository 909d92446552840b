#pragma once
// What keeps a report plot readable whatever the run put in it: a legend that folds away when long,
// a variant's traces grouped under one legend entry, a minimum axis span so that a flat series draws
// flat, and a unit on every axis drawn from a matrix field.
#include <nlohmann/json.hpp>

#include <string>

#include "reports/figure.hpp"

namespace crashbench {

/// Legends longer than this start folded behind the page's "show legend" button.
inline constexpr int kLegendEntriesShown = 10;

/// The entries `f`'s legend would show (traces not marked showlegend: false).
int legend_entries(const Figure& f);

/// Folds `f`'s legend when it has more than kLegendEntriesShown entries (Figure::folded_legend_entries).
void fold_long_legend(Figure& f);

/// Puts `trace` in legend group `group` drawn in palette colour `colour`; only the group's first trace
/// (`first`) has a legend entry, and clicking it shows or hides the whole group.
void group_trace(nlohmann::json& trace, const std::string& group, std::size_t colour, bool first);

/// Fixes the range of y axis `axis` ("yaxis", "yaxis2") to `min_span` centred on its traces' values
/// when they span less: a series constant but for rounding (a head-on yaw rate of 1e-15 deg/s) is then
/// drawn flat instead of autoscaled into a full-height spike. Leaves an axis with a range alone.
void keep_min_span(Figure& f, const std::string& axis, double min_span);

/// Longest title line [characters]: at 13 px a line this long fits the narrowest plot (540 px).
inline constexpr std::size_t kTitleLineChars = 64;

/// `title` broken at spaces into lines of at most kTitleLineChars (joined by Plotly's <br>), so a long
/// plot title wraps instead of running off both sides of its plot.
std::string wrapped_title(const std::string& title);

/// The axis title for numeric matrix field `path`, with its unit: "vehicles.1.heading_deg [deg]".
std::string field_axis_title(const std::string& path);

}  // namespace crashbench
