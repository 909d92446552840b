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
#render-status { font-size: 0.8em; color: #666; } #console-errors { color: #a00; }
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
  var pending = [];
  figures.forEach(function (fig, i) {
    var box = document.createElement('div');
    box.className = 'plot';
    box.id = 'plot-' + i;
    document.getElementById('plots-' + fig.section).appendChild(box);
    try {
      pending.push(Plotly.newPlot(box, fig.data, fig.layout, { displaylogo: false, responsive: true }));
    } catch (e) {
      window.crashbenchErrors.push('plot ' + i + ' (' + fig.title + '): ' + e);
    }
  });
  function finish() {
    var rendered = 0;
    figures.forEach(function (fig, i) {
      var box = document.getElementById('plot-' + i);
      if (box && box.querySelector('.main-svg') && box._fullData && box._fullData.length > 0) rendered++;
      else window.crashbenchErrors.push('plot ' + i + ' (' + fig.title + ') did not render');
    });
    var status = document.getElementById('render-status');
    status.dataset.expected = figures.length;
    status.dataset.rendered = rendered;
    status.dataset.errors = window.crashbenchErrors.length;
    status.textContent = 'plots rendered: ' + rendered + ' of ' + figures.length + '; console errors: ' + window.crashbenchErrors.length;
    document.getElementById('console-errors').textContent = window.crashbenchErrors.join('\n');
  }
  Promise.all(pending).then(finish, function (e) { window.crashbenchErrors.push('plotting failed: ' + e); finish(); });
})();
)JS";
}

}  // namespace crashbench
