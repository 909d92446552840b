#pragma once
// Pipe-separated records in named sections ("----- TEST -----" then one record a line), as NHTSA's EV5
// headers are written; each field read with its line and name in any error.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace crashbench {

/// One record: its fields (views into the text) and where it is.
struct Record {
  const std::string* file = nullptr;   ///< the file, for errors
  int line = 0;                        ///< 1-based line number
  std::string_view section;            ///< "TEST", "VEHICLE", ...
  std::vector<std::string_view> fields;

  /// Throws Error ("file", "line N, SECTION field", expected) .
  [[noreturn]] void fail(std::string_view field, const std::string& expected) const;
  /// Throws unless the record has at least `count` fields.
  void require_fields(int count) const;
  /// Field `index` as text, trimmed.
  std::string text(int index, std::string_view name) const;
  /// Field `index` as a finite number within [lo, hi].
  double number(int index, std::string_view name, double lo, double hi) const;
  /// Field `index` as an integer within [lo, hi].
  int integer(int index, std::string_view name, int lo, int hi) const;
};

/// Calls `visit` for every record of `text` with its section's name. Lines starting with '#' and blank
/// lines are skipped; a record before any section header is an error.
void for_each_record(const std::string& text, const std::string& file,
                     const std::function<void(const Record&, std::string_view section)>& visit);

/// `text` as a finite double (the whole of it, surrounding blanks allowed); false when it is not one.
bool parse_double(std::string_view text, double& out);

}  // namespace crashbench
