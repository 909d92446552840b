# Merges every response model's schema fragment (models/response/<name>.schema.json) into the case schema
# as properties.response.oneOf, writing ${PROJECT_BINARY_DIR}/case.schema.json; a new or edited fragment
# re-runs this at the next build, so adding a model needs no edit to cases/case.schema.json.
file(GLOB crashbench_response_fragments CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/models/response/*.schema.json)
list(SORT crashbench_response_fragments)
file(READ ${PROJECT_SOURCE_DIR}/cases/case.schema.json crashbench_case_schema)
set(index 0)
foreach(fragment_file ${crashbench_response_fragments})
  file(READ ${fragment_file} fragment)
  string(JSON crashbench_case_schema SET "${crashbench_case_schema}" properties response oneOf ${index} "${fragment}")
  math(EXPR index "${index} + 1")
endforeach()
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/case.schema.json CONTENT "${crashbench_case_schema}\n" @ONLY)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/cases/case.schema.json ${crashbench_response_fragments})
