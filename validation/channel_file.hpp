#pragma once
// One NHTSA channel file (the EV5 "ASCII X-Y" export): two columns a line, time [s] and the value in the
// header's YUNITS, tab- or blank-separated, checked against what the header announces for it.
#include <string>
#include <vector>

#include "validation/ev5_header.hpp"

namespace crashbench {

/// A sampled signal. For an accelerometer, `value` is in g (9.80665 m/s^2) along the sensor's axis.
struct ChannelData {
  std::vector<double> time;   ///< [s], time zero at first contact
  std::vector<double> value;  ///< in the header's YUNITS
};

/// Parses a channel file. Throws Error naming `file`, the line and what was expected: two numbers a
/// line, time increasing; and, against `header`, NLP - NFP + 1 samples, the first at NFP * DELT and each
/// DELT after the last (within half a microsecond: the files print six decimals).
ChannelData parse_channel(const std::string& text, const std::string& file, const Ev5Channel& header);

/// Reads and parses the channel file at `path`.
ChannelData read_channel_file(const std::string& path, const Ev5Channel& header);

}  // namespace crashbench
