#pragma once
// What a plugin file must be before dlopen maps it: a whole ELF shared object for this machine. The
// loader maps the file's loadable segments as they are announced; a segment that reaches past the end
// of a truncated file is mapped anyway, and touching it kills the process with SIGBUS, taking the other
// cases' results with it. Checking the headers against the file's size first turns that into an error.
#include <string>

namespace crashbench {

/// Throws Error naming `path` when the file is not a whole ELF shared object this process could load:
/// shorter than its ELF header, not ELF, another class, byte order or machine, not a shared object, or
/// program headers, section headers or a loadable segment reaching past the end of the file.
void check_plugin_file(const std::string& path);

}  // namespace crashbench
