#include "reports/report_assets.hpp"

namespace crashbench {

std::string_view report_css() {
  return R"CSS(
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; max-width: 1400px; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: right; vertical-align: top; }
th { background: #f3f3f3; } th:first-child, td:first-child { text-align: left; }
td.pass, tr.pass td:nth-child(2) { background: #e6f4e6; } td.fail, tr.fail td:nth-child(2) { background: #f9dcdc; }
td.na { color: #999; text-align: center; } th.label, td.label { text-align: left; } th.published, td.published { background: #fdf6e3; } tr.group th { background: #dde6f0; text-align: left; }
table.verdict th, table.verdict td { text-align: left; } table.verdict td:nth-child(4) { white-space: nowrap; }
.plots { display: grid; grid-template-columns: repeat(auto-fill, minmax(540px, 1fr)); gap: 1em; }
.plot { border: 1px solid #ddd; min-height: 560px; }
#render-status { font-size: 0.8em; color: #666; } #console-errors, #clipped-labels { color: #a00; }
.legend-toggle { font-size: 0.8em; margin: 0.2em 0; }
.note { color: #555; font-size: 0.9em; }
)CSS";
}

std::string_view console_capture_script() {
  return R"JS(
window.crashbenchErrors = [];
window.addEventListener('error', function (e) { window.crashbenchErrors.push(String(e.message)); });
window.addEventListener('unhandledrejection', function (e) { window.crashbenchErrors.push('unhandled rejection: ' + e.reason); });
(function () {
  var original = console.error;
  console.error = function () {
    window.crashbenchErrors.push(Array.prototype.join.call(arguments, ' '));
    return original.apply(console, arguments);
  };
})();
)JS";
}

std::string_view render_script() {
  return R"JS(
(function () {
  var figures = JSON.parse(document.getElementById('figures').textContent);
  // The axis texts a reader needs whole: tick labels, axis and colour-bar titles, and the plot's title.
  var labelSelector = 'g[class$="tick"] > text, g[class$="tick2"] > text, text[class$="title"], .cbaxis text, .cbtitle text';
  // Labels drawn (partly) outside their plot's SVG box, which the browser clips.
  function clippedLabels(box, i) {
    var out = [];
    box.querySelectorAll('svg.main-svg').forEach(function (svg) {
      var frame = svg.getBoundingClientRect();
      svg.querySelectorAll(labelSelector).forEach(function (text) {
        var r = text.getBoundingClientRect();
        if (!text.textContent || (r.width === 0 && r.height === 0)) return;
        if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5)
          out.push('plot ' + i + ': "' + text.textContent + '"');
      });
    });
    return out;
  }
  // A long legend starts folded; this button brings it back below the plot, and the plot grows to fit it.
  function legendButton(box, fig) {
    var button = document.createElement('button');
    button.className = 'legend-toggle';
    var label = function (shown) { return (shown ? 'hide' : 'show') + ' legend (' + fig.folded_legend_entries + ' entries)'; };
    button.textContent = label(false);
    button.onclick = function () {
      var shown = !box.layout.showlegend;
      Plotly.relayout(box, { showlegend: shown, height: fig.layout.height + (shown ? 22 * fig.folded_legend_entries / 2 : 0) });
      button.textContent = label(shown);
    };
    return button;
  }
  function draw() {
    var pending = [];
    figures.forEach(function (fig, i) {
      var box = document.createElement('div');
      box.className = 'plot';
      box.id = 'plot-' + i;
      var section = document.getElementById('plots-' + fig.section);
      if (fig.folded_legend_entries > 0) {
        fig.layout.showlegend = false;
        var cell = document.createElement('div');
        cell.appendChild(legendButton(box, fig));
        cell.appendChild(box);
        section.appendChild(cell);
      } else {
        section.appendChild(box);
      }
      try {
        pending.push(Plotly.newPlot(box, fig.data, fig.layout, { displaylogo: false, responsive: true }));
      } catch (e) {
        window.crashbenchErrors.push('plot ' + i + ' (' + fig.title + '): ' + e);
      }
    });
    return Promise.all(pending);
  }
  function finish() {
    var rendered = 0, clipped = [];
    figures.forEach(function (fig, i) {
      var box = document.getElementById('plot-' + i);
      if (box && box.querySelector('.main-svg') && box._fullData && box._fullData.length > 0) {
        rendered++;
        clipped = clipped.concat(clippedLabels(box, i));
      } else {
        window.crashbenchErrors.push('plot ' + i + ' (' + fig.title + ') did not render');
      }
    });
    var status = document.getElementById('render-status');
    status.dataset.expected = figures.length;
    status.dataset.rendered = rendered;
    status.dataset.errors = window.crashbenchErrors.length;
    status.dataset.clippedLabels = clipped.length;
    status.textContent = 'plots rendered: ' + rendered + ' of ' + figures.length + '; console errors: ' +
                         window.crashbenchErrors.length + '; clipped axis labels: ' + clipped.length;
    document.getElementById('console-errors').textContent = window.crashbenchErrors.join('\n');
    document.getElementById('clipped-labels').textContent = clipped.join('\n');
  }
  window.crashbenchPlotting.then(draw).then(finish, function (e) {
    window.crashbenchErrors.push('plotting failed: ' + e);
    finish();
  });
})();
)JS";
}

}  // namespace crashbench
