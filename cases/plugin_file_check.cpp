#include "cases/plugin_file_check.hpp"

#include <elf.h>
#include <fmt/format.h>
#include <link.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <vector>

#include "core/error.hpp"

namespace crashbench {
namespace {

// This process's own kind of ELF file: a plugin of another kind cannot be loaded into it.
#if defined(__x86_64__)
constexpr int kMachine = EM_X86_64;
#elif defined(__aarch64__)
constexpr int kMachine = EM_AARCH64;
#else
constexpr int kMachine = -1;  // not checked: dlopen says so itself
#endif
constexpr unsigned char kClass = sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32;
constexpr unsigned char kByteOrder = std::endian::native == std::endian::little ? ELFDATA2LSB : ELFDATA2MSB;

/// Whether the `count` records of `size` bytes from `offset` lie inside a file of `file_size` bytes
/// (without overflowing on announced values near 2^64).
bool inside(std::uint64_t offset, std::uint64_t count, std::uint64_t size, std::uint64_t file_size) {
  if (offset > file_size) return false;
  return size == 0 || count <= (file_size - offset) / size;
}

}  // namespace

void check_plugin_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw Error(path, "", "cannot open the plugin file");
  const auto file_size = static_cast<std::uint64_t>(in.tellg());
  const auto fail = [&](const std::string& what) {
    throw Error(path, "", "not a loadable plugin (a shared library of this machine): " + what);
  };
  ElfW(Ehdr) header{};
  if (file_size < sizeof header)
    fail(fmt::format("{} bytes, shorter than an ELF header ({} bytes)", file_size, sizeof header));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(&header), sizeof header);
  if (!in || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) fail("it does not start like an ELF file");
  if (header.e_ident[EI_CLASS] != kClass || header.e_ident[EI_DATA] != kByteOrder)
    fail("an ELF file of another word size or byte order");
  if (header.e_type != ET_DYN) fail("an ELF file but not a shared object (built without -shared?)");
  if (kMachine >= 0 && header.e_machine != kMachine) fail(fmt::format("built for ELF machine {}", header.e_machine));
  if (header.e_phentsize != sizeof(ElfW(Phdr)) || header.e_phnum == 0 ||
      !inside(header.e_phoff, header.e_phnum, sizeof(ElfW(Phdr)), file_size))
    fail(fmt::format("its program headers lie past the end of the {}-byte file (truncated?)", file_size));
  if (header.e_shnum > 0 && !inside(header.e_shoff, header.e_shnum, header.e_shentsize, file_size))
    fail(fmt::format("its section headers lie past the end of the {}-byte file (truncated?)", file_size));
  std::vector<ElfW(Phdr)> segments(header.e_phnum);
  in.seekg(static_cast<std::streamoff>(header.e_phoff));
  in.read(reinterpret_cast<char*>(segments.data()), static_cast<std::streamsize>(segments.size() * sizeof(ElfW(Phdr))));
  if (!in) fail("its program headers cannot be read");
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const ElfW(Phdr)& s = segments[i];
    if (s.p_type != PT_LOAD && s.p_type != PT_DYNAMIC) continue;
    if (!inside(s.p_offset, 1, s.p_filesz, file_size))
      fail(fmt::format("segment {} ends at byte {}, past the end of the {}-byte file (truncated?)", i,
                       s.p_offset + s.p_filesz, file_size));
  }
}

}  // namespace crashbench
