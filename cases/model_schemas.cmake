# Merges every part's schema fragment (<folder>/<name>.schema.json: models/response, models/dynamics,
# detectors) into the case schema, appended to properties.<key>.oneOf (response, dynamics, detector), writing
# ${PROJECT_BINARY_DIR}/case.schema.json; a new or edited fragment re-runs this at the next build, so adding
# a part needs no edit to cases/case.schema.json.
file(READ ${PROJECT_SOURCE_DIR}/cases/case.schema.json crashbench_case_schema)
set(crashbench_model_fragments "")
foreach(folder_key models/response:response models/dynamics:dynamics detectors:detector)
  string(REPLACE ":" ";" folder_key ${folder_key})
  list(GET folder_key 0 folder)
  list(GET folder_key 1 key)
  file(GLOB fragments CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.schema.json)
  list(SORT fragments)
  # After what the case schema already lists there (dynamics: a bare name).
  string(JSON index LENGTH "${crashbench_case_schema}" properties ${key} oneOf)
  foreach(fragment_file ${fragments})
    file(READ ${fragment_file} fragment)
    string(JSON crashbench_case_schema SET "${crashbench_case_schema}" properties ${key} oneOf ${index} "${fragment}")
    math(EXPR index "${index} + 1")
  endforeach()
  list(APPEND crashbench_model_fragments ${fragments})
endforeach()
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/case.schema.json CONTENT "${crashbench_case_schema}\n" @ONLY)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/cases/case.schema.json ${crashbench_model_fragments})
