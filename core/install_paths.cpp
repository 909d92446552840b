#include "core/install_paths.hpp"

namespace crashbench {

std::filesystem::path installed_data_dir() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec || exe.parent_path().filename() != "bin") return {};
  const std::filesystem::path data = exe.parent_path().parent_path() / "share" / "crashbench";
  return std::filesystem::is_directory(data, ec) ? data : std::filesystem::path{};
}

}  // namespace crashbench
