#pragma once
// The plotting library inside report.html: deflated and base64-encoded (unminified plotly.js is 8.7 MB,
// this 2.5 MB), inflated by the browser's own DecompressionStream, so the page still opens offline from a
// file:// URL with nothing to fetch.
#include <string>
#include <string_view>

namespace crashbench {

/// `bytes` as a zlib stream (RFC 1950, what DecompressionStream("deflate") reads). zlib's default level:
/// on plotly.js, level 9 saves 1 % of the size for three times the time (0.75 s).
std::string zlib_deflate(std::string_view bytes);

/// Standard base64 (RFC 4648, with padding), what the browser's atob() reads.
std::string base64(std::string_view bytes);

/// The page's <head> scripts for `library`: the packed text in a non-running <script type=text/plain
/// id=plotting-library> and a loader that sets window.crashbenchPlotting, a promise that resolves once
/// the library has run (and rejects, naming why, in a browser without DecompressionStream).
std::string plotting_library_scripts(std::string_view library);

}  // namespace crashbench
