#include "reports/plot_library.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdint>

#include "core/error.hpp"

namespace crashbench {

std::string zlib_deflate(std::string_view bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::string out(size, '\0');
  const int status = compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(bytes.data()),
                               static_cast<uLong>(bytes.size()), Z_DEFAULT_COMPRESSION);
  if (status != Z_OK) throw Error("plotting library", "", "zlib could not compress it (status " + std::to_string(status) + ")");
  out.resize(size);
  return out;
}

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 3; ++k)
      group = (group << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(group >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

std::string plotting_library_scripts(std::string_view library) {
  // Base64 has no '<', so the packed text cannot close its element.
  return "<script type=text/plain id=plotting-library>" + base64(zlib_deflate(library)) + "</script>\n" + R"JS(<script>
window.crashbenchPlotting = (function () {
  if (typeof DecompressionStream === 'undefined')
    return Promise.reject(new Error('this browser has no DecompressionStream to unpack the plotting library; '
                                    + 'open the report in a current Chromium, Firefox or Safari'));
  var packed = atob(document.getElementById('plotting-library').textContent);
  var bytes = new Uint8Array(packed.length);
  for (var i = 0; i < packed.length; ++i) bytes[i] = packed.charCodeAt(i);
  var text = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Response(text).text().then(function (code) {
    var script = document.createElement('script');
    script.textContent = code;
    document.head.appendChild(script);  // an inline script runs as it is inserted
  });
})();
</script>
)JS";
}

}  // namespace crashbench
