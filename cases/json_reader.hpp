#pragma once
// JsonReader moved to core/ so that every part (response models, dynamics) parses its own JSON object;
// this header keeps the old include path working, with the file parser beside it.
#include "cases/json_parse.hpp"
#include "core/json_reader.hpp"
