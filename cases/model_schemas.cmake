# Merges every part's schema fragment (<folder>/<name>.schema.json: models/response, models/dynamics,
# detectors) into the case schema, appended to properties.<key>.oneOf (response, dynamics, detector), writing
# ${PROJECT_BINARY_DIR}/case.schema.json; a new or edited fragment re-runs this at the next build, so adding
# a part needs no edit to cases/case.schema.json. Last in each oneOf comes a plugin's part: any name but
# the built-ins', with any options (its own factory checks them when the case runs), so a case using a
# plugin validates while a built-in part's object must still match its own fragment.
file(READ ${PROJECT_SOURCE_DIR}/cases/case.schema.json crashbench_case_schema)
set(crashbench_model_fragments "")
foreach(folder_key_field models/response:response:model models/dynamics:dynamics:model detectors:detector:name)
  string(REPLACE ":" ";" folder_key_field ${folder_key_field})
  list(GET folder_key_field 0 folder)
  list(GET folder_key_field 1 key)
  list(GET folder_key_field 2 name_field)
  file(GLOB fragments CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.schema.json)
  list(SORT fragments)
  # After what the case schema already lists there (dynamics: a bare name).
  string(JSON index LENGTH "${crashbench_case_schema}" properties ${key} oneOf)
  set(builtin_names "[]")
  foreach(fragment_file ${fragments})
    file(READ ${fragment_file} fragment)
    string(JSON crashbench_case_schema SET "${crashbench_case_schema}" properties ${key} oneOf ${index} "${fragment}")
    math(EXPR index "${index} + 1")
    string(JSON name GET "${fragment}" properties ${name_field} const)
    string(JSON count LENGTH "${builtin_names}")
    string(JSON builtin_names SET "${builtin_names}" ${count} "\"${name}\"")
  endforeach()
  set(plugin_part "{\"description\": \"a plugin's part (crashbench --plugin, or the case's plugins): its factory checks its options\", \"type\": \"object\", \"required\": [\"${name_field}\"], \"properties\": {\"${name_field}\": {\"type\": \"string\", \"not\": {\"enum\": ${builtin_names}}}}}")
  string(JSON crashbench_case_schema SET "${crashbench_case_schema}" properties ${key} oneOf ${index} "${plugin_part}")
  list(APPEND crashbench_model_fragments ${fragments})
endforeach()
# The keys a dynamics model reads from a vehicle's params (models/dynamics/*.vehicle.json, beside the reader
# of each group of them) join the shared ones in $defs.vehicle_params.
file(GLOB vehicle_fragments CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/dynamics/*.vehicle.json)
list(SORT vehicle_fragments)
foreach(fragment_file ${vehicle_fragments})
  file(READ ${fragment_file} fragment)
  string(JSON count LENGTH "${fragment}" properties)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON key MEMBER "${fragment}" properties ${i})
    string(JSON value GET "${fragment}" properties ${key})
    string(JSON crashbench_case_schema SET "${crashbench_case_schema}" $defs vehicle_params properties ${key} "${value}")
  endforeach()
endforeach()
list(APPEND crashbench_model_fragments ${vehicle_fragments})
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/case.schema.json CONTENT "${crashbench_case_schema}\n" @ONLY)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/cases/case.schema.json ${crashbench_model_fragments})
