# Merges every model's schema fragment (models/<kind>/<name>.schema.json) into the case schema, appended
# to properties.<kind>.oneOf for kind response and dynamics, writing ${PROJECT_BINARY_DIR}/case.schema.json;
# a new or edited fragment re-runs this at the next build, so adding a model needs no edit to cases/case.schema.json.
file(READ ${PROJECT_SOURCE_DIR}/cases/case.schema.json crashbench_case_schema)
set(crashbench_model_fragments "")
foreach(kind response dynamics)
  file(GLOB fragments CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/${kind}/*.schema.json)
  list(SORT fragments)
  # After what the case schema already lists there (dynamics: a bare name).
  string(JSON index LENGTH "${crashbench_case_schema}" properties ${kind} oneOf)
  foreach(fragment_file ${fragments})
    file(READ ${fragment_file} fragment)
    string(JSON crashbench_case_schema SET "${crashbench_case_schema}" properties ${kind} oneOf ${index} "${fragment}")
    math(EXPR index "${index} + 1")
  endforeach()
  list(APPEND crashbench_model_fragments ${fragments})
endforeach()
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/case.schema.json CONTENT "${crashbench_case_schema}\n" @ONLY)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/cases/case.schema.json ${crashbench_model_fragments})
